package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Narayana;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.harness.XaConnectionManager;
import io.inboxra.producer.InboxProducer;
import io.inboxra.producer.InboxProducerException;
import io.inboxra.producer.InboxProducerFactory;
import io.inboxra.producer.SendOptions;
import io.inboxra.producer.Sent;
import io.inboxra.ra.outbound.ProducerConnectionFactory;
import jakarta.transaction.TransactionManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Receiving each message once (issue 26, point 1): a send with a key the table already holds
 * inserts nothing, says so, and leaves the caller's transaction going; two transactions sending
 * one key at once leave one row, delivered once; the key holds while its row exists (with
 * {@code processedAtColumn}, until the retention deletes it).
 */
class KeyedSendTest {

    private static final Duration LONG = Duration.ofSeconds(30);
    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    /** An inbox table with a key column under a unique index. */
    private String keyedInbox(TestDatabase db) throws SQLException {
        String table = tables.create(db, "it_key", db.inboxColumns() + ", message_key VARCHAR(200)");
        db.execute("CREATE UNIQUE INDEX " + table + "_key ON " + table + " (message_key)");
        db.execute("CREATE INDEX " + table + "_claim ON " + table + " (queue, priority, due_at, id)");
        return table;
    }

    private static InboxProducerFactory producers(Harness server, TestDatabase db, String keyColumn) throws Exception {
        Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, "producer", "unused");
        ProducerConnectionFactory factory = new ProducerConnectionFactory();
        factory.setResourceAdapter(server.adapter());
        factory.setUrl(p.get("url"));
        factory.setUser(p.get("user"));
        factory.setPassword(p.get("password"));
        factory.setQueueColumn("queue");
        factory.setKeyColumn(keyColumn);
        return (InboxProducerFactory) factory.createConnectionFactory(new XaConnectionManager());
    }

    private static long rowsOf(TestDatabase db, String table, String key) throws SQLException {
        return db.count("SELECT count(*) FROM " + table + " WHERE message_key = '" + key + "'");
    }

    /**
     * A key sent twice in one transaction, and again in a later one: one row; each later send is a
     * duplicate, and the transaction it ran in still writes and commits (on PostgreSQL a failed
     * statement would have doomed it).
     */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void aKeySentAgainInsertsNothingSaysSoAndTheTransactionGoesOn(TestDatabase db) throws Exception {
        String table = keyedInbox(db);
        try (Harness server = Harness.start()) {
            InboxProducerFactory producers = producers(server, db, "message_key");
            TransactionManager tm = Narayana.transactionManager();

            tm.begin();
            Sent first;
            Sent again;
            try (InboxProducer inbox = producers.open()) {
                first = inbox.send(table, "first", SendOptions.now().key("order-1"));
                again = inbox.send(table, "again", SendOptions.now().key("order-1").queue("eu"));
                inbox.send(table, "after the duplicate", SendOptions.now().key("order-2"));
                inbox.send(table, "no key");
            }
            tm.commit();
            assertTrue(first.inserted() && !first.id().isEmpty(), first.toString());
            assertTrue(again.duplicate(), "the second send of the key says so: " + again);
            assertEquals("", again.id());
            assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE message_key = 'order-1' AND payload = 'first'"
                    + " AND id = " + first.id()), "the first send's row, with the id it returned");
            assertEquals(1, rowsOf(db, table, "order-2"), "the transaction went on after the duplicate and committed");
            assertEquals(3, db.count("SELECT count(*) FROM " + table));

            tm.begin();
            Sent later;
            try (InboxProducer inbox = producers.open()) {
                later = inbox.send(table, "later", SendOptions.now().key("order-1"));
                inbox.send(table, "in the same transaction", SendOptions.now().key("order-3"));
            }
            tm.commit();
            assertTrue(later.duplicate(), later.toString());
            assertEquals(1, rowsOf(db, table, "order-1"));
            assertEquals(1, rowsOf(db, table, "order-3"), "committed after the duplicate");

            try (InboxProducer inbox = producers.open()) {
                assertTrue(inbox.send(table, "no transaction", SendOptions.now().key("order-1")).duplicate());
            }
            assertEquals(1, rowsOf(db, table, "order-1"));
        }
    }

    /**
     * Two transactions on two threads send one key: the second waits for the first; once the
     * first commits it is a duplicate, and both commit. One row, one delivery. If the first rolls
     * back instead, the second inserts.
     */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void twoTransactionsSendingOneKeyAtOnceLeaveOneRowDeliveredOnce(TestDatabase db) throws Exception {
        String table = keyedInbox(db);
        List<String> delivered = new CopyOnWriteArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try (Harness server = Harness.start()) {
            InboxProducerFactory producers = producers(server, db, "message_key");
            Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, "keyed-" + db, table);
            p.put("processedAtColumn", "processed_at");
            p.put("workers", "2");
            server.activate(message -> {
                delivered.add(message.text());
                return Outcome.ack();
            }, p);
            TransactionManager tm = Narayana.transactionManager();

            for (boolean winnerCommits : new boolean[] {true, false}) {
                String key = "message-" + winnerCommits;
                java.util.concurrent.CountDownLatch sentFirst = new java.util.concurrent.CountDownLatch(1);
                java.util.concurrent.CountDownLatch endFirst = new java.util.concurrent.CountDownLatch(1);
                Future<Sent> winner = threads.submit(() -> {
                    tm.begin();
                    try {
                        Sent sent;
                        try (InboxProducer inbox = producers.open()) {
                            sent = inbox.send(table, "winner " + winnerCommits, SendOptions.now().key(key));
                        }
                        sentFirst.countDown();
                        endFirst.await();
                        if (winnerCommits) {
                            tm.commit();
                        } else {
                            tm.rollback();
                        }
                        return sent;
                    } catch (Exception e) {
                        tm.rollback();
                        throw e;
                    }
                });
                assertTrue(sentFirst.await(10, TimeUnit.SECONDS));
                Future<Sent> loser = threads.submit(() -> {
                    tm.begin();
                    Sent sent;
                    try (InboxProducer inbox = producers.open()) {
                        sent = inbox.send(table, "loser " + winnerCommits, SendOptions.now().key(key));
                        inbox.send(table, "the loser's other row " + winnerCommits);
                    } catch (RuntimeException e) {
                        tm.rollback();
                        throw e;
                    }
                    tm.commit();
                    return sent;
                });
                assertThrows(TimeoutException.class, () -> loser.get(700, TimeUnit.MILLISECONDS),
                        "the second send waits for the first transaction");
                endFirst.countDown();
                assertTrue(winner.get(10, TimeUnit.SECONDS).inserted());
                Sent second = loser.get(10, TimeUnit.SECONDS);
                assertEquals(1, rowsOf(db, table, key), "one row");
                if (winnerCommits) {
                    assertTrue(second.duplicate(), "after the first committed, the second is a duplicate: " + second);
                    assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE payload = 'winner true'"));
                } else {
                    assertTrue(second.inserted(), "after the first rolled back, the second inserts: " + second);
                    assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE payload = 'loser false'"));
                }
                assertEquals(1, db.count("SELECT count(*) FROM " + table + " WHERE payload = 'the loser''s other row "
                        + winnerCommits + "'"), "the second transaction committed its other row");
            }
            Await.until("every row is processed", LONG,
                    () -> db.count("SELECT count(*) FROM " + table + " WHERE processed_at IS NULL") == 0);
            long marker = db.insertMarker(table, "payload", "'marker'");
            Await.until("a row inserted after them is delivered", LONG, () -> delivered.contains("marker"));
            assertTrue(marker > 0);
            assertEquals(List.of("loser false", "the loser's other row false", "the loser's other row true", "winner true"),
                    delivered.stream().filter(d -> !d.equals("marker")).sorted().toList(), "each key's row delivered once");
        } finally {
            threads.shutdownNow();
        }
    }

    /**
     * The key holds while its row exists. With {@code processedAtColumn} a processed row keeps it
     * until the retention deletes the row: the retention is the deduplication window. Settled by
     * deletion, the key is free once the row is delivered.
     */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void aKeyHoldsWhileItsRowExists(TestDatabase db) throws Exception {
        String kept = keyedInbox(db);
        String deleted = keyedInbox(db);
        List<String> delivered = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            InboxProducerFactory producers = producers(server, db, "message_key");
            Map<String, String> marked = DeliveryTest.properties(db, Form.ROW_LOCK, "kept-" + db, kept);
            marked.put("processedAtColumn", "processed_at");
            marked.put("retention", "PT3S");
            marked.put("keyColumn", "message_key");   // optional on a subscription: checked to exist
            server.activate(message -> {
                delivered.add("kept " + message.text());
                return Outcome.ack();
            }, marked);
            server.activate(message -> {
                delivered.add("deleted " + message.text());
                return Outcome.ack();
            }, DeliveryTest.properties(db, Form.ROW_LOCK, "deleted-" + db, deleted));

            try (InboxProducer inbox = producers.open()) {
                assertTrue(inbox.send(kept, "1", SendOptions.now().key("k")).inserted());
                assertTrue(inbox.send(deleted, "1", SendOptions.now().key("k")).inserted());
            }
            Await.until("both are delivered", LONG, () -> delivered.containsAll(List.of("kept 1", "deleted 1")));
            Await.until("the kept row is marked processed", LONG,
                    () -> db.count("SELECT count(*) FROM " + kept + " WHERE processed_at IS NOT NULL") == 1);
            Await.until("the deleted row is gone", LONG, () -> db.count("SELECT count(*) FROM " + deleted) == 0);
            try (InboxProducer inbox = producers.open()) {
                assertTrue(inbox.send(kept, "2", SendOptions.now().key("k")).duplicate(),
                        "a processed row still holds its key until the retention deletes it");
                assertTrue(inbox.send(deleted, "2", SendOptions.now().key("k")).inserted(),
                        "a row settled by deletion no longer holds its key");
            }
            Await.until("the retention deletes the processed row", LONG, () -> db.count("SELECT count(*) FROM " + kept) == 0);
            try (InboxProducer inbox = producers.open()) {
                assertTrue(inbox.send(kept, "3", SendOptions.now().key("k")).inserted(),
                        "after the retention the key is accepted again");
            }
            Await.until("the sends accepted are delivered", LONG,
                    () -> delivered.containsAll(List.of("kept 3", "deleted 2")));
            assertFalse(delivered.contains("kept 2"));
            assertEquals(4, delivered.size(), delivered.toString());
        }
    }

    /** A key without {@code keyColumn}, or a key column without a unique index, is refused naming the fix. */
    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void aMissingKeyColumnOrUniqueIndexIsRefusedNamingTheFix(TestDatabase db) throws Exception {
        String table = tables.create(db, "it_key_nounique", db.inboxColumns() + ", message_key VARCHAR(200)");
        try (Harness server = Harness.start()) {
            try (InboxProducer inbox = producers(server, db, null).open()) {
                InboxProducerException noColumn = assertThrows(InboxProducerException.class,
                        () -> inbox.send(table, "x", SendOptions.now().key("k")));
                assertTrue(noColumn.getMessage().contains("'keyColumn'"), noColumn.getMessage());
            }
            TransactionManager tm = Narayana.transactionManager();
            tm.begin();
            try (InboxProducer inbox = producers(server, db, "message_key").open()) {
                InboxProducerException noIndex = assertThrows(InboxProducerException.class,
                        () -> inbox.send(table, "x", SendOptions.now().key("k")));
                assertTrue(noIndex.getMessage().contains("'keyColumn' is 'message_key'")
                        && noIndex.getMessage().contains("CREATE UNIQUE INDEX"), noIndex.getMessage());
            } finally {
                tm.rollback();
            }
            assertThrows(IllegalArgumentException.class, () -> SendOptions.now().key(" "));
        }
        assertEquals(0, db.count("SELECT count(*) FROM " + table));
    }
}
