package io.inboxra.harness;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import javax.sql.XAConnection;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * Prepared XA branches made outside the adapter, for the tests of what finishes them (the in-doubt
 * resolver, the second phase from a new connection): one made, looked for, and rolled back after a
 * test that left it.
 */
public final class PreparedBranches {

    private PreparedBranches() {
    }

    /**
     * Starts a branch of a random transaction on {@code c}, writes {@code rowId} into {@code table}'s
     * {@code row_id} column, ends and prepares it; the connection stays open (closing it is the caller's).
     *
     * @param format the xid's format id, which tells each test's branches apart
     */
    public static Xid prepareWriting(XAConnection c, String table, long rowId, int format) throws Exception {
        Xid xid = TestXid.random(format, (byte) 1);
        XAResource resource = c.getXAResource();
        resource.start(xid, XAResource.TMNOFLAGS);
        try (Statement s = c.getConnection().createStatement()) {
            s.executeUpdate("INSERT INTO " + table + " (row_id) VALUES (" + rowId + ")");
        }
        resource.end(xid, XAResource.TMSUCCESS);
        resource.prepare(xid);
        return xid;
    }

    /** @return whether the database lists the branch as prepared */
    public static boolean isPrepared(TestDatabase db, Xid xid) throws SQLException, XAException {
        XAConnection c = db.xaDataSource().getXAConnection();
        try {
            return Arrays.stream(c.getXAResource().recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN))
                    .anyMatch(x -> Arrays.equals(x.getGlobalTransactionId(), xid.getGlobalTransactionId())
                            && Arrays.equals(x.getBranchQualifier(), xid.getBranchQualifier()));
        } finally {
            c.close();
        }
    }

    /**
     * Rolls the branch back if the database still lists it (a test that failed left it): dropping its
     * tables would otherwise wait on its locks.
     */
    public static void rollBackIfPrepared(TestDatabase db, Xid xid) throws SQLException, XAException {
        if (!isPrepared(db, xid)) {
            return;
        }
        XAConnection c = db.xaDataSource().getXAConnection();
        try {
            c.getXAResource().rollback(xid);
        } finally {
            c.close();
        }
    }

    /** @return the MySQL or MariaDB session of the connection ({@code CONNECTION_ID()}) */
    public static long sessionOf(XAConnection c) throws SQLException {
        try (Statement s = c.getConnection().createStatement(); ResultSet rs = s.executeQuery("SELECT CONNECTION_ID()")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
