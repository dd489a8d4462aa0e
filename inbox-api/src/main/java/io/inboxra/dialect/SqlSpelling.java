package io.inboxra.dialect;

/**
 * How a database spells what every statement of a dialect needs: an identifier quoted, the current
 * time, the table's and the dead-letter table's names, and the test that two payloads are the same
 * message. {@link Dialect} implements it, in standard SQL by default; the interfaces of its
 * statements ({@link SettlementStatements}, {@link OperatorQueries}, {@link PendingRowQueries})
 * write their SQL with it.
 */
public interface SqlSpelling {

    /** @return the dialect's name, as in logs and error messages */
    String name();

    /**
     * @param identifier a table, schema or column name
     * @return the identifier, quoted for this database
     */
    String quote(String identifier);

    /** @return the database's current time, as SQL */
    String currentTimestamp();

    /**
     * @param spec the table
     * @return the table's quoted, possibly qualified name
     */
    String table(TableSpec spec);

    /**
     * A condition true where two payloads are the same message: how a move between the inbox and
     * its dead-letter table tells its own copy from a different message under the same id.
     *
     * @param left a payload column, qualified
     * @param right another, of the inbox's payload type
     * @return {@code left = right} by default
     */
    default String samePayload(String left, String right) {
        return left + " = " + right;
    }

    /**
     * @param spec the table; it has a dead-letter table or a dead-at column
     * @return the quoted, possibly qualified dead-letter table, or the inbox where dead letters are
     *         marked in its dead-at column
     */
    default String deadLetterTable(TableSpec spec) {
        if (spec.deadAtColumn().isPresent()) {
            return table(spec);
        }
        String t = spec.deadLetterTable().orElseThrow(() -> new IllegalStateException("no dead-letter table or dead-at column"));
        StringBuilder sql = new StringBuilder();
        for (String part : t.split("\\.")) {
            sql.append(sql.length() > 0 ? "." : "").append(quote(part));
        }
        return sql.toString();
    }
}
