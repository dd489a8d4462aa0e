package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.LeastPrivilege;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.operations.Cancellation;
import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.operations.SubscriptionView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The operator's cancel (PendingRowsTest) as the least-privilege user, granted what docs/database-roles.md lists. */
@Exclusive
class LeastPrivilegeCancelTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    /** With only the grants docs/database-roles.md lists for the configuration, a cancel works in every form. */
    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void theLeastPrivilegeUserCancels(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        String dead = tables.deadLetters(db);
        // No retries, no processed-at: UPDATE on the inbox only where the form (or the cancel's lock on PostgreSQL) needs it.
        boolean update = form == Form.LEASE || db == TestDatabase.POSTGRES;
        LeastPrivilege.grant(db, "SELECT, INSERT, DELETE" + (update ? ", UPDATE" : ""), table);
        LeastPrivilege.grant(db, "SELECT, INSERT, UPDATE, DELETE", dead);
        String name = "least-cancel-" + form;
        try (Harness server = Harness.start()) {
            Map<String, String> p = LeastPrivilege.properties(db, name, table, form);
            p.put("deadLetterTable", dead);
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            SubscriptionView view = InboxSubscriptions.find(name).orElseThrow();
            view.pause();
            Await.until("paused", Duration.ofSeconds(10), () -> view.snapshot().workersBusy() == 0);
            db.execute("INSERT INTO " + table + " (payload) VALUES ('cancel me')");
            long id = db.count("SELECT id FROM " + table + " WHERE payload = 'cancel me'");
            Cancellation done = view.cancel(String.valueOf(id));
            assertEquals(Cancellation.Result.CANCELLED, done.result(), done.message());
            assertEquals(1, db.count("SELECT count(*) FROM " + dead + " WHERE reason = 'cancelled'"));
            assertEquals(1, view.requeue(List.of(String.valueOf(id))));
            view.resume();
            Await.until("the requeued row is delivered", LONG, () -> mdb.log().hasCommitted(id));
        }
    }
}
