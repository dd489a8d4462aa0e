package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.harness.Await;
import io.inboxra.harness.HandClock;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Postgres;
import io.inboxra.ra.subscription.InDoubtResolvers;
import io.inboxra.ra.subscription.Subscription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The adapter's last resort for in-doubt branches never rolls back a prepared branch it finds in
 * the database (issue 22, point 5): not a producer's prepared insert, not an MDB's own branch,
 * and not a branch that claimed rows of the table either, however old: such a branch may be
 * another server's, or this server's from before a restart, and only that server's transaction
 * manager knows its outcome. What the resolver finishes is in {@link InDoubtAcrossServersTest}.
 *
 * <p>The subscriptions run with {@code inDoubtTimeout=PT1M}; each test drives a resolver of that
 * subscription with a one-second timeout and a clock of its own.
 */
@Exclusive
class InDoubtTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(1);

    private final List<String> tables = new ArrayList<>();
    private final List<String> names = new ArrayList<>();
    private final List<String> gids = new ArrayList<>();
    private final HandClock clock = new HandClock(Instant.now());

    @AfterEach
    void cleanUp() throws SQLException {
        for (String table : tables) {
            gids.addAll(branchesHolding(table));
        }
        for (String gid : gids) {
            if (isPrepared(gid)) {
                Postgres.execute("ROLLBACK PREPARED '" + gid + "'");
            }
        }
        for (String name : names) {
            Postgres.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    + " WHERE application_name = 'inbox-ra:" + name + "'");
        }
        for (String table : tables) {
            Postgres.execute("DROP TABLE IF EXISTS " + table);
        }
    }

    @Test
    void aProducersPreparedInsertIsLeftAlone() throws Exception {
        String table = inbox();
        long existing = insert(table, "existing");
        try (Harness server = Harness.start()) {
            Runnable resolver = resolver(server, table);
            String gid = prepare(table, "producer", "INSERT INTO " + table + " (payload) VALUES ('produced')");
            awaitOlderThanTimeout(gid);
            clock.advance(TIMEOUT.plusSeconds(1));
            resolver.run();
            assertTrue(isPrepared(gid), "the producer's branch is the transaction manager's to decide");
            assertTrue(isFree(table, existing), "the existing row was never locked");
        }
    }

    @Test
    void anMdbsPreparedBranchThatInsertsIntoTheInboxIsLeftAlone() throws Exception {
        String table = inbox();
        String effects = table("effects", "row_id BIGINT NOT NULL");
        insert(table, "existing");
        try (Harness server = Harness.start()) {
            Runnable resolver = resolver(server, table);
            String gid = prepare(table, "mdb",
                    "INSERT INTO " + effects + " (row_id) VALUES (1)",
                    "SELECT count(*) FROM " + table,
                    "INSERT INTO " + table + " (payload) VALUES ('follow-up')");
            awaitOlderThanTimeout(gid);
            clock.advance(TIMEOUT.plusSeconds(1));
            resolver.run();
            assertTrue(isPrepared(gid), "the MDB's branch is the transaction manager's to decide");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT id FROM %s WHERE id = %d FOR UPDATE",
            "DELETE FROM %s WHERE id = %d",
            "UPDATE %s SET processed_at = now() WHERE id = %d",
            // the row lock form's settlement under a savepoint: xmax becomes a multixact
            "SELECT id FROM %1$s WHERE id = %2$d FOR UPDATE; SAVEPOINT settled; DELETE FROM %1$s WHERE id = %2$d"})
    void aPreparedBranchThatClaimedARowIsLeftToItsTransactionManager(String claim) throws Exception {
        String table = inbox();
        long id = insert(table, "claimed");
        try (Harness server = Harness.start()) {
            Runnable resolver = resolver(server, table);
            String gid = prepare(table, "claim", String.format(claim, table, id).split("; "));
            awaitOlderThanTimeout(gid);
            for (int pass = 0; pass < 3; pass++) {
                clock.advance(Duration.ofMinutes(10));
                resolver.run();
            }
            assertTrue(isPrepared(gid), "a branch this server's transaction manager did not leave undecided is"
                    + " another's to decide, however old, even if it claimed the row");
            assertFalse(isFree(table, id), "its row stays held until its transaction manager decides");
        }
    }

    /**
     * Servers ask for the recovery resources on every recovery pass (Narayana: every two minutes):
     * every pass gets the same resource. It holds no connection until it is called (Payara asks
     * and discards it) and none once a scan has ended; a decision that comes after its scan
     * (WildFly's Narayana may commit a branch one pass found after a later pass) opens one again.
     */
    @Test
    void recoveryPassesShareOneResourceThatHoldsNoConnectionBetweenScans() throws Exception {
        String table = inbox();
        String effects = table("effects", "note TEXT NOT NULL");
        try (Harness server = Harness.start()) {
            Subscription subscription = activate(server, table);
            String backends = "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'inbox-ra:"
                    + subscription.name() + "'";
            Await.until("the worker's connection", Duration.ofSeconds(5), () -> Postgres.count(backends) == 1);
            XAResource first = subscription.recoveryResource();
            Await.sleep(500);
            assertEquals(1, Postgres.count(backends), "asked for and not called, the resource opened no connection");

            Xid xid = preparedXaBranch("INSERT INTO " + effects + " (note) VALUES ('decided late')");
            try {
                scanThenDecideLate(subscription, first, xid, backends, effects);
            } finally {
                rollBackIfPrepared(xid);
            }
        }
    }

    private static void scanThenDecideLate(Subscription subscription, XAResource first, Xid xid, String backends,
            String effects) throws Exception {
        Xid[] found = null;
        for (int pass = 0; pass < 3; pass++) {
            XAResource resource = subscription.recoveryResource();
            assertSame(first, resource, "pass " + pass + " got the first pass's resource");
            found = resource.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN);
            Await.until("pass " + pass + ": no connection held after its scan", Duration.ofSeconds(5),
                    () -> Postgres.count(backends) == 1);
        }
        assertTrue(java.util.Arrays.stream(found).anyMatch(x -> java.util.Arrays.equals(
                x.getGlobalTransactionId(), xid.getGlobalTransactionId())), "the scan found the prepared branch");

        first.commit(xid, false);
        assertEquals(1, Postgres.count("SELECT count(*) FROM " + effects + " WHERE note = 'decided late'"),
                "the decision after the scan committed the branch");
        first.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN);
        Await.until("the next scan's end let its connection go", Duration.ofSeconds(5),
                () -> Postgres.count(backends) == 1);
    }

    private static void rollBackIfPrepared(Xid xid) throws Exception {
        javax.sql.XAConnection xa = Postgres.xaDataSource().getXAConnection();
        try {
            xa.getXAResource().rollback(xid);
        } catch (javax.transaction.xa.XAException decided) {
            // Committed by the test, as it should be.
        } finally {
            xa.close();
        }
    }

    /** A branch of the test's own on a plain XA connection, prepared and left undecided, its connection closed. */
    private Xid preparedXaBranch(String sql) throws Exception {
        Xid xid = new Xid() {
            private final byte[] gtrid = java.util.UUID.randomUUID().toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);

            @Override
            public int getFormatId() {
                return 0x7E57;
            }

            @Override
            public byte[] getGlobalTransactionId() {
                return gtrid;
            }

            @Override
            public byte[] getBranchQualifier() {
                return new byte[] {1};
            }
        };
        javax.sql.XAConnection xa = Postgres.xaDataSource().getXAConnection();
        try {
            XAResource resource = xa.getXAResource();
            resource.start(xid, XAResource.TMNOFLAGS);
            try (Statement s = xa.getConnection().createStatement()) {
                s.execute(sql);
            }
            resource.end(xid, XAResource.TMSUCCESS);
            resource.prepare(xid);
        } finally {
            xa.close();
        }
        return xid;
    }

    private String inbox() throws SQLException {
        String table = Postgres.newInbox();
        tables.add(table);
        return table;
    }

    private String table(String prefix, String columns) throws SQLException {
        String table = Postgres.newTable(prefix, columns);
        tables.add(table);
        return table;
    }

    private String name(String table) {
        String name = "in-doubt-" + table;
        names.add(name);
        return name;
    }

    /**
     * A resolver of a subscription on the table, activated now on the test's clock. The
     * subscription claims another queue only, so that its workers leave the test's rows alone.
     */
    private Runnable resolver(Harness server, String table) throws Exception {
        return InDoubtResolvers.resolver(activate(server, table), TIMEOUT, clock);
    }

    private Subscription activate(Harness server, String table) throws Exception {
        String name = name(table);
        Map<String, String> p = Postgres.properties(name, table);
        p.put("queueColumn", "queue");
        p.put("queue", "elsewhere");
        p.put("inDoubtTimeout", "PT1M");
        server.activate(message -> Outcome.ack(), p);
        return subscription(server, name);
    }

    private static Subscription subscription(Harness server, String name) {
        return server.adapter().subscription(name).orElseThrow();
    }

    private static long insert(String table, String payload) throws SQLException {
        return Postgres.count("INSERT INTO " + table + " (payload) VALUES ('" + payload + "') RETURNING id");
    }

    /** Runs the statements in a transaction of a plain connection and prepares it. */
    private String prepare(String table, String who, String... statements) throws SQLException {
        String gid = "inbox-test-" + table + "-" + who;
        gids.add(gid);
        try (Connection c = Postgres.connect(); Statement s = c.createStatement()) {
            s.execute("BEGIN");
            for (String sql : statements) {
                s.execute(sql);
            }
            s.execute("PREPARE TRANSACTION '" + gid + "'");
        }
        return gid;
    }

    private static void awaitOlderThanTimeout(String gid) throws Exception {
        Await.until(gid + " is older than " + TIMEOUT, Duration.ofSeconds(10), () -> Postgres.count(
                "SELECT count(*) FROM pg_prepared_xacts WHERE gid = '" + gid + "' AND prepared < now() - interval '"
                        + TIMEOUT.toMillis() + " milliseconds'") == 1);
    }

    private static boolean isPrepared(String gid) throws SQLException {
        return Postgres.count("SELECT count(*) FROM pg_prepared_xacts WHERE gid = '" + gid + "'") == 1;
    }

    /** @return whether the row is there, unsettled, and no transaction holds it */
    private static boolean isFree(String table, long id) throws SQLException {
        try (Connection c = Postgres.connect(); PreparedStatement s = c.prepareStatement("SELECT id FROM "
                + table + " WHERE id = ? AND processed_at IS NULL FOR UPDATE SKIP LOCKED")) {
            s.setLong(1, id);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** @return the prepared transactions holding any lock on the table, whoever prepared them */
    private static List<String> branchesHolding(String table) throws SQLException {
        List<String> gids = new ArrayList<>();
        try (Connection c = Postgres.connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT DISTINCT p.gid FROM pg_prepared_xacts p"
                        + " JOIN pg_locks x ON x.locktype = 'transactionid' AND x.transactionid = p.transaction"
                        + " AND x.pid IS NULL"
                        + " JOIN pg_locks r ON r.virtualtransaction = x.virtualtransaction AND r.pid IS NULL"
                        + " AND r.locktype = 'relation' AND r.relation = to_regclass('" + table + "')")) {
            while (rs.next()) {
                gids.add(rs.getString(1));
            }
        }
        return gids;
    }

}
