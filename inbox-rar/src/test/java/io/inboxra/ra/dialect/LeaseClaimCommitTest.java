package io.inboxra.ra.dialect;

import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.ra.dialect.postgres.PostgresDialect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * PostgreSQL's lease claim commits its own transaction without waiting for the log's flush, and
 * nothing else: the pooled connection it ran on goes on to settle deliveries, whose commits must
 * wait for it. On the real database: the setting holds for the claim's transaction, and the
 * session's own is as it was afterwards, in autocommit and in a transaction alike.
 */
class LeaseClaimCommitTest {

    private static final TestDatabase DB = TestDatabase.POSTGRES;
    private final PostgresDialect dialect = new PostgresDialect();
    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    @Test
    void theClaimsTransactionAloneCommitsWithoutWaitingForTheFlush() throws Exception {
        String table = tables.inbox(DB);
        DB.execute("INSERT INTO " + table + " (payload) SELECT 'row ' || n FROM " + DB.series(3));
        TableSpec spec = TableSpec.builder(table).lockedUntilColumn("locked_until").build();
        Statement claim = dialect.leaseClaim(spec);
        assertEquals(List.of(Param.LIMIT, Param.LEASE), claim.params());
        try (Connection c = DB.connect()) {
            c.setAutoCommit(false);
            assertEquals(1, claim(c, claim).size(), "one row claimed");
            assertEquals("off", setting(c), "in the claim's transaction");
            c.commit();
            assertEquals("on", setting(c), "the session's own, once the claim's transaction ended");
            c.setAutoCommit(true);
            assertEquals(1, claim(c, claim).size(), "one more row claimed, in autocommit");
            assertEquals("on", setting(c), "the session's own, after a claim in autocommit");
        }
        assertEquals(2, DB.count("SELECT count(*) FROM " + table + " WHERE locked_until > now()"),
                "both leases committed, seen from another session");
    }

    private static List<Long> claim(Connection c, Statement claim) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(claim.sql())) {
            ps.setInt(1, 1);
            ps.setLong(2, 60_000);
            List<Long> ids = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getLong("inbox_id"));
                }
            }
            return ids;
        }
    }

    private static String setting(Connection c) throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery("SHOW synchronous_commit")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
