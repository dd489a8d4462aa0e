package io.inboxra.it;

import io.inboxra.it.app.Effects;
import io.inboxra.it.app.Invocations;
import io.inboxra.it.faults.CommitFails;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static io.inboxra.it.Until.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fault paths as the server takes them, where it differs from the test harness's
 * transaction manager: a commit that fails inside {@code afterDelivery} (Payara logs it and
 * returns normally; WildFly and Liberty throw it out), Errors thrown by the listener, and the adapter's
 * connections killed while it delivers. The MDBs are in {@code io.inboxra.it.faults}; one server
 * start serves every test. Runs on Payara Micro, WildFly and Open Liberty (which throws the failed
 * commit out of {@code afterDelivery}, like WildFly; its MDBs bound by {@code server.xml}'s activation specs).
 */
@ExtendWith(ArquillianExtension.class)
class FaultsInServerTest {

    @Deployment(testable = false)
    static WebArchive deployment() throws Exception {
        ServerLog.capture();
        Database.createFaultSchema();
        BootCommands.write(List.of(), List.of());
        return Server.current().bind(ShrinkWrap.create(WebArchive.class, "inbox-faults.war"))
                .addPackage(CommitFails.class.getPackage())
                .addClasses(Effects.class, Invocations.class)
                .addAsLibraries(Server.current().postgresDriver());
    }

    /**
     * Point 1 of issue 11, without an attempt column: each delivery's commit fails at PREPARE, so
     * the row stays; it may come back, but at most once per poll interval per worker (2 workers,
     * pollInterval = maxPollInterval = 0.5 s), never in a hot loop.
     */
    @Test
    void aCommitThatAlwaysFailsComesBackAtMostOncePerPollIntervalPerWorker() throws Exception {
        long id = Database.insert("INSERT INTO it_commit_fails (payload) VALUES ('never commits')", "payload")
                .keySet().iterator().next();
        try {
            String calls = "SELECT count(*) FROM it_invocations WHERE mdb = 'CommitFails' AND row_id = " + id;
            until("the row is delivered", () -> Database.count(calls) >= 1);
            long before = Database.count(calls);
            long start = System.nanoTime();
            Thread.sleep(5000);
            long deliveries = Database.count(calls) - before;
            double seconds = (System.nanoTime() - start) / 1e9;
            // 2 workers × (one delivery per 0.5 s + one in work at each end); a hot loop made thousands.
            long most = 2 * (Math.round(seconds / 0.5) + 1);
            assertTrue(deliveries <= most, deliveries + " deliveries in " + seconds + " s; at most " + most + " expected");
            assertTrue(deliveries >= 2, "the row kept coming back: " + deliveries + " deliveries in " + seconds + " s");
            assertEquals(1, Database.count("SELECT count(*) FROM it_commit_fails WHERE id = " + id), "the row stays");
            assertEquals(0, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'CommitFails'"),
                    "no effect committed");
            assertEquals(Set.of(1L), Database.ids("SELECT DISTINCT attempt FROM it_invocations WHERE mdb = 'CommitFails'"),
                    "without an attempt column every delivery is attempt 1");
            // Payara's report of the failed commit, swallowed in afterDelivery (the driver hides the trigger's text).
            // WildFly throws the failed commit out of afterDelivery (a RollbackException, or a heuristic
            // one when the failed branch's rollback errs too), and the adapter logs it. Liberty throws it out too
            // (a ResourceException "afterDelivery failure" over the EJB container's TransactionRolledbackLocalException
            // over the RollbackException), and the adapter logs it; Liberty's own reports (J2CA0027E, WTRN0046E,
            // FFDC incidents) are of the data source's failed prepare, with the trigger's text.
            String report = switch (Server.current()) {
                case WILDFLY -> "Inbox subscription 'CommitFails': the transaction of row " + id + " (attempt 1) did not commit";
                case OPENLIBERTY -> "Inbox subscription 'CommitFails': the transaction of row " + id + " (attempt 1) did not"
                        + " commit (jakarta.transaction.RollbackException); the row stays and will be delivered again";
                case PAYARA -> "MDB00037: [inbox-faults:CommitFails]: Message-driven bean invocation"
                        + " exception: [jakarta.ejb.EJBException: Transaction aborted]";
            };
            assertTrue(Server.current().log().contains(report),
                    "the server logged the failed commits; the server log holds:\n" + tail(Server.current().log()));
        } finally {
            Database.execute("DELETE FROM it_commit_fails");
        }
    }

    /**
     * Point 1 of issue 11, with due and attempt columns: each failed commit counts an attempt
     * before the row can be claimed again, with backoff (retryDelay 1 s, doubling), and the third
     * dead-letters it.
     */
    @Test
    void aCommitThatAlwaysFailsIsDeadLetteredAfterThreeAttemptsWithBackoff() throws Exception {
        long id = Database.insert("INSERT INTO it_commit_counted (payload) VALUES ('never commits')", "payload")
                .keySet().iterator().next();
        until("the row is dead-lettered", () -> Database.count("SELECT count(*) FROM it_dead WHERE id = " + id) == 1);
        Thread.sleep(2000); // a fourth delivery, if there were one, would show in the meantime
        assertEquals(0, Database.count("SELECT count(*) FROM it_commit_counted"));
        List<Object[]> calls = Database.rows("SELECT attempt, extract(epoch FROM at)::float8 FROM it_invocations"
                + " WHERE mdb = 'CommitFailsCounted' AND row_id = " + id + " ORDER BY at");
        List<Integer> attempts = new ArrayList<>();
        calls.forEach(call -> attempts.add((Integer) call[0]));
        assertEquals(List.of(1, 2, 3), attempts, "the attempts the MDB saw, in order");
        double first = (Double) calls.get(1)[1] - (Double) calls.get(0)[1];
        double second = (Double) calls.get(2)[1] - (Double) calls.get(1)[1];
        assertTrue(first >= 0.9, "the second delivery came " + first + " s after the first; retryDelay is 1 s");
        assertTrue(second >= 1.8, "the third delivery came " + second + " s after the second; its backoff is 2 s");
        assertEquals(3, Database.count("SELECT attempts FROM it_dead WHERE id = " + id));
        assertEquals(0, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'CommitFailsCounted'"),
                "no effect committed");
    }

    /**
     * Point 8: an Error from the listener (StackOverflowError, NoClassDefFoundError) rolls the
     * delivery back like an exception; every row is delivered again and settled once, and the
     * subscription goes on delivering rows inserted later.
     */
    @Test
    void errorsFromTheListenerRollBackAndTheSubscriptionGoesOn() throws Exception {
        Set<Long> rows = Database.insert("INSERT INTO it_errors (payload) SELECT 'row ' || g"
                + " FROM generate_series(1, 20) g", "payload").keySet();
        until("every row is settled", () -> Database.count("SELECT count(*) FROM it_errors") == 0);
        Thread.sleep(2000);
        Set<Long> later = Database.insert("INSERT INTO it_errors (payload) SELECT 'later ' || g"
                + " FROM generate_series(1, 10) g", "payload").keySet();
        until("the later rows are settled too", () -> Database.count("SELECT count(*) FROM it_errors") == 0);
        until("every effect has committed", () -> Database.count(
                "SELECT count(*) FROM it_effects WHERE mdb = 'ListenerErrors'") >= 30);
        Set<Long> all = new java.util.HashSet<>(rows);
        all.addAll(later);
        assertEquals(30, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'ListenerErrors'"),
                "each row's effect committed once: the first call's rolled back with its Error");
        assertEquals(all, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'ListenerErrors'"));
        assertEquals(all, Database.ids("SELECT row_id FROM it_invocations WHERE mdb = 'ListenerErrors'"
                + " GROUP BY row_id HAVING count(*) = 2"), "each row was delivered twice: the Error, then the ack");
        assertEquals(60, Database.count("SELECT count(*) FROM it_invocations WHERE mdb = 'ListenerErrors'"));
        assertFalse(Server.current().log().contains("Inbox subscription 'ListenerErrors': a worker ended"),
                "no worker ended; the server log holds:\n" + tail(Server.current().log()));
    }

    /**
     * Point 0: the adapter's sessions killed again and again while a stream of rows is being
     * delivered; every row is settled, each effect committed once.
     */
    @Test
    void killedConnectionsAreReplacedAndEveryRowIsSettledOnce() throws Exception {
        Set<Long> rows = Database.insert("INSERT INTO it_killed (payload) SELECT 'row ' || g"
                + " FROM generate_series(1, 600) g", "payload").keySet();
        until("the stream runs", () -> Database.count("SELECT count(*) FROM it_killed") < 590);
        long killed = 0;
        int rounds = 0;
        while (Database.count("SELECT count(*) FROM it_killed") > 50 && rounds < 40) {
            killed += Database.count("SELECT count(*) FROM (SELECT pg_terminate_backend(pid) AS gone"
                    + " FROM pg_stat_activity WHERE application_name = 'inbox-ra:KilledConnections') k WHERE gone");
            rounds++;
            Thread.sleep(250);
        }
        long left = Database.count("SELECT count(*) FROM it_killed");
        assertTrue(killed >= 3, "only " + killed + " of the adapter's sessions were killed in " + rounds
                + " rounds (" + left + " rows left)");
        until("every row is settled", () -> Database.count("SELECT count(*) FROM it_killed") == 0);
        until("every effect has committed", () -> Database.count(
                "SELECT count(*) FROM it_effects WHERE mdb = 'KilledConnections'") >= 600);
        Thread.sleep(1000);
        assertEquals(600, Database.count("SELECT count(*) FROM it_effects WHERE mdb = 'KilledConnections'"),
                "each effect once, after " + killed + " sessions were killed in " + rounds + " rounds");
        assertEquals(rows, Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'KilledConnections'"));
        Set<Long> more = Database.insert("INSERT INTO it_killed (payload) SELECT 'after ' || g"
                + " FROM generate_series(1, 20) g", "payload").keySet();
        until("rows inserted after the kills are settled", () -> Database.count("SELECT count(*) FROM it_killed") == 0);
        until("their effects have committed", () -> Database.count(
                "SELECT count(*) FROM it_effects WHERE mdb = 'KilledConnections'") >= 620);
        assertTrue(Database.ids("SELECT row_id FROM it_effects WHERE mdb = 'KilledConnections'").containsAll(more));
        System.out.println("KilledConnections: " + killed + " sessions killed in " + rounds + " rounds");
    }

    static String tail(String log) {
        return log.length() < 6000 ? log : log.substring(log.length() - 6000);
    }
}
