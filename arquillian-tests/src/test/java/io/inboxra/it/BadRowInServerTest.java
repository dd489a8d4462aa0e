package io.inboxra.it;

import io.inboxra.it.app.Effects;
import io.inboxra.it.app.Invocations;
import io.inboxra.it.badrow.BadRowThrows;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Set;

import static io.inboxra.it.Until.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 22, point 1: one row that always fails, first in the claim order, in front of 300 good
 * rows, in the default configuration (row lock form, no attempt column, the default poll
 * intervals), 4 workers. The good rows are delivered once each, without waiting on the bad one,
 * and the bad row is delivered about once a second at most: whether the MDB throws for it
 * ({@code BadRowThrows}) or its own XA write for it fails at prepare ({@code BadRowPrepareFails}).
 * The MDBs are in {@code io.inboxra.it.badrow}.
 */
@ExtendWith(ArquillianExtension.class)
class BadRowInServerTest {

    private static final int ROWS = 300;

    @Deployment(testable = false)
    static WebArchive deployment() throws Exception {
        ServerLog.capture();
        Database.createBadRowSchema();
        BootCommands.write(List.of(), List.of());
        return Server.current().bind(ShrinkWrap.create(WebArchive.class, "inbox-bad-row.war"))
                .addPackage(BadRowThrows.class.getPackage())
                .addClasses(Effects.class, Invocations.class)
                .addAsLibraries(Server.current().postgresDriver());
    }

    @Test
    void aRowTheMdbAlwaysThrowsForHoldsBackNoRowBehindIt() throws Exception {
        holdsBackNoRowBehindIt("it_bad_throws", "BadRowThrows");
    }

    @Test
    void aRowWhoseXaWriteFailsAtPrepareHoldsBackNoRowBehindIt() throws Exception {
        holdsBackNoRowBehindIt("it_bad_prepare", "BadRowPrepareFails");
    }

    private static void holdsBackNoRowBehindIt(String table, String mdb) throws Exception {
        String effects = "SELECT count(*) FROM it_effects WHERE mdb = '" + mdb + "'";
        long start = System.nanoTime();
        Set<Long> alone = Database.insert("INSERT INTO " + table + " (payload) SELECT 'good ' || g"
                + " FROM generate_series(1, " + ROWS + ") g", "payload").keySet();
        until(ROWS + " good rows alone are delivered", () -> Database.count(effects) >= ROWS);
        double aloneSeconds = (System.nanoTime() - start) / 1e9;

        start = System.nanoTime();
        long bad = Database.insert("INSERT INTO " + table + " (payload) VALUES ('bad')", "payload")
                .keySet().iterator().next();
        Set<Long> behind = Database.insert("INSERT INTO " + table + " (payload) SELECT 'good ' || g"
                + " FROM generate_series(1, " + ROWS + ") g", "payload").keySet();
        until(ROWS + " good rows behind the bad one are delivered", () -> Database.count(effects) >= 2 * ROWS);
        double behindSeconds = (System.nanoTime() - start) / 1e9;
        Thread.sleep(3000); // the bad row alone in the table for a while: no hot loop either
        double observed = (System.nanoTime() - start) / 1e9;
        long badDeliveries = Database.count("SELECT count(*) FROM it_invocations WHERE mdb = '" + mdb
                + "' AND row_id = " + bad);
        System.out.printf("%s: %d good rows alone in %.1f s, %d behind a bad row in %.1f s (x%.2f);"
                + " the bad row delivered %d times in %.1f s%n", mdb, ROWS, aloneSeconds, ROWS, behindSeconds,
                behindSeconds / aloneSeconds, badDeliveries, observed);

        Set<Long> good = new java.util.HashSet<>(alone);
        good.addAll(behind);
        assertEquals(good, Database.ids("SELECT row_id FROM it_effects WHERE mdb = '" + mdb + "'"), "every good row's effect");
        assertEquals(2 * ROWS, Database.count(effects), "each effect once");
        assertEquals(1, Database.count("SELECT count(*) FROM " + table), "only the bad row stays");
        assertEquals(1, Database.count("SELECT count(*) FROM " + table + " WHERE id = " + bad), "the bad row stays");
        assertEquals(0, Database.count("SELECT count(*) FROM it_effects WHERE row_id = " + bad
                + " AND mdb <> 'BadRowRefused'"), "nothing of the bad row committed");
        // Set aside for 1 s, then 2 s, 4 s...: at most about once a second, one in work at either end.
        assertTrue(badDeliveries <= observed + 2, "the bad row was delivered " + badDeliveries + " times in "
                + observed + " s: more than about once a second");
        assertTrue(badDeliveries >= 1, "the bad row was tried");
        // Set aside before its transaction let it go: no other worker took it in between.
        List<Object[]> gaps = Database.rows("SELECT extract(epoch FROM at - lag(at) OVER (ORDER BY at))::float8"
                + " FROM it_invocations WHERE mdb = '" + mdb + "' AND row_id = " + bad + " ORDER BY at");
        for (Object[] gap : gaps.subList(1, gaps.size())) {
            assertTrue((Double) gap[0] >= 0.9, "the bad row was delivered again " + gap[0] + " s after the delivery before");
        }
    }
}
