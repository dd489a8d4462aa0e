package io.inboxra.ra.delivery.endpoint;

import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.xa.DeliveryBranch;
import jakarta.resource.ResourceException;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.util.UUID;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * The transaction of a delivery whose listener runs in none (bean-managed, {@code NOT_SUPPORTED}):
 * the adapter begins it on its own branch and ends it in one phase, so that the claim, the
 * settlement and a failure's record run exactly as in a container's transaction: a settled
 * delivery commits, any other rolls back, writing its failure's record on the way.
 */
public final class OwnTransaction {

    private static final Logger LOG = System.getLogger(OwnTransaction.class.getName());
    /** The format of the adapter's own transactions' ids ("INBX"); they are never prepared, so never recovered. */
    private static final int FORMAT = 0x494E4258;

    private final DeliveryBranch<DatabaseConnection> branch;
    private final Xid xid;

    private OwnTransaction(DeliveryBranch<DatabaseConnection> branch, Xid xid) {
        this.branch = branch;
        this.xid = xid;
    }

    public static OwnTransaction begin(DeliveryBranch<DatabaseConnection> branch) throws ResourceException {
        Xid xid = new OwnXid(UUID.randomUUID());
        try {
            branch.start(xid, XAResource.TMNOFLAGS);
        } catch (XAException e) {
            throw new ResourceException("the adapter's own transaction for a delivery without a container"
                    + " transaction cannot begin (XA error " + e.errorCode + ")", e);
        }
        return new OwnTransaction(branch, xid);
    }

    /** Commits a settled delivery, in one phase; rolls any other back. How it ended is the branch's {@code ending()}. */
    public void end(boolean settled) {
        branch.end(xid, settled ? XAResource.TMSUCCESS : XAResource.TMFAIL);
        try {
            if (settled) {
                branch.commit(xid, true);
            } else {
                branch.rollback(xid);
            }
        } catch (XAException e) {
            // The branch took its ending as it failed (rolled back, or unknown): the delivery counts as failed.
            LOG.log(Level.WARNING, "A delivery's own transaction did not " + (settled ? "commit" : "roll back")
                    + " (XA error " + e.errorCode + ")", e);
        }
    }

    /** An id of the adapter's own transactions. */
    private record OwnXid(UUID id) implements Xid {
        @Override
        public int getFormatId() {
            return FORMAT;
        }

        @Override
        public byte[] getGlobalTransactionId() {
            return ByteBuffer.allocate(16).putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits())
                    .array();
        }

        @Override
        public byte[] getBranchQualifier() {
            return new byte[] {1};
        }
    }
}
