package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.appdialect.NotLockingPostgresDialect;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import jakarta.resource.ResourceException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The row lock check at activation (issue 25, point 3): a claim that does not lock (TiDB's
 * {@code SKIP LOCKED}, or a dialect without a lock clause) is refused by name before any row
 * moves; a claim that locks passes on the real databases and delivers every row once.
 */
class RowLockRefusalTest {

    private static final Duration LONG = Duration.ofSeconds(30);
    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    @Test
    void aClaimThatDoesNotLockIsRefusedAtActivationNamingTheDialectAndTheFix() throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = tables.inbox(db);
        db.insertRows(table, 3);
        List<Object> delivered = new CopyOnWriteArrayList<>();
        Map<String, String> p = db.properties("not-locking", table, Form.ROW_LOCK);
        p.put("dialect", NotLockingPostgresDialect.class.getName());
        try (Harness server = Harness.start()) {
            ResourceException refused = assertThrows(ResourceException.class, () -> server.activate(message -> {
                delivered.add(message.id());
                return Outcome.ack();
            }, p));
            String message = refused.getMessage();
            assertTrue(message.startsWith("Inbox subscription 'not-locking' cannot start: The row lock claim does not"
                    + " lock on this database (PostgreSQL "), message);
            assertTrue(message.contains("dialect 'not-locking-postgres', " + NotLockingPostgresDialect.class.getName()),
                    message);
            assertTrue(message.contains("fix the dialect's lockClaim") && message.contains("lockedUntilColumn"), message);
            Await.sleep(300);
        }
        assertEquals(List.of(), delivered, "refused before any row moved");
        assertEquals(3, db.count("SELECT count(*) FROM " + table), "every row still there");
    }

    /** TiDB, as its driver reports it, is refused by name at activation, whatever the dialect, before any row moves. */
    @Test
    void tidbIsRefusedAtActivationByName() throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = tables.inbox(db);
        db.insertRows(table, 2);
        Map<String, String> p = db.properties("on-tidb", table, Form.ROW_LOCK);
        p.put("dataSourceClass", io.inboxra.appdialect.TidbLookalikeDataSource.class.getName());
        p.put("dialect", "mysql");
        try (Harness server = Harness.start()) {
            ResourceException refused = assertThrows(ResourceException.class,
                    () -> server.activate(message -> Outcome.ack(), p));
            assertTrue(refused.getMessage().startsWith("Inbox subscription 'on-tidb' cannot start: The database at "),
                    refused.getMessage());
            assertTrue(refused.getMessage().contains(" is TiDB (MySQL 8.0.11-TiDB-v7.5.0), which the adapter refuses:"
                    + " TiDB accepts FOR UPDATE SKIP LOCKED but takes no lock"), refused.getMessage());
        }
        assertEquals(2, db.count("SELECT count(*) FROM " + table), "every row still there");
    }

    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void aClaimThatLocksPassesTheCheckAndDeliversEveryRowOnce(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 20);
        List<Object> delivered = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            server.activate(message -> {
                delivered.add(message.id());
                return Outcome.ack();
            }, db.properties("locking-" + db, table, Form.ROW_LOCK));
            Await.until("every row is delivered", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
        }
        assertEquals(20, delivered.size(), delivered.toString());
        assertEquals(20, delivered.stream().distinct().count(), "each once: " + delivered);
    }
}
