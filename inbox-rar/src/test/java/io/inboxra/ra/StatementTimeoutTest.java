package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code statementTimeout} holds for the workers' own statements: a claim that waits behind a lock
 * another session holds on the whole table is cancelled by the database within the timeout
 * (PostgreSQL: the session's {@code statement_timeout}, set once per connection; MariaDB: the
 * driver's per-statement timeout), the subscription reports it, and once the lock is let go the
 * row is delivered once.
 */
@Alone
class StatementTimeoutTest {

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    @ParameterizedTest
    @EnumSource(value = TestDatabase.class, names = {"POSTGRES", "MARIADB"})
    void aClaimStuckBehindALockIsCancelledAtTheStatementTimeout(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        String name = "stmt-timeout-" + db;
        Map<String, String> p = DeliveryTest.properties(db, Form.ROW_LOCK, name, table);
        p.put("statementTimeout", "PT1S");
        p.put("networkTimeout", "PT5S");
        try (Harness server = Harness.start(); Connection locker = db.connect()) {
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            SubscriptionView view = InboxSubscriptions.find(name).orElseThrow();
            long id = db.insertMarker(table, "payload", "'behind the lock'");
            locker.setAutoCommit(false);
            long locked = System.nanoTime();
            try (java.sql.Statement s = locker.createStatement()) {
                s.execute(db == TestDatabase.POSTGRES ? "LOCK TABLE " + table + " IN ACCESS EXCLUSIVE MODE"
                        : "LOCK TABLES " + table + " WRITE");
            }
            try {
                Await.until("the stuck claim is reported", Duration.ofSeconds(4),
                        () -> view.snapshot().lastError().isPresent());
                double seconds = (System.nanoTime() - locked) / 1e9;
                String error = view.snapshot().lastError().orElseThrow();
                System.out.println("StatementTimeoutTest " + db + ": reported after " + seconds + " s: " + error);
                assertTrue(seconds < 3.5, db + ": cancelled within the statement timeout, not the network's: "
                        + seconds + " s (" + error + ")");
                assertTrue(!error.contains("networkTimeout"), db + ": the statement timeout, not the network's: "
                        + error);
            } finally {
                if (db == TestDatabase.MARIADB) {
                    try (java.sql.Statement s = locker.createStatement()) {
                        s.execute("UNLOCK TABLES");
                    }
                }
                locker.rollback();
            }
            Await.until("the row is delivered once the lock is let go", Duration.ofSeconds(30),
                    () -> mdb.log().hasCommitted(id));
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), db + ": a row settled twice");
            assertEquals(0, db.count("SELECT count(*) FROM " + table), db + ": every row settled");
        }
    }
}
