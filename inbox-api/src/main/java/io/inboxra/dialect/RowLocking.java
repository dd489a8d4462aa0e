package io.inboxra.dialect;

/**
 * How a database locks the rows a row lock claim selects and skips the rows another claim
 * holds: a table hint after the claim's table, or a locking clause at the claim's end.
 *
 * <pre>{@code
 * // SQL Server: FROM [jobs] h WITH (UPDLOCK, READPAST, ROWLOCK)
 * protected RowLocking rowLocking(TableSpec spec) {
 *     return RowLocking.tableHints(" WITH (UPDLOCK, READPAST, ROWLOCK)");
 * }
 * }</pre>
 *
 * @param tableHints written after the claim's table and its alias {@code h}, with a leading space, or empty
 * @param clause written at the claim's end, with a leading space, or empty
 */
public record RowLocking(String tableHints, String clause) {

    /** {@code ... FOR UPDATE SKIP LOCKED}: PostgreSQL, MySQL, MariaDB, H2, Oracle. */
    public static final RowLocking SKIP_LOCKED = new RowLocking("", " FOR UPDATE SKIP LOCKED");

    /**
     * {@code ... FOR UPDATE OF h SKIP LOCKED}: the claim's table only, never a subquery's (a FIFO
     * group's head check reads the table again); PostgreSQL, H2.
     */
    public static final RowLocking SKIP_LOCKED_OF_CLAIMED = new RowLocking("", " FOR UPDATE OF h SKIP LOCKED");

    /**
     * @param hints the table hint, with a leading space
     * @return locking by a table hint alone
     */
    public static RowLocking tableHints(String hints) {
        return new RowLocking(hints, "");
    }
}
