package io.inboxra.ra;

import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.ChildProcess;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server killed with rows in work ({@code kill -9} of a child JVM): the rows come back as
 * each form promises, nothing is lost, and nothing is settled twice.
 */
@Alone
class CrashTest {

    private static final Duration LEASE = Duration.ofSeconds(3);
    private static final File LOG = new File("target/child-servers.log");

    private final TestTables tables = new TestTables();
    private Path freeze;

    @AfterEach
    void cleanUp() throws Exception {
        tables.dropAll();
        if (freeze != null) {
            Files.deleteIfExists(freeze);
        }
    }

    private String inbox(TestDatabase db) throws SQLException {
        return tables.inbox(db);
    }

    private String effects(TestDatabase db) throws SQLException {
        return tables.effects(db);
    }

    private static Map<String, String> properties(TestDatabase db, Form form, String table) {
        Map<String, String> p = DeliveryTest.properties(db, form, "crash-" + form.name().toLowerCase(), table);
        p.put("workers", "4");
        if (form == Form.LEASE) {
            p.put("lease", LEASE.toString());
        }
        return p;
    }

    /** Starts a child server, lets it work, freezes it with every worker inside a handler, and kills it. */
    private List<Long> killWithRowsInWork(TestDatabase db, Form form, String table, String effects, long progress)
            throws Exception {
        Files.deleteIfExists(freeze);
        Map<String, String> args = new LinkedHashMap<>(properties(db, form, table));
        args.put("database", db.name());
        args.put("mode", "block");
        args.put("effects", effects);
        args.put("freeze", freeze.toString());
        try (ChildProcess child = ChildProcess.start(args, LOG)) {
            long before = db.count("SELECT count(*) FROM " + effects);
            Await.until("the child server delivers", Duration.ofSeconds(60),
                    () -> db.count("SELECT count(*) FROM " + effects) >= before + progress);
            Files.createFile(freeze);
            Await.until("every worker of the child is inside a handler", Duration.ofSeconds(30),
                    () -> child.blocked().size() == 4);
            child.kill();
            return child.blocked();
        }
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void rowsInWorkReturnAsTheFormPromises(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        String effects = effects(db);
        freeze = Files.createTempFile("freeze", "").toAbsolutePath();
        db.insertRows(table, 100);
        List<Long> inWork = killWithRowsInWork(db, form, table, effects, 10);
        Instant killed = Instant.now();
        assertEquals(0, db.count("SELECT count(*) FROM " + effects + " WHERE row_id IN ("
                + join(inWork) + ")"), "the killed deliveries' effects rolled back");
        Map<Long, Instant> settledAt = new ConcurrentHashMap<>();
        // The writer first, so that it closes last: the server stops (waiting for deliveries in work) before the
        // MDB's data source goes, as in an undeployment. The other way round, a delivery whose row was settled
        // could still be committing its effect's branch on a connection the test had closed.
        try (EffectWriter writer = new EffectWriter(db.xaDataSource(), effects, ConcurrentHashMap.newKeySet(),
                message -> settledAt.put(((Number) message.id()).longValue(), Instant.now()));
                Harness second = Harness.start()) {
            second.activate(writer, properties(db, form, table));
            Await.until("the rows that were in work are delivered again", Duration.ofSeconds(30),
                    () -> settledAt.keySet().containsAll(inWork));
            Instant last = inWork.stream().map(settledAt::get).max(Instant::compareTo).orElseThrow();
            Duration after = Duration.between(killed, last);
            if (form == Form.LEASE) {
                // The last heartbeat before the kill wrote at most a lease, at least two thirds of one.
                assertTrue(after.compareTo(LEASE.multipliedBy(2).dividedBy(3).minusMillis(200)) >= 0,
                        "a leased row came back before its lease ran out: after " + after);
            } else {
                assertTrue(after.compareTo(Duration.ofSeconds(3)) < 0,
                        "the rows in work came back at once: after " + after);
            }
            Await.until("every row is settled", Duration.ofSeconds(60),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
        }
        assertEachEffectOnce(db, effects, 100);
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void threeKillsLoseNothingAndSettleNothingTwice(TestDatabase db, Form form) throws Exception {
        String table = inbox(db);
        String effects = effects(db);
        freeze = Files.createTempFile("freeze", "").toAbsolutePath();
        db.insertRows(table, 500);
        for (int cycle = 1; cycle <= 3; cycle++) {
            killWithRowsInWork(db, form, table, effects, 60);
        }
        // The writer closes after the server has stopped (above).
        try (EffectWriter writer = new EffectWriter(db.xaDataSource(), effects, ConcurrentHashMap.newKeySet());
                Harness last = Harness.start()) {
            last.activate(writer, properties(db, form, table));
            Await.until("every row is settled", Duration.ofSeconds(90),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
        }
        assertEachEffectOnce(db, effects, 500);
    }

    private static void assertEachEffectOnce(TestDatabase db, String effects, long rows) throws SQLException {
        assertEquals(rows, db.count("SELECT count(*) FROM " + effects), "one effect per row");
        assertEquals(rows, db.count("SELECT count(DISTINCT row_id) FROM " + effects), "no row's effect twice");
    }

    private static String join(List<Long> ids) {
        return String.join(", ", ids.stream().map(String::valueOf).toList());
    }
}
