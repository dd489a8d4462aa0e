package io.inboxra.dialect;

/**
 * How a database limits a query's rows, binding {@link Param#LIMIT}: after the order
 * ({@code LIMIT ?}) or before the columns ({@code TOP (?)}).
 *
 * <pre>{@code
 * // SQL Server: SELECT TOP (?) ... ORDER BY ...
 * protected RowLimit rowLimit() {
 *     return RowLimit.TOP;
 * }
 * }</pre>
 *
 * @param beforeColumns written right after {@code SELECT}, with a trailing space, or empty
 * @param afterOrder written after the {@code ORDER BY}, with a leading space, or empty
 */
public record RowLimit(String beforeColumns, String afterOrder) {

    /** {@code ... ORDER BY ... LIMIT ?}: PostgreSQL, MySQL, MariaDB, H2, SQLite. */
    public static final RowLimit LIMIT = new RowLimit("", " LIMIT ?");
    /** {@code ... ORDER BY ... FETCH FIRST ? ROWS ONLY}: standard SQL (Oracle 12c, DB2, H2). */
    public static final RowLimit FETCH_FIRST = new RowLimit("", " FETCH FIRST ? ROWS ONLY");
    /** {@code SELECT TOP (?) ...}: SQL Server. */
    public static final RowLimit TOP = new RowLimit("TOP (?) ", "");

    /**
     * Checks that the limit has one {@code ?}, in one of its two places.
     *
     * @param beforeColumns written right after {@code SELECT}, or empty
     * @param afterOrder written after the {@code ORDER BY}, or empty
     */
    public RowLimit {
        long placeholders = (beforeColumns + afterOrder).chars().filter(c -> c == '?').count();
        if (placeholders != 1) {
            throw new IllegalArgumentException("a row limit binds the limit once, with one '?': '"
                    + beforeColumns + "' ... '" + afterOrder + "'");
        }
    }

    /** @return whether the limit is bound before the query's other parameters */
    public boolean bindsFirst() {
        return beforeColumns.contains("?");
    }

    /**
     * @param rows a fixed number of rows
     * @return the clause before the columns, with the number in place of the {@code ?}
     */
    public String beforeColumns(int rows) {
        return beforeColumns.replace("?", Integer.toString(rows));
    }

    /**
     * @param rows a fixed number of rows
     * @return the clause after the order, with the number in place of the {@code ?}
     */
    public String afterOrder(int rows) {
        return afterOrder.replace("?", Integer.toString(rows));
    }
}
