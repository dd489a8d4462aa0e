package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TcpForwarder;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionSnapshot;
import io.inboxra.operations.SubscriptionState;
import io.inboxra.operations.SubscriptionView;
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
 * A subscription whose database is down when it is activated (issue 14): the activation
 * succeeds, the subscription shows in an outage, and it starts by itself when the database
 * comes up; a mistake in the settings still fails at once, or, when it can only be found once
 * the database answers, stops that subscription alone.
 */
class DatabaseDownAtActivationTest {

    /** Three retries of a waiting subscription: after 1 s, then doubling. */
    private static final Duration THREE_RETRIES = Duration.ofSeconds(1 + 2 + 4);

    private static final Duration LONG = Duration.ofSeconds(30);
    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    private static int port(TestDatabase db) {
        return db == TestDatabase.MARIADB ? 3306 : 5432;
    }

    private static Map<String, String> behind(TcpForwarder forwarder, TestDatabase db, String name, String table) {
        Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, name, table);
        p.put("url", p.get("url").replace(":" + port(db) + "/", ":" + forwarder.port() + "/"));
        return p;
    }

    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void theActivationWaitsForTheDatabaseAndDeliversOnceItIsUp(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        db.execute("INSERT INTO " + table + " (payload) VALUES ('waited')");
        String name = "down-at-activation-" + db;
        List<String> delivered = new CopyOnWriteArrayList<>();
        try (TcpForwarder database = new TcpForwarder(port(db)); Harness server = Harness.start()) {
            server.activate(message -> {
                delivered.add(message.text());
                return Outcome.ack();
            }, behind(database, db, name, table));
            SubscriptionView view = InboxSubscriptions.find(name).orElseThrow();
            SubscriptionSnapshot waiting = view.snapshot();
            assertEquals(SubscriptionState.OUTAGE, waiting.state(), "in an outage while the database is down");
            assertTrue(waiting.outageSince().isPresent());
            assertTrue(waiting.lastError().orElseThrow().contains("does not answer"), waiting.lastError().orElseThrow());
            assertThrows(SQLException.class, view::backlog, "no backlog before it has started");
            assertThrows(IllegalStateException.class, view::pause);
            assertEquals(List.of(), delivered);

            database.open();
            Await.until("the row is delivered once the database is up", LONG, () -> delivered.equals(List.of("waited")));
            Await.until("the started subscription is registered", LONG, () -> InboxSubscriptions.find(name)
                    .map(v -> v.snapshot().state() == SubscriptionState.RUNNING && v.snapshot().delivered() == 1)
                    .orElse(false));
            assertEquals(0, db.count("SELECT count(*) FROM " + table), "settled");
        }
        assertTrue(InboxSubscriptions.find(name).isEmpty(), "gone after the deactivation");
    }

    @Test
    void aMistakeFoundOnceTheDatabaseAnswersStopsThatSubscriptionAloneAndTheOthersDeliver() throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = tables.inbox(db);
        db.execute("INSERT INTO " + table + " (payload) VALUES ('fine')");
        List<String> delivered = new CopyOnWriteArrayList<>();
        try (TcpForwarder database = new TcpForwarder(port(db)); Harness server = Harness.start()) {
            Map<String, String> wrong = behind(database, db, "down-and-wrong", table);
            wrong.put("payloadColumn", "no_such_column");
            server.activate(message -> Outcome.ack(), wrong);
            server.activate(message -> {
                delivered.add(message.text());
                return Outcome.ack();
            }, behind(database, db, "down-and-right", table));
            database.open();
            Await.until("the right one delivers", LONG, () -> delivered.equals(List.of("fine")));
            Await.until("the wrong one is stopped, saying why", LONG, () -> {
                SubscriptionSnapshot s = InboxSubscriptions.find("down-and-wrong").orElseThrow().snapshot();
                return s.state() == SubscriptionState.STOPPED && s.lastError().orElse("").contains("no_such_column");
            });
        }
    }

    @Test
    void aSubscriptionDeactivatedWhileItWaitsNeverStarts() throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = tables.inbox(db);
        db.execute("INSERT INTO " + table + " (payload) VALUES ('never')");
        List<String> delivered = new CopyOnWriteArrayList<>();
        try (TcpForwarder database = new TcpForwarder(port(db)); Harness server = Harness.start()) {
            Harness.Activation waiting = server.activate(message -> {
                delivered.add(message.text());
                return Outcome.ack();
            }, behind(database, db, "deactivated-waiting", table));
            waiting.deactivate();
            assertTrue(InboxSubscriptions.find("deactivated-waiting").isEmpty(), "out of sight at once");
            database.open();
            // The retries would come after 1 s, then 2 s more: three of them pass unanswered.
            Thread.sleep(THREE_RETRIES.toMillis());
            assertEquals(List.of(), delivered, "nothing starts after the deactivation");
            assertEquals(1, db.count("SELECT count(*) FROM " + table), "the row is still there");
        }
    }

    @Test
    void aRefusedLoginIsAMistakeAndFailsTheActivationAtOnce() throws Exception {
        TestDatabase db = TestDatabase.MARIADB;
        String table = tables.inbox(db);
        try (Harness server = Harness.start()) {
            Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, "refused-login", table);
            p.put("password", "not-the-password");
            ResourceException e = assertThrows(ResourceException.class, () -> server.activate(m -> Outcome.ack(), p));
            assertTrue(e.getMessage().contains("check 'url', 'user' and 'password'"), e.getMessage());
            assertTrue(InboxSubscriptions.find("refused-login").isEmpty());
        }
    }
}
