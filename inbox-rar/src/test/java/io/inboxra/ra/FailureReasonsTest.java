package io.inboxra.ra;

import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.operations.InboxSubscriptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Dead-letter reasons an operator can use (issue 23, point 3): the innermost cause's message, for
 * a failure of the listener and of the commit alike, with secrets masked and its length bounded.
 */
class FailureReasonsTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        Faults.rollBackPreparedBranchesOn(tables.on(TestDatabase.POSTGRES));
        tables.dropAll();
    }

    /** A dead-letter table whose reason column holds what README's example gives it: TEXT. */
    private String deadLetters(TestDatabase db) throws SQLException {
        return tables.create(db, "dead", "id BIGINT PRIMARY KEY, queue " + db.text() + ", payload " + db.text()
                + ", attempts INT, reason TEXT, dead_at " + db.timestamp());
    }

    private static String reason(TestDatabase db, String dead) throws SQLException {
        try (Connection c = db.connect(); ResultSet rs = c.createStatement().executeQuery("SELECT reason FROM " + dead)) {
            assertTrue(rs.next(), "a dead letter");
            return rs.getString(1);
        }
    }

    private static Map<String, String> properties(TestDatabase db, Form form, String name, String table, String dead) {
        Map<String, String> p = db.properties(name, table, form);
        p.put("dueColumn", "due_at");
        p.put("attemptColumn", "attempts");
        p.put("maxAttempts", "2");
        p.put("retryDelay", "PT0.2S");
        p.put("deadLetterTable", dead);
        return p;
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aCommitRefusedByTheMdbsOwnResourceIsDeadLetteredWithItsMessage(TestDatabase db, Form form) throws Exception {
        // The MDB's own branch on PostgreSQL: its deferred check fails its prepare, after the adapter's settled.
        String table = tables.inbox(db);
        String effects = tables.effects(TestDatabase.POSTGRES);
        String dead = deadLetters(db);
        Faults.failPrepareOfEffects(effects, "row_id > 0");
        db.insertRows(table, 1);
        String name = "commit-reason-" + form.name().toLowerCase();
        // A container that tells the adapter why the commit failed (afterDelivery throws it); Payara swallows it.
        try (Harness server = Harness.start();
                EffectWriter mdb = new EffectWriter(TestDatabase.POSTGRES.xaDataSource(), effects, new HashSet<>())) {
            server.activate(mdb, properties(db, form, name, table, dead));
            Await.until("the row is dead-lettered", LONG, () -> db.count("SELECT count(*) FROM " + dead) == 1);
            Await.until("its reason is told", LONG, () -> !reason(db, dead).equals("the transaction rolled back"));
            String reason = reason(db, dead);
            assertTrue(reason.contains("the deferred check refuses this effect"), "the constraint's own message: " + reason);
            // The operators' last error is kept after the dead letter's commit.
            Await.until("the last error is the constraint's", LONG, () -> InboxSubscriptions.find(name).orElseThrow()
                    .snapshot().lastError().filter(e -> e.contains("the deferred check refuses this effect")).isPresent());
            assertEquals(0, db.count("SELECT count(*) FROM " + table), "the row left the inbox");
            assertEquals(0, TestDatabase.POSTGRES.count("SELECT count(*) FROM " + effects), "the refused effect never");
        }
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aListenersFailureIsDeadLetteredWithItsInnermostMessageSecretsMaskedLengthBounded(TestDatabase db, Form form)
            throws Exception {
        String table = tables.inbox(db);
        String dead = deadLetters(db);
        db.insertRows(table, 1);
        String secret = "hunter2-" + form;
        String message = "cannot reach jdbc:postgresql://billing:5432/app?user=app&password=" + secret + " after "
                + "retrying, ".repeat(400);
        try (Harness server = Harness.start()) {
            server.activate(m -> {
                throw new IllegalStateException("the handler failed", new IllegalArgumentException(message));
            }, properties(db, form, "listener-reason-" + form.name().toLowerCase(), table, dead));
            Await.until("the row is dead-lettered", LONG, () -> db.count("SELECT count(*) FROM " + dead) == 1);
            String reason = reason(db, dead);
            assertTrue(reason.startsWith("java.lang.IllegalArgumentException: cannot reach jdbc:postgresql://billing"),
                    "the innermost cause: " + reason);
            assertFalse(reason.contains(secret), "the password masked: " + reason);
            assertTrue(reason.contains("password=***"), reason);
            assertTrue(reason.length() <= 1000, "bounded: " + reason.length() + " characters");
        }
    }
}
