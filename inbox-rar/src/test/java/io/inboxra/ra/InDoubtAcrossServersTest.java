package io.inboxra.ra;

import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.ChildProcess;
import io.inboxra.harness.ChildServer;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.HandClock;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Narayana;
import io.inboxra.harness.ServerPhases;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.ra.subscription.InDoubtResolvers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import javax.sql.XAConnection;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The in-doubt resolver decides nothing a transaction manager may still decide (issue 22, point
 * 5). Two servers on one database: server A, a child JVM with a kept Narayana store, halts in
 * the middle of a delivery's commit; server B, alive, runs its resolver past
 * {@code inDoubtTimeout} and never touches A's branch; A, restarted on its store, recovers:
 * the branches are committed as its log says (or rolled back where it logged nothing), and the
 * row's effect is in the table once. And a branch of B's own deliveries that B's transaction
 * manager left undecided gets the outcome that transaction manager reported, never a guess.
 */
@Exclusive
class InDoubtAcrossServersTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(1);
    private static final Duration LONG = Duration.ofSeconds(90);
    /** One per test JVM: the exclusive phase runs this class in two at once. */
    private static final File LOG = new File("target/child-servers-"
            + Narayana.node() + ".log");

    private final TestTables tables = new TestTables();
    private final List<Runnable> cleanUps = new ArrayList<>();

    @AfterEach
    void cleanUp() throws SQLException {
        cleanUps.forEach(Runnable::run);
        tables.dropAll();
    }

    /** The crash (after COMMIT was logged) in every form; a crash before any decision in the row lock form. */
    static Stream<Arguments> crashes() {
        Stream<Arguments> afterCommit = Stream.of(TestDatabase.POSTGRES, TestDatabase.MARIADB)
                .flatMap(db -> Stream.of(Form.values()).map(form -> Arguments.of(db, form, "halt-in-commit")));
        Stream<Arguments> beforeDecision = Stream.of(TestDatabase.POSTGRES, TestDatabase.MARIADB)
                .map(db -> Arguments.of(db, Form.ROW_LOCK, "halt-in-prepare"));
        return Stream.concat(afterCommit, beforeDecision);
    }

    static Stream<Arguments> databasesAndForms() {
        return Stream.of(TestDatabase.POSTGRES, TestDatabase.MARIADB)
                .flatMap(db -> Stream.of(Form.values()).map(form -> Arguments.of(db, form)));
    }

    @ParameterizedTest
    @MethodSource("crashes")
    void aBranchOfAServerThatIsDownIsLeftToThatServersRecovery(TestDatabase db, Form form, String crash)
            throws Exception {
        String table = tables.inbox(db);
        String effects = tables.effects(db);
        db.insertRows(table, 1);
        String node = "lent" + ThreadLocalRandom.current().nextInt(1_000_000, 10_000_000);
        Path store = Files.createTempDirectory("narayana-" + node);
        Map<String, String> system = Map.of("inbox.harness.node", node, "inbox.harness.store", store.toString());
        cleanUps.add(() -> rollBackBranchesOf(db, node));
        Map<String, String> a = db.properties("server-a-" + table, table, form);
        a.put("lease", "PT2S");
        Map<String, String> args = new LinkedHashMap<>(a);
        args.put("database", db.name());
        args.put("effects", effects);
        args.put("mode", crash);
        try (ChildProcess down = ChildProcess.start(args, LOG, system)) {
            assertEquals(ChildServer.HALTED, down.awaitExit(Duration.ofSeconds(60)), "server A halted in " + crash);
        }
        int prepared = branchesOf(db, node).size();
        assertEquals(crash.equals("halt-in-commit") ? 2 : 1, prepared,
                "A's branches in doubt: the adapter's" + (crash.equals("halt-in-commit") ? " and the MDB's" : ""));

        Map<String, String> b = db.properties("server-b-" + table, table, form);
        b.put("lease", "PT2S");
        b.put("inDoubtTimeout", "PT1M");
        try (Harness live = Harness.start();
                EffectWriter mdb = new EffectWriter(db.xaDataSource(), effects, new HashSet<>())) {
            live.activate(mdb, b);
            HandClock clock = new HandClock(Instant.now());
            Runnable resolver = InDoubtResolvers.resolver(live.adapter().subscription("server-b-" + table).orElseThrow(),
                    TIMEOUT, clock);
            Await.sleep(2 * TIMEOUT.toMillis()); // A's branches are older than the timeout, in the database's time too
            for (int pass = 0; pass < 3; pass++) {
                clock.advance(Duration.ofMinutes(10));
                resolver.run();
            }
            assertEquals(prepared, branchesOf(db, node).size(), "B's resolver left A's branches to A's transaction"
                    + " manager, though A is down and they are older than inDoubtTimeout");
            assertEquals(0, db.count("SELECT count(*) FROM " + effects), "nothing delivered while A's branch holds the row");

            Map<String, String> restart = new LinkedHashMap<>(args);
            restart.put("mode", "recover");
            try (ChildProcess restarted = ChildProcess.start(restart, LOG, system)) {
                Await.until("A's recovery has run", LONG, () -> restarted.printed("RECOVERED"));
                Await.until("A's branches are finished and the row settled", LONG,
                        () -> branchesOf(db, node).isEmpty() && db.count("SELECT count(*) FROM " + table) == 0);
            }
        }
        assertEquals(1, db.count("SELECT count(*) FROM " + effects), "the row's effect, exactly once");
    }

    /**
     * B's transaction manager prepares the adapter's branch and then completes the transaction
     * (committed) without passing on the second phase: the branch stays prepared, holding its row.
     * Once it has waited {@code inDoubtTimeout}, the resolver commits it, as the transaction manager reported.
     */
    @ParameterizedTest
    @MethodSource("databasesAndForms")
    void aBranchItsOwnTransactionManagerLeftUndecidedGetsTheOutcomeItReported(TestDatabase db, Form form)
            throws Exception {
        String table = tables.inbox(db);
        String effects = tables.effects(db);
        db.insertRows(table, 1);
        String name = "forgotten-" + table;
        Map<String, String> p = db.properties(name, table, form);
        p.put("inDoubtTimeout", "PT1M");
        p.put("lease", "PT2S");
        List<Xid> prepared = new java.util.concurrent.CopyOnWriteArrayList<>();
        cleanUps.add(() -> rollBack(db, prepared));
        try (Harness server = Harness.start().wrappingAdapterResources(
                        r -> ServerPhases.forgettingSecondPhase(r, prepared::add));
                EffectWriter mdb = new EffectWriter(db.xaDataSource(), effects, new HashSet<>())) {
            Harness.Activation activation = server.activate(mdb, p);
            HandClock clock = new HandClock(Instant.now());
            Runnable resolver = InDoubtResolvers.resolver(server.adapter().subscription(name).orElseThrow(), TIMEOUT,
                    clock);
            Await.until("the MDB's effect has committed", LONG, () -> db.count("SELECT count(*) FROM " + effects) == 1);
            Await.until("the transaction manager has completed the delivery", LONG,
                    () -> !activation.log().committed().isEmpty());
            resolver.run();
            assertEquals(1, db.count("SELECT count(*) FROM " + table), "the row waits in the prepared branch");
            clock.advance(TIMEOUT.plusSeconds(1));
            // Each pass as the resolver's timer runs it (MariaDB: the branch is finished once its session is gone).
            Await.until("the row is settled", LONG, () -> {
                resolver.run();
                return db.count("SELECT count(*) FROM " + table) == 0;
            });
        }
        assertEquals(1, db.count("SELECT count(*) FROM " + effects), "the row's effect, exactly once");
    }

    /** @return the prepared branches on the database whose global transaction id names the node */
    private static List<Xid> branchesOf(TestDatabase db, String node) throws SQLException, XAException {
        XAConnection c = db.xaDataSource().getXAConnection();
        try {
            List<Xid> ours = new ArrayList<>();
            byte[] name = node.getBytes(StandardCharsets.UTF_8);
            for (Xid xid : c.getXAResource().recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN)) {
                if (contains(xid.getGlobalTransactionId(), name)) {
                    ours.add(xid);
                }
            }
            return ours;
        } finally {
            c.close();
        }
    }

    private static boolean contains(byte[] bytes, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= bytes.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (bytes[i + j] != part[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** Only this test's node's branches: other tests share the databases. */
    private static void rollBackBranchesOf(TestDatabase db, String node) {
        try {
            rollBack(db, branchesOf(db, node));
        } catch (SQLException | XAException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Rolls back those of the branches still prepared (a failed test's). */
    private static void rollBack(TestDatabase db, List<Xid> branches) {
        try {
            XAConnection c = db.xaDataSource().getXAConnection();
            try {
                for (Xid xid : branches) {
                    try {
                        c.getXAResource().rollback(xid);
                    } catch (XAException finished) {
                        // no longer prepared: as it should be
                    }
                }
            } finally {
                c.close();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
