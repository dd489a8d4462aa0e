package io.inboxra.tck;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checks a dead letter's key ({@link Dialect#deadLettersByKey}): kept by the dead-letter move,
 * found by it, and put back by a requeue.
 */
abstract class DeadLetterKeyConformance extends AdvisoryTryLockConformance {

    /**
     * Where the dead-letter table keeps the key ({@code DeadLetterColumns.key}): the dead-letter
     * move takes it along, {@link Dialect#deadLettersByKey} finds the dead letter by it (its key
     * last, of the queue only), and a requeue puts it back, except where a newer row holds the key.
     */
    @Test
    void aDeadLetterKeepsItsKeyIsFoundByItAndARequeuePutsItBack() throws Exception {
        ColumnTypes types = target.columns();
        String dead = table + "_dead";
        execute("CREATE TABLE " + dead + " (id BIGINT PRIMARY KEY, queue " + types.text() + ", payload " + types.text()
                + ", attempts INT, reason " + types.text() + ", dead_at " + types.timestamp() + ", message_key VARCHAR(200))");
        try {
            long first = insert("first", "q", "k1", null);
            long second = insert("second", "q", "k2", null);
            TableSpec spec = spec(TableSpec.builder(table).queueColumn("queue").attemptColumn("attempts")
                    .keyColumn("message_key").deadLetterTable(dead));
            assertTrue(spec.deadLetterColumns().key().isPresent(), "the check finds the dead letters' key column");
            Connection c = transaction();
            for (long id : new long[] {first, second}) {
                for (Statement step : dialect.deadLetter(spec)) {
                    try (PreparedStatement ps = c.prepareStatement(step.sql())) {
                        int index = 1;
                        for (Param param : step.params()) {
                            switch (param) {
                                case ATTEMPT -> ps.setInt(index, 1);
                                case REASON -> ps.setString(index, "cancelled");
                                case ID -> ps.setLong(index, id);
                                default -> throw new AssertionError("the kit binds no " + param + ": " + step.sql());
                            }
                            index++;
                        }
                        ps.executeUpdate();
                    }
                }
            }
            c.commit();
            Statement byKey = dialect.deadLettersByKey(spec).orElseThrow(
                    () -> new AssertionError("no deadLettersByKey for a dead-letter table that keeps the key"));
            Object[] letter = read(c, byKey, null, "k1");
            assertNotNull(letter, "the dead letter of k1: " + byKey.sql());
            assertEquals(List.of(first, "first", "cancelled", "k1"), List.of(((Number) letter[0]).longValue(), letter[1],
                    letter[3], letter[5]), "id, payload, attempts, reason, dead-at, key");
            c.commit();
            insert("k1 again", "q", "k1", null);
            for (Statement step : dialect.requeue(spec, false)) {
                try (PreparedStatement ps = bound(c, step, null, null)) {
                    ps.executeUpdate();
                }
            }
            c.commit();
            try (PreparedStatement ps = c.prepareStatement("SELECT message_key FROM " + table + " WHERE id = ?")) {
                ps.setLong(1, second);
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next(), "k2's dead letter is back");
                    assertEquals("k2", rs.getString(1), "with its key");
                }
            }
            assertNotNull(read(c, byKey, null, "k1"), "k1's dead letter stays: a newer row holds the key");
            assertNull(read(c, byKey, null, "k2"), "k2's is no dead letter any more");
            c.commit();
        } finally {
            execute("DROP TABLE " + dead);
        }
    }
}
