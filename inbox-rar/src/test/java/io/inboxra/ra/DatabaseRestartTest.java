package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The database restarts in the middle of a run, as a failover or an upgrade does: every
 * subscription resumes by itself and nothing is lost or settled twice. In a class of its own:
 * a restart disturbs every other test.
 */
@Exclusive
class DatabaseRestartTest {

    private static final Duration LONG = Duration.ofSeconds(120);
    /** At about 200 rows a second, a run of ten seconds: the restart lands in its middle. */
    private static final int ROWS = 2000;

    private final TestTables tables = new TestTables();
    /** The case's database: only it is waited for (the exclusive phase restarts the other meanwhile). */
    private TestDatabase restarted;

    @AfterEach
    void dropTables() throws Exception {
        if (restarted != null) {
            Await.until("the database is back", LONG, () -> Faults.answers(restarted));
        }
        tables.dropAll();
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void everySubscriptionResumesByItselfAfterTheDatabaseRestarts(TestDatabase db, Form form) throws Exception {
        restarted = db;
        String table = tables.inbox(db);
        db.insertRows(table, ROWS);
        Set<Long> expected = new HashSet<>();
        for (long id = db.count("SELECT min(id) FROM " + table); expected.size() < ROWS; id++) {
            expected.add(id);
        }
        try (Harness server = Harness.start()) {
            Map<String, String> p = db.properties("restarted", table, form);
            p.put("workers", "2");
            p.put("lease", "PT3S");
            Harness.Activation mdb = server.activate(message -> {
                Await.sleep(10);
                return Outcome.ack();
            }, p);
            Await.until("some rows are settled", LONG, () -> mdb.log().committed().size() >= 50);
            restart(db);
            Await.until("the database is back", LONG, () -> Faults.answers(db));
            long left = db.count("SELECT count(*) FROM " + table);
            assertTrue(left > 0, "rows were left for after the restart");
            Await.until("every row is settled", LONG,
                    () -> Faults.answers(db) && db.count("SELECT count(*) FROM " + table) == 0);
            Await.until("no delivery is in work", LONG, () -> mdb.log().nothingInWork());
            assertEquals(Map.of(), mdb.log().committedMoreThanOnce(), "no row committed twice");
            assertEquals(expected, mdb.log().settledIds(), "every row settled by a delivery");
        }
    }

    /** Restarts the database server itself, as FAULTS.md says: PostgreSQL's cluster, or the mariadbd process. */
    private static void restart(TestDatabase db) throws Exception {
        if (db == TestDatabase.POSTGRES) {
            Faults.restartPostgres("fast");
        } else {
            run("mysqladmin", "-h", "127.0.0.1", "-P", "3306", "-u", "root", "shutdown");
            // A new server started while the old one still shuts down finds its files locked and exits.
            Await.until("the old server has exited", LONG, () -> new ProcessBuilder("pgrep", "-x", "mariadbd")
                    .start().waitFor() != 0);
            run("start-stop-daemon", "--start", "--oknodo", "--background", "--exec", "/usr/sbin/mariadbd", "--",
                    "--user=mysql");
        }
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertEquals(0, process.waitFor(), String.join(" ", command) + ": " + output);
    }
}
