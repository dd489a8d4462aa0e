package io.inboxra.ra;

import com.arjuna.ats.arjuna.coordinator.TxControl;
import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Narayana;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.harness.XaConnectionManager;
import io.inboxra.producer.InboxProducerFactory;
import io.inboxra.ra.outbound.ProducerConnectionFactory;
import jakarta.transaction.Transaction;
import jakarta.transaction.TransactionManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The claim's connection lent to the listener ({@code InboxProducerFactory.connection()} in a row
 * lock delivery, one row or a batch) works only while the delivery's branch is active, and only
 * for code in the delivery's own transaction (issue 22, point 3): a write after a timeout rolled
 * the delivery back fails rather than commit alone, a handle kept past its delivery fails, nothing
 * unwraps to the driver's connection, and a {@code REQUIRES_NEW} or {@code NOT_SUPPORTED} method
 * gets the factory's ordinary connection.
 */
class LentConnectionTest {

    private static final Duration LONG = Duration.ofSeconds(60);
    private final TestTables tables = new TestTables();

    @AfterEach
    void cleanUp() throws SQLException {
        TxControl.setDefaultTimeout(60);
        tables.dropAll();
    }

    static Stream<Arguments> databasesAndBatchSizes() {
        return Stream.of(TestDatabase.POSTGRES, TestDatabase.MARIADB)
                .flatMap(db -> Stream.of(1, 3).map(batch -> Arguments.of(db, batch)));
    }

    static InboxProducerFactory producers(Harness server, TestDatabase db) throws Exception {
        Map<String, String> p = db.properties("producer", "unused", Form.ROW_LOCK);
        ProducerConnectionFactory factory = new ProducerConnectionFactory();
        factory.setResourceAdapter(server.adapter());
        factory.setUrl(p.get("url"));
        factory.setUser(p.get("user"));
        factory.setPassword(p.get("password"));
        return (InboxProducerFactory) factory.createConnectionFactory(new XaConnectionManager());
    }

    private static Map<String, String> properties(TestDatabase db, String name, String table, int batchSize) {
        Map<String, String> p = db.properties(name, table, Form.ROW_LOCK);
        p.put("batchSize", String.valueOf(batchSize));
        return p;
    }

    private static void write(Connection c, String effects, Object id) throws SQLException {
        try (PreparedStatement write = c.prepareStatement("INSERT INTO " + effects + " (row_id) VALUES (?)")) {
            write.setLong(1, Long.parseLong(String.valueOf(id)));
            write.executeUpdate();
        }
    }

