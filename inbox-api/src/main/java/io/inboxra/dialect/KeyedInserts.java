package io.inboxra.dialect;

import java.sql.SQLException;

/**
 * The insert of a message that the table receives once by its key ({@code SendOptions.key}): the
 * producer's statement, and how a failed one tells a key already there from any other error.
 */
public interface KeyedInserts {


    /**
     * The insert of one row that inserts nothing where the table already holds a row with the
     * same key ({@code SendOptions.key}: receiving each message once). It binds the values of
     * {@link KeyedInsert#columns()} in order, by position. Its {@code executeUpdate} returns 1 when
     * it inserted the row and 0 when the key was there, and then it must leave the caller's
     * transaction going, and must not hide any other error (a {@code NOT NULL}, another unique
     * index, a wrong type), as MySQL's {@code INSERT IGNORE} would. A database that raises an error
     * instead when the key is there (or when a concurrent insert of the key commits first) says so
     * by {@link #isKeyPresent}; the error must then have ended only the statement.
     *
     * <p>The default is the standard {@code MERGE}, right for H2 (whose unique violation under a
     * concurrent insert ends only the statement). On PostgreSQL it is not: a {@code MERGE} that
     * meets a concurrent insert of the key raises a unique violation that dooms the transaction,
     * so a PostgreSQL dialect of the application's own overrides it with {@code ON CONFLICT}. The
     * conformance kit ({@code CapabilityConformance}) checks both cases, one after the other and
     * two transactions at once.
     *
     * <pre>{@code
     * -- the default, standard SQL (H2); PostgreSQL and SQLite: INSERT ... ON CONFLICT (message_key) DO NOTHING
     * MERGE INTO payments_in t USING (VALUES (?, ?)) s (payload, message_key) ON t.message_key = s.message_key
     *     WHEN NOT MATCHED THEN INSERT (payload, message_key) VALUES (s.payload, s.message_key)
     * }</pre>
     *
     * @param insert the table, its columns and its key column
     * @return the statement's SQL
     * @throws StatementException {@link StatementException.Kind#UNSUPPORTED} where the dialect has none
     */
    default String insertIfAbsent(KeyedInsert insert) throws StatementException {
        StringBuilder source = new StringBuilder();
        StringBuilder values = new StringBuilder();
        for (String column : insert.columns()) {
            source.append(source.length() == 0 ? "" : ", ").append(column);
            values.append(values.length() == 0 ? "" : ", ").append("s.").append(column);
        }
        return "MERGE INTO " + insert.table() + " t USING (VALUES (" + insert.placeholders() + ")) s (" + source
                + ") ON t." + insert.keyColumn() + " = s." + insert.keyColumn() + " WHEN NOT MATCHED THEN INSERT ("
                + insert.columnList() + ") VALUES (" + values + ")";
    }

    /**
     * Whether a failed {@link #insertIfAbsent} failed only because the table already holds a row
     * with the key: where the database raises a unique violation instead of inserting nothing (a
     * concurrent insert of the key that committed while this one waited, or a dialect whose insert
     * is a plain {@code INSERT}). The failure must have ended only the statement, not the
     * transaction (PostgreSQL's would end the transaction: its dialect never raises one).
     *
     * <pre>{@code
     * // MySQL and MariaDB: "Duplicate entry 'msg-42' for key 'message_key'"
     * return failure.getErrorCode() == 1062 && failure.getMessage().contains("'" + key);
     * }</pre>
     *
     * @param failure what the insert raised
     * @param key the key it inserted
     * @return {@code false} by default: every failure is a failure
     */
    default boolean isKeyPresent(SQLException failure, String key) {
        return false;
    }
}
