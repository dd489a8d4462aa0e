package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a long handler costs the database in each form, on PostgreSQL: while a row lock delivery's
 * MDB runs, its claim's transaction is open, and VACUUM cannot remove the row versions that other
 * work makes dead meanwhile, in any table; a lease delivery's claim committed before its MDB ran,
 * and VACUUM removes them. The handler lasts {@code -Dinbox.vacuum.handlerSeconds} (3 s by default;
 * docs/forms.md gives a run with 30 s).
 */
@Exclusive
class VacuumTest {

    private static final int HANDLER_SECONDS = Integer.getInteger("inbox.vacuum.handlerSeconds", 3);
    private static final Pattern NOT_REMOVABLE = Pattern.compile("(\\d+) are dead but not yet removable");

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    @ParameterizedTest
    @EnumSource(value = Form.class, names = {"ROW_LOCK", "LEASE"})
    void deadRowsMadeWhileAHandlerRunsAreRemovableOnlyInTheLeaseForm(Form form) throws Exception {
        TestDatabase db = TestDatabase.POSTGRES;
        String table = tables.inbox(db);
        String churn = tables.create(db, "churn", "id INT PRIMARY KEY, v INT NOT NULL");
        db.execute("INSERT INTO " + churn + " SELECT g, 0 FROM generate_series(1, 1000) g");
        String name = "vacuum-" + form;
        Map<String, String> p = DeliveryTest.properties(db, form, name, table);
        p.put("lease", "PT" + (HANDLER_SECONDS * 4 + 10) + "S");
        CountDownLatch inListener = new CountDownLatch(1);
        CountDownLatch letGo = new CountDownLatch(1);
        try (Harness server = Harness.start()) {
            Harness.Activation mdb = server.activate(message -> {
                inListener.countDown();
                try {
                    letGo.await(HANDLER_SECONDS + 60L, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Outcome.ack();
            }, p);
            long id = db.insertMarker(table, "payload", "'long handler'");
            assertTrue(inListener.await(20, TimeUnit.SECONDS), "the row reaches the MDB");
            long started = System.nanoTime();
            // Other work, while the handler runs: every update leaves one dead row version.
            long updates = 0;
            try (Connection c = db.connect();
                    PreparedStatement update = c.prepareStatement("UPDATE " + churn + " SET v = v + 1 WHERE id = ?")) {
                while (System.nanoTime() - started < HANDLER_SECONDS * 600_000_000L) {
                    for (int row = 1; row <= 1000; row++) {
                        update.setInt(1, row);
                        update.executeUpdate();
                    }
                    updates += 1000;
                }
            }
            long notRemovable = form == Form.ROW_LOCK ? vacuumOnce(db, churn) : vacuumUntilClean(db, churn);
            System.out.println("VacuumTest " + form + ": handler " + HANDLER_SECONDS + " s, " + updates
                    + " updates meanwhile, VACUUM left " + notRemovable + " dead row versions it could not remove");
            if (form == Form.ROW_LOCK) {
                assertTrue(notRemovable >= updates, "the open claim transaction holds back vacuum: "
                        + notRemovable + " of " + updates + " dead versions not removable");
            } else {
                assertEquals(0, notRemovable, "no adapter transaction is open while a lease MDB runs");
            }
            letGo.countDown();
            Await.until("the row is delivered", Duration.ofSeconds(30), () -> mdb.log().hasCommitted(id));
            assertEquals(0, vacuumUntilClean(db, churn), form + ": once the delivery committed, vacuum removes them");
        }
    }

    /** @return the dead row versions VACUUM found but could not remove (another transaction may still see them) */
    private static long vacuumOnce(TestDatabase db, String table) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            s.execute("VACUUM (VERBOSE) " + table);
            for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
                Matcher m = NOT_REMOVABLE.matcher(w.getMessage());
                if (m.find()) {
                    return Long.parseLong(m.group(1));
                }
            }
            throw new IllegalStateException("VACUUM VERBOSE reported no tuple counts for " + table);
        }
    }

    /**
     * Other engineers' and tests' short transactions elsewhere in the cluster hold back vacuum for a
     * moment too: a few tries, a second apart.
     */
    private static long vacuumUntilClean(TestDatabase db, String table) throws SQLException, InterruptedException {
        long left = vacuumOnce(db, table);
        for (int attempt = 0; attempt < 10 && left > 0; attempt++) {
            Thread.sleep(1000);
            left = vacuumOnce(db, table);
        }
        return left;
    }
}
