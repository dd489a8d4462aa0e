package io.inboxra.it;

import io.inboxra.harness.Await;
import io.inboxra.it.crash.Crash;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static io.inboxra.it.CrashDatabase.effects;
import static io.inboxra.it.CrashDatabase.inDoubt;
import static io.inboxra.it.CrashDatabase.insert;
import static io.inboxra.it.CrashDatabase.mariadb;
import static io.inboxra.it.CrashDatabase.releaseLeftBranches;
import static io.inboxra.it.CrashDatabase.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The two crashes every server's crash test runs, and what must come of them: a server killed
 * while a delivery's transaction is between its phases, or in its prepares, and started again on
 * the same transaction log. The row is on PostgreSQL behind a proxy ({@link CommitStall}) that
 * holds back the adapter's second phase (or its prepare's reply) and counts what reaches the
 * database through the adapter's own connection; the MDB's effect is on MariaDB, through a
 * server-level XA data source the server recovers by itself; the adapter's in-doubt resolver waits
 * a day ({@code inDoubtTimeout=P1D}). So only the server's recovery, reaching the adapter, can
 * finish the adapter's branch: committed after a logged decision, rolled back (presumed abort)
 * before one, and then the row delivered again. Either way the row is settled and the effect is
 * there once.
 *
 * <p>A subclass is one server: how its own server is installed and started on kept files, how the
 * crash in the prepares is caused there, and what it can see of the branches at the kill.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class CrashRecoveryCases {

    /** How long a start may take until the subscription runs. */
    private final Duration boot;
    /** How long a restart may take until its recovery has finished the crashed transaction. */
    private final Duration recovery;
    /** The test MDB's subscription, whose start the console shows. */
    private final String subscription;
    /** How the server's recovery reaches the adapter's branch, for the messages. */
    private final String recoveryResource;

    CommitStall stall;
    ServerProcess server;
    private int boots;

    CrashRecoveryCases(Duration boot, Duration recovery, String subscription, String recoveryResource) {
        this.boot = boot;
        this.recovery = recovery;
        this.subscription = subscription;
        this.recoveryResource = recoveryResource;
    }

    /** Installs the server's own copy (configuration, RAR, driver, the MDB's WAR), once before the cases. */
    abstract void install() throws Exception;

    /**
     * Starts the server on its kept files.
     *
     * @param boot 1 for the first start, then 2, 3, ...
     */
    abstract ServerProcess start(int boot) throws Exception;

    /**
     * Checks what the server left at a kill between the phases (the proxy holds back the adapter's
     * {@code COMMIT PREPARED}).
     */
    abstract void assertKilledBetweenThePhases(long id, List<String> branches) throws Exception;

    /**
     * Makes the server crash in the prepares of a new row's delivery, before its transaction
     * manager has logged a decision.
     *
     * @return the row and the branches prepared at the crash
     */
    abstract CrashedDelivery crashInThePrepares() throws Exception;

    /** A row whose delivery's transaction a crash cut off, and the branches it left prepared. */
    record CrashedDelivery(long id, List<String> inDoubt) {
    }

    /** What else shows that the adapter's branch was finished by the server's recovery, if the server says so. */
    void assertRecoveredThroughTheAdapter() {
    }

    @BeforeAll
    void setUp() throws Exception {
        releaseLeftBranches();
        Database.execute("DROP TABLE IF EXISTS it_crash",
                "CREATE TABLE it_crash (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)");
        mariadb("SET SESSION lock_wait_timeout = 10", "DROP TABLE IF EXISTS it_crash_effects",
                "CREATE TABLE it_crash_effects (row_id BIGINT NOT NULL, payload VARCHAR(100)) ENGINE=InnoDB");
        stall = new CommitStall();
        install();
    }

    @AfterAll
    void tearDown() throws Exception {
        if (server != null) {
            server.stop();
        }
        if (stall != null) {
            stall.close();
        }
    }

    /**
     * The crash comes after the transaction manager has logged its commit decision, while the
     * adapter's branch is being committed (its {@code COMMIT PREPARED} held back by the proxy):
     * after the restart the branches are committed, the row settled and the effect there once.
     */
    @Test
    @Order(1)
    void aCrashInTheCommitPhaseIsCommittedByTheServersRecoveryAfterTheRestart() throws Exception {
        bootIfDown();
        stall.arm();
        long id = insert("commit crash");
        List<String> branches = killWhileHeld(id, "between the phases");
        assertKilledBetweenThePhases(id, branches);

        int commits = stall.commitsPrepared();
        restartUntilSettled(id, "the restarted server's recovery commits the branches");
        assertFalse(server.log().contains("crash-test: delivered row " + id), "the row was not delivered again");
        assertRecoveredThroughTheAdapter();
        assertEquals(commits + 1, stall.commitsPrepared(),
                "the adapter's branch was committed on the adapter's own connection (" + recoveryResource + ")");
    }

    /**
     * The control: the crash comes in the prepares, before the transaction manager has logged a
     * decision, with the adapter's and the MDB's branch both prepared; after the restart both are
     * rolled back (presumed abort), the row comes back, is delivered again and settled, and the
     * effect is there once.
     */
    @Test
    @Order(2)
    void aCrashBeforeTheDecisionIsRolledBackAndTheRowDeliveredAgain() throws Exception {
        bootIfDown();
        CrashedDelivery crashed = crashInThePrepares();
        long id = crashed.id();
        List<String> branches = crashed.inDoubt();
        assertEquals(2, branches.size(), "the adapter's and the MDB's branch are both prepared: " + branches);
        assertEquals(1, rows(id), "the row's settlement is only prepared");
        assertEquals(0, effects(id));

        int rollbacks = stall.rollbacksPrepared();
        restartUntilSettled(id, "the restarted server's recovery rolls the branches back, and the row is delivered again");
        assertTrue(server.log().contains("crash-test: delivered row " + id), "the row was delivered again");
        assertEquals(rollbacks + 1, stall.rollbacksPrepared(),
                "the adapter's branch was rolled back on the adapter's own connection (" + recoveryResource + ")");
        assertRecoveredThroughTheAdapter();
    }

    /**
     * Waits until the proxy holds what it was armed for (the row's delivery is then in its
     * two-phase commit), and kills the server.
     *
     * @return the branches prepared at the kill
     */
    List<String> killWhileHeld(long id, String where) throws Exception {
        String held = stall.awaitHeld(Duration.ofSeconds(30));
        System.out.println("crash-test: held back " + held);
        List<String> branches = inDoubt(id);
        server.kill();
        System.out.println("crash-test: killed the server " + where + "; in doubt: " + branches);
        return branches;
    }

    /**
     * Payara's and WildFly's crash in the prepares: the test MDB's witness resource, enlisted last,
     * halts the server in its prepare, after the adapter's and the MDB's branch were prepared.
     *
     * @param flags the folder the witness reads ({@code -Dcrash.flags})
     */
    CrashedDelivery haltedByTheWitness(Path flags) throws Exception {
        Files.writeString(flags.resolve("halt-in-prepare"), "once");
        long id = insert(Crash.HALT_IN_PREPARE);
        int exit = server.awaitExit(Duration.ofSeconds(30));
        assertEquals(1, exit, "the witness halted the server");
        List<String> branches = inDoubt(id);
        System.out.println("crash-test: the server halted in the last prepare; in doubt: " + branches);
        return new CrashedDelivery(id, branches);
    }

    /**
     * Payara's and WildFly's view of a kill between the phases, through the witness resource:
     * both branches prepared, the witness prepared and not committed, the effect not committed.
     */
    void assertWitnessedBetweenThePhases(long id, List<String> branches) throws Exception {
        assertEquals(2, branches.size(), "the adapter's and the MDB's branch are both prepared: " + branches);
        String console = server.log();
        assertTrue(console.contains("crash-test witness: prepare of row " + id), "every branch was prepared");
        assertFalse(console.contains("crash-test witness: commit of row " + id),
                "the adapter's branch is committed first: the witness, enlisted last, was not committed yet");
        assertEquals(0, effects(id), "the MDB's effect is prepared, not committed");
    }

    private void bootIfDown() throws Exception {
        if (server == null || !server.isAlive()) {
            boot();
        }
    }

    /**
     * Restarts the server on the same transaction log, and waits until nothing of the row's
     * transaction is in doubt, the row is settled and its effect there; then a while, for a
     * second delivery or commit to show, before the same checks.
     */
    private void restartUntilSettled(long id, String what) throws Exception {
        boot();
        Await.until(what, recovery, () -> inDoubt(id).isEmpty() && rows(id) == 0 && effects(id) == 1);
        Thread.sleep(2000);
        assertEquals(0, rows(id), "the row is settled");
        assertEquals(1, effects(id), "the MDB's effect, once");
        assertEquals(List.of(), inDoubt(id), "nothing left prepared");
    }

    /** Starts the server on its kept files, and waits until the MDB's subscription runs. */
    private void boot() throws Exception {
        boots++;
        server = start(boots);
        try {
            server.awaitLog("Inbox subscription '" + subscription + "' delivers rows", boot);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "\n" + CrashDatabase.preparedEverywhere(), e);
        }
        System.out.printf("crash-test: boot %d: the subscription runs %.1f s after the JVM started%n", boots,
                server.seconds());
    }
}