    /**
     * The case: the MDB takes the connection, sleeps past a 1 s timeout (the reaper rolls
     * the delivery back from its own thread), then writes. The write fails; the row comes back and
     * its second delivery writes the one effect.
     */
    @ParameterizedTest
    @MethodSource("databasesAndBatchSizes")
    void aWriteAfterTheDeliveryTimedOutFailsAndTheEffectIsWrittenOnce(TestDatabase db, int batchSize) throws Exception {
        String table = tables.inbox(db);
        String effects = tables.effects(db);
        db.insertRows(table, 1);
        Set<Object> slowOnce = ConcurrentHashMap.newKeySet();
        List<String> failures = new CopyOnWriteArrayList<>();
        TxControl.setDefaultTimeout(1);
        try (Harness server = Harness.start()) {
            InboxProducerFactory producers = producers(server, db);
            Harness.Activation mdb = server.activate(message -> {
                try (Connection c = producers.connection()) {
                    if (slowOnce.add(message.id())) {
                        Await.sleep(2500); // past the timeout: the reaper rolls back while the handler runs
                    }
                    write(c, effects, message.id());
                } catch (SQLException e) {
                    failures.add(e.getMessage());
                    throw new IllegalStateException(e);
                }
                return Outcome.ack();
            }, properties(db, "lent-timeout", table, batchSize));
            Await.until("the row is settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
            assertEquals(1, db.count("SELECT count(*) FROM " + effects), "the effect once: the timed-out write failed");
            assertEquals(2, mdb.log().invoked().size(), "delivered twice: timed out, then settled");
        }
        assertEquals(1, failures.size(), failures.toString());
        assertTrue(failures.get(0).contains("claim's connection"), failures.get(0));
    }

    /**
     * A handle, and a statement of it, kept past the delivery fail when used later; within the
     * delivery, unwrap gives the handle itself (whose commit is refused), never the driver's connection.
     */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void aHandleKeptPastItsDeliveryFailsAndNothingUnwrapsToTheDriversConnection(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        String effects = tables.effects(db);
        db.insertRows(table, 1);
        AtomicReference<Connection> kept = new AtomicReference<>();
        AtomicReference<PreparedStatement> keptStatement = new AtomicReference<>();
        List<String> inDelivery = new CopyOnWriteArrayList<>();
        Class<?> driver = db == TestDatabase.POSTGRES ? org.postgresql.PGConnection.class : org.mariadb.jdbc.Connection.class;
        try (Harness server = Harness.start()) {
            InboxProducerFactory producers = producers(server, db);
            server.activate(message -> {
                try {
                    Connection c = producers.connection();
                    write(c, effects, message.id());
                    kept.set(c);
                    keptStatement.set(c.prepareStatement("INSERT INTO " + effects + " (row_id) VALUES (-1)"));
                    assertSame(c, c.unwrap(Connection.class));
                    try (Statement s = c.createStatement()) {
                        assertSame(c, s.getConnection(), "a statement's connection is the handle");
                    }
                    SQLException unwrapped = assertThrows(SQLException.class, () -> c.unwrap(driver));
                    inDelivery.add(unwrapped.getMessage());
                    SQLException commit = assertThrows(SQLException.class, () -> c.unwrap(Connection.class).commit());
                    inDelivery.add(commit.getMessage());
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
                return Outcome.ack();
            }, db.properties("lent-kept", table, Form.ROW_LOCK));
            Await.until("the row is settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
            assertEquals(2, inDelivery.size(), "the checks in the delivery ran: " + inDelivery);
            SQLException later = assertThrows(SQLException.class, () -> kept.get().createStatement().executeUpdate(
                    "INSERT INTO " + effects + " (row_id) VALUES (-2)"));
            assertTrue(later.getMessage().contains("claim's connection"), later.getMessage());
            assertThrows(SQLException.class, () -> keptStatement.get().executeUpdate());
        }
        assertEquals(1, db.count("SELECT count(*) FROM " + effects), "only the delivery's own write");
    }

    /**
     * A bean method the listener calls with {@code REQUIRES_NEW} (the delivery's transaction
     * suspended, a new one begun) or {@code NOT_SUPPORTED} (suspended, none) gets the factory's
     * ordinary connection: its write commits with its own transaction, or by itself, even though
     * the delivery then rolls back; through the lent branch it would have rolled back with it.
     */
    @ParameterizedTest
    @MethodSource("databasesAndBatchSizes")
    void aRequiresNewOrNotSupportedMethodGetsNoLentBranch(TestDatabase db, int batchSize) throws Exception {
        String table = tables.inbox(db);
        String effects = tables.effects(db);
        db.insertRows(table, 1);
        Set<Object> failOnce = ConcurrentHashMap.newKeySet();
        TransactionManager tm = Narayana.transactionManager();
        try (Harness server = Harness.start()) {
            InboxProducerFactory producers = producers(server, db);
            server.activate(message -> {
                try {
                    Transaction delivery = tm.suspend();
                    tm.begin();
                    try (Connection c = producers.connection()) {
                        write(c, effects, 1);
                    }
                    tm.commit();
                    tm.resume(delivery);
                    delivery = tm.suspend();
                    try (Connection c = producers.connection()) {
                        write(c, effects, 2);
                    }
                    tm.resume(delivery);
                    try (Connection c = producers.connection()) {
                        write(c, effects, 3);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                if (failOnce.add(message.id())) {
                    throw new IllegalStateException("the delivery fails after the bean methods ran");
                }
                return Outcome.ack();
            }, properties(db, "lent-requires-new", table, batchSize));
            Await.until("the row is settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
        }
        assertEquals(2, db.count("SELECT count(*) FROM " + effects + " WHERE row_id = 1"),
                "REQUIRES_NEW: committed with its own transaction in both deliveries");
        assertEquals(2, db.count("SELECT count(*) FROM " + effects + " WHERE row_id = 2"),
                "NOT_SUPPORTED: committed by itself in both deliveries");
        assertEquals(1, db.count("SELECT count(*) FROM " + effects + " WHERE row_id = 3"),
                "the delivery's own write, through the lent branch: only the settled delivery's");
    }
}
