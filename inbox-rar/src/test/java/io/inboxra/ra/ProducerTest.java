package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Narayana;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.harness.XaConnectionManager;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionView;
import io.inboxra.producer.InboxProducer;
import io.inboxra.producer.InboxProducerException;
import io.inboxra.producer.InboxProducerFactory;
import io.inboxra.producer.SendOptions;
import io.inboxra.ra.outbound.ProducerConnectionFactory;
import jakarta.transaction.TransactionManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The outbound connection factory (issue 13, part 3): a row sent through an {@link InboxProducer}
 * commits with the caller's transaction and rolls back with it, and once committed wakes the
 * table's subscriptions in this server without waiting for their poll.
 */
class ProducerTest {

    private static final Duration LONG = Duration.ofSeconds(30);
    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    private static InboxProducerFactory producers(Harness server, TestDatabase db, String queueColumn) throws Exception {
        Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, "producer", "unused");
        ProducerConnectionFactory factory = new ProducerConnectionFactory();
        factory.setResourceAdapter(server.adapter());
        factory.setUrl(p.get("url"));
        factory.setUser(p.get("user"));
        factory.setPassword(p.get("password"));
        factory.setQueueColumn(queueColumn);
        factory.setDueColumn("due_at");
        return (InboxProducerFactory) factory.createConnectionFactory(new XaConnectionManager());
    }

    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void aSentRowCommitsWithTheCallerAndRollsBackWithIt(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        try (Harness server = Harness.start()) {
            InboxProducerFactory producers = producers(server, db, "queue");
            TransactionManager tm = Narayana.transactionManager();

            tm.begin();
            String id;
            try (InboxProducer inbox = producers.open()) {
                id = inbox.send(table, "committed", SendOptions.now().queue("eu")).id();
            }
            assertEquals(0, db.count("SELECT count(*) FROM " + table), "not visible before the caller commits");
            tm.commit();
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE payload = 'committed' AND queue = 'eu'"
                    + " AND id = " + id), "committed with the caller, with the id send returned");

            tm.begin();
            try (InboxProducer inbox = producers.open()) {
                inbox.send(table, "rolled back");
            }
            tm.rollback();
            assertEquals(0, db.count("SELECT count(*) FROM " + table + " WHERE payload = 'rolled back'"),
                    "rolled back with the caller");

            Instant later = Instant.now().plusSeconds(3600);
            try (InboxProducer inbox = producers.open()) {
                inbox.send(table, "no transaction", SendOptions.now().due(later));
            }
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE payload = 'no transaction'"
                    + " AND due_at > " + db.secondsFromNow(3000)), "without a transaction, committed by itself, due later");
        }
    }

    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES"})
    void aMistakeIsRefusedNamingWhatToFix(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        try (Harness server = Harness.start(); InboxProducer inbox = producers(server, db, null).open()) {
            InboxProducerException noColumn = assertThrows(InboxProducerException.class,
                    () -> inbox.send(table, "x", SendOptions.now().queue("eu")));
            assertTrue(noColumn.getMessage().contains("'queueColumn'"), noColumn.getMessage());
            InboxProducerException badTable = assertThrows(InboxProducerException.class,
                    () -> inbox.send(table + "; DROP TABLE x", "x"));
            assertTrue(badTable.getMessage().contains("give the inbox table's name"), badTable.getMessage());
            InboxProducerException noTable = assertThrows(InboxProducerException.class,
                    () -> inbox.send("no_such_table", "x"));
            assertTrue(noTable.getMessage().contains("no_such_table"), noTable.getMessage());
            assertEquals(0, db.count("SELECT count(*) FROM " + table));
        }
    }

    /**
     * The subscription polls every 20 s; a row sent and committed in this server is delivered at
     * once, and a row sent in a transaction that rolls back wakes nothing and is never delivered.
     */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void aCommittedSendWakesTheTablesIdleSubscription(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        db.execute("INSERT INTO " + table + " (payload) VALUES ('first')");
        List<String> delivered = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, "woken-" + db, table);
            p.put("pollInterval", "PT20S");
            p.put("maxPollInterval", "PT20S");
            p.put("workers", "2");
            server.activate(message -> {
                delivered.add(message.text());
                return Outcome.ack();
            }, p);
            SubscriptionView view = InboxSubscriptions.find("woken-" + db).orElseThrow();
            Await.until("the first row is delivered and the workers wait", LONG,
                    () -> delivered.equals(List.of("first")) && view.snapshot().workersBusy() == 0);
            InboxProducerFactory producers = producers(server, db, "queue");
            TransactionManager tm = Narayana.transactionManager();
            tm.begin();
            try (InboxProducer inbox = producers.open()) {
                inbox.send(table, "sent");
            }
            tm.commit();
            long sent = System.nanoTime();
            Await.until("the sent row is delivered", LONG, () -> delivered.contains("sent"));
            Duration took = Duration.ofNanos(System.nanoTime() - sent);
            assertTrue(took.compareTo(Duration.ofSeconds(10)) < 0, "woken, not polled 20 s later: " + took);
        }
    }

    /**
     * An MDB writes through the factory's connection during a row lock delivery: the write is in
     * the claim's branch. Each write also runs NOTIFY, which PostgreSQL refuses to PREPARE: the
     * settlement and the write commit together only because the transaction commits in one phase,
     * with no second resource. A delivery that throws after its write leaves neither.
     */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES"})
    void anMdbsWriteThroughTheClaimsConnectionCommitsInOnePhaseWithTheSettlement(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        String effects = tables.effects(db);
        db.execute("INSERT INTO " + table + " (payload) VALUES ('ok'), ('fails once')");
        java.util.concurrent.atomic.AtomicBoolean failed = new java.util.concurrent.atomic.AtomicBoolean();
        List<String> refusals = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            InboxProducerFactory producers = producers(server, db, "queue");
            server.activate(message -> {
                try (java.sql.Connection c = producers.connection();
                        java.sql.PreparedStatement write = c.prepareStatement("INSERT INTO " + effects + " (row_id) VALUES (?)")) {
                    write.setLong(1, Long.parseLong(String.valueOf(message.id())));
                    write.executeUpdate();
                    c.createStatement().execute("NOTIFY inbox_producer_test");
                    try {
                        c.commit();
                    } catch (SQLException e) {
                        refusals.add(e.getMessage());
                    }
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
                if (message.text().equals("fails once") && failed.compareAndSet(false, true)) {
                    throw new IllegalStateException("after the write");
                }
                return Outcome.ack();
            }, DeliveryTest.properties(db, Form.ROW_LOCK, "shared-branch", table));
            Await.until("both rows are settled", LONG, () -> db.count("SELECT count(*) FROM " + table) == 0);
            Await.until("both writes are in", LONG, () -> db.count("SELECT count(*) FROM " + effects) >= 2);
        }
        assertEquals(2, db.count("SELECT count(*) FROM " + effects), "each row's write once: the failed delivery's"
                + " write rolled back with it");
        assertEquals(2, db.count("SELECT count(DISTINCT row_id) FROM " + effects));
        assertTrue(failed.get());
        assertTrue(!refusals.isEmpty() && refusals.get(0).contains("refused on the claim's connection"), refusals.toString());
    }

    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void outsideADeliveryTheConnectionIsAnOrdinaryXaConnectionOfTheCaller(TestDatabase db) throws Exception {
        String effects = tables.effects(db);
        try (Harness server = Harness.start()) {
            InboxProducerFactory producers = producers(server, db, "queue");
            TransactionManager tm = Narayana.transactionManager();
            for (boolean commit : new boolean[] {true, false}) {
                tm.begin();
                try (java.sql.Connection c = producers.connection()) {
                    c.createStatement().executeUpdate("INSERT INTO " + effects + " (row_id) VALUES (" + (commit ? 1 : 2) + ")");
                }
                if (commit) {
                    tm.commit();
                } else {
                    tm.rollback();
                }
            }
        }
        assertEquals(1, db.count("SELECT count(*) FROM " + effects + " WHERE row_id = 1"), "committed with the caller");
        assertEquals(0, db.count("SELECT count(*) FROM " + effects + " WHERE row_id = 2"), "rolled back with it");
    }

    /**
     * Open Liberty asks a connection used outside a global transaction (a {@code NOT_SUPPORTED}
     * bean method) for its local transaction, and refuses the connection without one. Begun, it
     * commits and rolls back the sends; not begun, the sends commit by themselves and ending it
     * changes nothing.
     */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void theServersLocalTransactionCommitsAndRollsBackTheSends(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, "producer", "unused");
            ProducerConnectionFactory factory = new ProducerConnectionFactory();
            factory.setResourceAdapter(server.adapter());
            factory.setUrl(p.get("url"));
            factory.setUser(p.get("user"));
            factory.setPassword(p.get("password"));
            jakarta.resource.spi.ManagedConnection managed = factory.createManagedConnection(null, null);
            try {
                jakarta.resource.spi.LocalTransaction local = managed.getLocalTransaction();
                for (String outcome : List.of("committed", "rolled back")) {
                    local.begin();
                    try (InboxProducer inbox = (InboxProducer) managed.getConnection(null, null)) {
                        inbox.send(table, outcome);
                    }
                    assertEquals(0, db.count("SELECT count(*) FROM " + table + " WHERE payload = '" + outcome + "'"),
                            "not visible before the local commit");
                    if (outcome.equals("committed")) {
                        managed.getLocalTransaction().commit();
                    } else {
                        managed.getLocalTransaction().rollback();
                    }
                }
                try (InboxProducer inbox = (InboxProducer) managed.getConnection(null, null)) {
                    inbox.send(table, "alone");
                }
                local.rollback();
            } finally {
                managed.destroy();
            }
        }
        assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE payload = 'committed'"), "committed locally");
        assertEquals(0, db.count("SELECT count(*) FROM " + table + " WHERE payload = 'rolled back'"), "rolled back");
        assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE payload = 'alone'"),
                "not begun: committed by itself, the unbegun rollback changed nothing");
    }
}
