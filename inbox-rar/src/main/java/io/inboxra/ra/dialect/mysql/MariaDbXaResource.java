package io.inboxra.ra.dialect.mysql;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * The MariaDB driver's XA resource for a delivery's branch, with the branch's {@code XA END}
 * sent in the same round trip as the {@code XA PREPARE} or {@code XA COMMIT} that follows it:
 * one round trip a delivery fewer, on the path every delivery takes.
 *
 * <p>{@link #end} only notes the end; the next {@link #prepare} or {@link #commit} of the same
 * branch sends both statements as one statement batch, which the MariaDB driver (3.x) writes
 * at once and then reads both replies (its pipelining). The server runs them in order, and a
 * prepare or commit can only succeed on a branch whose end succeeded, so sending the second
 * without waiting for the first changes no outcome. The driver reports the first failure's
 * error code, which is mapped as the driver maps it: a branch that failed to end reports why
 * (a rollback code where the server rolled it back), as the driver's own {@code end} would have.
 * A {@link #rollback} or any other call sends a noted end on its own first, through the driver
 * (a rollback goes on when that end fails, as it did after the driver's own failed end).
 *
 * <p>Only for the MariaDB driver ({@link #isFor}): MySQL Connector/J sends a batch's statements
 * one by one and, continuing after an error, reports the last one's code.
 */
final class MariaDbXaResource implements XAResource {

    private static final Logger LOG = System.getLogger(MariaDbXaResource.class.getName());
    private static final String DRIVER_PACKAGE = "org.mariadb.jdbc.";

    private final XAResource driver;
    private final Connection connection;
    /** The branch whose end was noted and not yet sent, with its flags; null when none. */
    private Xid ending;
    /**
     * For the driver, when the noted end is sent alone: TMSUCCESS and TMFAIL are both a plain
     * {@code XA END} in SQL, which is what the batch sends.
     */
    private int endFlags;

    MariaDbXaResource(XAResource driver, Connection connection) {
        this.driver = driver;
        this.connection = connection;
    }

    /** @return whether the resource is the MariaDB driver's, whose statement batches are pipelined */
    static boolean isFor(XAResource driver) {
        return driver.getClass().getName().startsWith(DRIVER_PACKAGE);
    }

    @Override
    public synchronized void end(Xid xid, int flags) throws XAException {
        sendNotedEnd();
        if (flags == TMSUSPEND) {
            driver.end(xid, flags);
            return;
        }
        ending = xid;
        endFlags = flags;
    }

    @Override
    public synchronized int prepare(Xid xid) throws XAException {
        if (!isEnding(xid)) {
            sendNotedEnd();
            return driver.prepare(xid);
        }
        endedWith("XA PREPARE " + literal(xid));
        return XA_OK;
    }

    @Override
    public synchronized void commit(Xid xid, boolean onePhase) throws XAException {
        if (!isEnding(xid)) {
            sendNotedEnd();
            driver.commit(xid, onePhase);
            return;
        }
        endedWith("XA COMMIT " + literal(xid) + (onePhase ? " ONE PHASE" : ""));
    }

    @Override
    public synchronized void rollback(Xid xid) throws XAException {
        try {
            sendNotedEnd();
        } catch (XAException e) {
            // As with the driver's own end and rollback: an end that fails (a branch the server made
            // rollback-only) is no reason not to roll back; the rollback's answer is the one that counts.
            LOG.log(Level.DEBUG, () -> "ending a branch before its rollback: XA error " + e.errorCode + " " + e.getMessage());
        }
        driver.rollback(xid);
    }

    @Override
    public synchronized void start(Xid xid, int flags) throws XAException {
        sendNotedEnd();
        driver.start(xid, flags);
    }

    @Override
    public synchronized void forget(Xid xid) throws XAException {
        sendNotedEnd();
        driver.forget(xid);
    }

    @Override
    public synchronized Xid[] recover(int flag) throws XAException {
        sendNotedEnd();
        return driver.recover(flag);
    }

    @Override
    public boolean isSameRM(XAResource other) throws XAException {
        return driver.isSameRM(other instanceof MariaDbXaResource pipelined ? pipelined.driver : other);
    }

    @Override
    public int getTransactionTimeout() throws XAException {
        return driver.getTransactionTimeout();
    }

    @Override
    public boolean setTransactionTimeout(int seconds) throws XAException {
        return driver.setTransactionTimeout(seconds);
    }

    private boolean isEnding(Xid xid) {
        return ending != null && ending.equals(xid);
    }

    private void sendNotedEnd() throws XAException {
        if (ending != null) {
            Xid xid = ending;
            ending = null;
            driver.end(xid, endFlags);
        }
    }

    /** Sends the noted end and the statement after it in one round trip. */
    private void endedWith(String next) throws XAException {
        Xid xid = ending;
        ending = null;
        try (Statement batch = connection.createStatement()) {
            batch.addBatch("XA END " + literal(xid));
            batch.addBatch(next);
            batch.executeBatch();
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /** The driver's own mapping of the server's XA errors (its {@code MariaDbPoolConnection}); 0 where none applies. */
    private static XAException failure(SQLException e) {
        int code = switch (e.getErrorCode()) {
            case 1397 -> XAException.XAER_NOTA;
            case 1398 -> XAException.XAER_INVAL;
            case 1399 -> XAException.XAER_RMFAIL;
            case 1400 -> XAException.XAER_OUTSIDE;
            case 1401 -> XAException.XAER_RMERR;
            case 1440 -> XAException.XAER_DUPID;
            case 1402 -> XAException.XA_RBROLLBACK;
            case 1613 -> XAException.XA_RBTIMEOUT;
            case 1614 -> XAException.XA_RBDEADLOCK;
            default -> 0;
        };
        XAException failure = new XAException(e.getMessage());
        failure.errorCode = code;
        failure.initCause(e instanceof BatchUpdateException batch && batch.getCause() instanceof SQLException cause
                ? cause : e);
        return failure;
    }

    /** The branch as the server's XA statements name it: gtrid, bqual and format, the ids as hex literals. */
    static String literal(Xid xid) {
        HexFormat hex = HexFormat.of();
        return "X'" + hex.formatHex(xid.getGlobalTransactionId()) + "',X'" + hex.formatHex(xid.getBranchQualifier())
                + "'," + Integer.toUnsignedString(xid.getFormatId());
    }
}
