package io.inboxra.ra.xa;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * The rollback of a {@link DeliveryBranch} that was never prepared: the failure's record is
 * written into the branch and only that commits, in one phase; without a record (or when it
 * cannot be written) the branch rolls back whole.
 */
final class UnpreparedRollback {

    private static final Logger LOG = System.getLogger(UnpreparedRollback.class.getName());

    private UnpreparedRollback() {
    }

    /**
     * @param record what the delivery records, or null
     * @return whether the branch's connection is to be taken as broken
     */
    static <C> boolean run(Xid xid, C connection, XAResource database, FailureRecord<C> record) {
        if (record != null) {
            try {
                if (record.inBranch(connection)) {
                    database.end(xid, XAResource.TMSUCCESS);
                    database.commit(xid, true);
                    return false;
                }
            } catch (SQLException | XAException | RuntimeException e) {
                LOG.log(Level.WARNING, "A failed delivery's record could not be written in its branch; the"
                        + " branch rolls back without it and the row returns uncounted", e);
            }
        }
        try {
            database.end(xid, XAResource.TMFAIL);
        } catch (XAException e) {
            // Ending a branch the database already ended (a lost connection) changes nothing: it rolls back below.
            LOG.log(Level.DEBUG, () -> "ending a failed branch: " + XaErrors.describe(e));
        }
        try {
            database.rollback(xid);
            return false;
        } catch (XAException e) {
            // An unprepared branch does not outlive its connection: rolled back either way.
            LOG.log(Level.DEBUG, () -> "rolling back an unprepared branch: " + XaErrors.describe(e));
            return true;
        }
    }
}
