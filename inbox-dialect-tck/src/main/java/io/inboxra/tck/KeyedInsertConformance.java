package io.inboxra.tck;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.KeyedInsert;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checks the insert of a key only where it is absent ({@link Dialect#insertIfAbsent},
 * {@link Dialect#isKeyPresent}): a duplicate inserts nothing, says so, and its transaction goes on.
 */
abstract class KeyedInsertConformance extends BatchSettlementConformance {

    /**
     * A send with a key the table holds ({@link Dialect#insertIfAbsent}) inserts nothing and says
     * so (0 rows, or a failure {@link Dialect#isKeyPresent} knows), and the transaction goes on: a
     * later insert in it commits. Another failure (a {@code NOT NULL}) is not taken for the key.
     */
    @Test
    void aKeyTheTableHoldsInsertsNothingSaysSoAndTheTransactionGoesOn() throws Exception {
        String keyed = keyedTable();
        Connection c = transaction();
        assertEquals(Boolean.TRUE, insertKeyed(c, keyed, "first", "k1"), "the first send of k1 inserts");
        assertEquals(Boolean.FALSE, insertKeyed(c, keyed, "again", "k1"), "a second send of k1 in the same transaction");
        assertEquals(Boolean.TRUE, insertKeyed(c, keyed, "after", "k2"), "an insert after the duplicate, same transaction");
        c.commit();
        Connection later = transaction();
        assertEquals(Boolean.FALSE, insertKeyed(later, keyed, "later", "k1"), "k1 sent again after its commit");
        later.commit();
        assertEquals(1, number(later, "SELECT count(*) FROM " + keyed + " WHERE message_key = 'k1' AND payload = 'first'"));
        assertEquals(2, number(later, "SELECT count(*) FROM " + keyed), "one row per key");
        Connection alone = connection();
        SQLException notNull = assertThrows(SQLException.class, () -> insertKeyed(alone, keyed, null, "k3"),
                "a NULL payload is refused, not ignored");
        assertFalse(dialect.isKeyPresent(notNull, "k3"), "a NOT NULL failure taken for the key: " + notNull);
    }

    /**
     * Two transactions insert one key: the second waits for the first, and once the first has
     * committed it is a duplicate (0 rows, or a failure {@link Dialect#isKeyPresent} knows) whose
     * transaction goes on and commits; one row.
     */
    @Test
    void aKeyAnotherTransactionInsertsIsADuplicateOnceThatCommits() throws Exception {
        String keyed = keyedTable();
        Connection first = transaction();
        assertEquals(Boolean.TRUE, insertKeyed(first, keyed, "first", "k"));
        Connection second = transaction();
        Future<Boolean> duplicate = background.submit(() -> insertKeyed(second, keyed, "second", "k"));
        Thread.sleep(WAITS_MILLIS);
        assertFalse(duplicate.isDone(), "the second insert of the key did not wait for the first transaction: "
                + (duplicate.isDone() ? outcome(duplicate) : ""));
        first.commit();
        assertEquals(Boolean.FALSE, duplicate.get(BOUND.toMillis(), TimeUnit.MILLISECONDS),
                "the second insert, once the first committed");
        assertEquals(Boolean.TRUE, insertKeyed(second, keyed, "other", "k2"), "the second transaction goes on");
        second.commit();
        assertEquals(1, number(first, "SELECT count(*) FROM " + keyed + " WHERE message_key = 'k'"));
        assertEquals(1, number(first, "SELECT count(*) FROM " + keyed + " WHERE message_key = 'k2'"));
    }

    /** A table of the kit with a key column under a unique index. */
    private String keyedTable() throws SQLException {
        ColumnTypes c = target.columns();
        String keyed = inbox.name() + "_keyed";
        createCaseTable(keyed, "id " + c.generatedKey() + ", payload " + c.text() + " NOT NULL, message_key VARCHAR(200)");
        execute("CREATE UNIQUE INDEX " + keyed + "_key ON " + keyed + " (message_key)");
        return keyed;
    }

    /** @return whether the dialect's insert-if-absent inserted the row; a failure other than the key's is thrown */
    private Boolean insertKeyed(Connection c, String table, String payload, String key) throws Exception {
        String sql = dialect.insertIfAbsent(new KeyedInsert(table, List.of("payload", "message_key"), "message_key"));
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, payload);
            ps.setString(2, key);
            int rows = ps.executeUpdate();
            assertTrue(rows == 0 || rows == 1, "the insert-if-absent changed " + rows + " rows: " + sql);
            return rows == 1;
        } catch (SQLException e) {
            if (dialect.isKeyPresent(e, key)) {
                return false;
            }
            throw e;
        }
    }
}
