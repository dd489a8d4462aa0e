package io.inboxra.tck;

import io.inboxra.dialect.Label;
import io.inboxra.dialect.Lease;
import io.inboxra.dialect.LeaseInSteps;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;
import io.inboxra.tck.KitInbox.Row;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Checks {@link Lease#extendLeaseAfterCutOff}: after an extension that the database wrote but
 * whose reply never came, the lease is found from the token seen before it, and extended; a lease
 * another claim wrote after that token passed, and a lease released, are not. The statements run
 * in autocommit, as the heartbeat runs them.
 */
abstract class LeaseExtensionConformance extends MinimumVersionConformance {

    private static final Duration LEASE = Duration.ofSeconds(60);

    @Test
    void theLeaseAnUnansweredExtensionWroteIsFoundFromTheTokenBefore() throws Exception {
        Fixture f = fixture();
        Object claimed = f.claim();
        // The extension whose reply is lost: its lease is later than the claim's, as the column keeps it.
        Object unseen = claimed;
        for (long wait = 50; Objects.equals(unseen, claimed) && wait < 3_000; wait *= 2) {
            Thread.sleep(wait);
            unseen = f.extend(f.lease.extendLease(f.spec), unseen);
            assertNotNull(unseen, "extendLease extends the lease it wrote");
        }
        assertNotEquals(claimed, unseen, "the lease, extended seconds after the claim, is still the claim's");
        assertNull(f.extend(f.lease.extendLease(f.spec), claimed),
                "extendLease matches the row with the token seen before that extension");
        Object found = f.extend(f.afterCutOff, claimed);
        assertNotNull(found, "extendLeaseAfterCutOff finds the lease the unanswered extension wrote, from the token"
                + " before it: " + f.afterCutOff.sql());
        assertNotNull(f.extend(f.lease.extendLease(f.spec), found),
                "the token extendLeaseAfterCutOff returned is the row's lease: extendLease matches it");
    }

    @Test
    void aLeaseAnotherClaimWroteOrOneReleasedIsNotTaken() throws Exception {
        Fixture f = fixture();
        Object claimed = f.claim();
        // What a claim writes that took the row once the token had passed: a whole lease beyond it, and a second.
        execute("UPDATE " + inbox.name() + " SET locked_until = "
                + target.columns().timeFromNow(LEASE.multipliedBy(2).plusSeconds(1)));
        assertNull(f.extend(f.afterCutOff, claimed),
                "extendLeaseAfterCutOff took a lease that another claim wrote after the token had passed: "
                        + f.afterCutOff.sql());
        execute("UPDATE " + inbox.name() + " SET locked_until = NULL");
        assertNull(f.extend(f.afterCutOff, claimed), "extendLeaseAfterCutOff took a released row: " + f.afterCutOff.sql());
        assertEquals(1, inbox.count("locked_until IS NULL"), "the released row kept no lease");
    }

    private Fixture fixture() throws Exception {
        Lease lease = capability(Lease.class);
        TableSpec spec = spec(TableSpec.builder(inbox.name()).lockedUntilColumn("locked_until"));
        Statement afterCutOff = lease.extendLeaseAfterCutOff(spec).orElse(null);
        Assumptions.assumeTrue(afterCutOff != null, "dialect '" + dialect.name() + "' has no extendLeaseAfterCutOff:"
                + " a lease whose extension the database wrote unanswered is taken for lost");
        inbox.insert(Row.of("leased"));
        return new Fixture(lease, spec, afterCutOff, inbox.keys("1 = 1").get(0), connection());
    }

    /** The lease form's statements on the kit's one row, on a connection in autocommit. */
    private record Fixture(Lease lease, TableSpec spec, Statement afterCutOff, Object id, Connection c) {

        /** @return the token of a lease written by the dialect's claim */
        Object claim() throws SQLException, StatementException {
            if (lease instanceof LeaseInSteps steps) {
                assertEquals(1, update(steps.leaseWrite(spec), null), "leaseWrite writes the row's lease");
                return readBack(steps);
            }
            try (PreparedStatement ps = bound(lease.leaseClaim(spec), null); ResultSet rs = ps.executeQuery()) {
                assertEquals(true, rs.next(), "leaseClaim claims the free row");
                return rs.getObject(Label.TOKEN);
            }
        }

        /** @return the new token, or null where the extension matched no row */
        Object extend(Statement extension, Object token) throws SQLException {
            if (lease instanceof LeaseInSteps steps) {
                int changed = update(extension, token);
                return changed == 0 ? null : readBack(steps);
            }
            try (PreparedStatement ps = bound(extension, token); ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getObject(Label.TOKEN) : null;
            }
        }

        private Object readBack(LeaseInSteps steps) throws SQLException {
            try (PreparedStatement ps = bound(steps.leaseRead(spec), null); ResultSet rs = ps.executeQuery()) {
                assertEquals(true, rs.next(), "leaseRead reads the row back");
                return rs.getObject(Label.TOKEN);
            }
        }

        private int update(Statement statement, Object token) throws SQLException {
            try (PreparedStatement ps = bound(statement, token)) {
                return ps.executeUpdate();
            }
        }

        private PreparedStatement bound(Statement statement, Object token) throws SQLException {
            PreparedStatement ps = c.prepareStatement(statement.sql());
            int index = 1;
            for (Param param : statement.params()) {
                switch (param) {
                    case LEASE -> ps.setLong(index, LEASE.toMillis());
                    case LIMIT -> ps.setInt(index, 1);
                    case ID -> ps.setObject(index, id);
                    case TOKEN -> ps.setObject(index, token);
                    default -> throw new AssertionError("the kit binds no " + param + " here: " + statement.sql());
                }
                index++;
            }
            return ps;
        }
    }
}
