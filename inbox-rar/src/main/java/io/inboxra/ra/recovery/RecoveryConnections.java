package io.inboxra.ra.recovery;

import io.inboxra.ra.connection.KeptConnection;
import io.inboxra.ra.connection.SubscriptionConnections;

import java.sql.SQLException;
import javax.sql.XAConnection;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;

/**
 * A subscription's connections for the server's transaction recovery: the one behind the
 * resource for servers that ask {@code getXAResources} (WildFly, Open Liberty; Payara asks and
 * discards it), and new ones for recovery passes that close them themselves (Payara's recovery
 * listener).
 */
public final class RecoveryConnections implements AutoCloseable {

    private final SubscriptionConnections connections;
    private final RecoveryResource kept = new RecoveryResource(new RecoveryResource.Calls() {
        @Override
        public <T> T run(RecoveryResource.Call<T> call, boolean endsScan) throws XAException {
            return onConnection(call, endsScan);
        }
    });
    /**
     * The connection the kept resource's calls run on: between a decision and the next pass (two
     * minutes on Narayana) a NAT or firewall may drop its flow, and a call on it would hold the
     * server's recovery thread, which serves every resource of the server, for the whole network
     * timeout; it is checked after an idle spell.
     */
    private final KeptConnection connection;
    private boolean closed;

    public RecoveryConnections(SubscriptionConnections connections) {
        this.connections = connections;
        this.connection = KeptConnection.checkedWhenIdle(connections);
    }

    /**
     * The XA resource for a server's transaction recovery: the same resource on every call, since
     * servers ask again on every recovery pass and WildFly's Narayana may finish a branch, found
     * by one pass's resource, after a later pass. It holds no connection until the server calls
     * it, and none once a scan ends ({@code TMENDRSCAN}): a server that asks and never calls
     * (Payara) costs none, and one that scans every two minutes (Narayana) holds none between
     * scans. A decision that comes after its scan ended opens one again.
     */
    public XAResource kept() {
        return kept;
    }

    private synchronized <T> T onConnection(RecoveryResource.Call<T> call, boolean endsScan) throws XAException {
        if (closed) {
            throw new XAException(XAException.XAER_RMFAIL);
        }
        try {
            T result = call.on(connection.get().xaResource());
            connection.used();
            if (endsScan) {
                disconnect();
            }
            return result;
        } catch (SQLException e) {
            disconnect();
            XAException failure = new XAException(XAException.XAER_RMFAIL);
            failure.initCause(e);
            throw failure;
        } catch (XAException e) {
            if (e.errorCode != XAException.XAER_NOTA) {
                // Perhaps the connection failed (PostgreSQL's driver reports a lost connection's scan as
                // XAER_RMERR): the next call opens another. An unknown branch says nothing of the connection.
                // RecoveryResource gives an uncoded failure its code.
                disconnect();
            }
            throw e;
        }
    }

    private void disconnect() {
        connection.close();
    }

    /** @return a new connection for a recovery pass that closes it itself */
    public XAConnection fresh() throws SQLException {
        return connections.dataSource().getXAConnection();
    }

    /** The kept resource's connection is closed with the subscription's others; its calls fail from now on. */
    @Override
    public synchronized void close() {
        closed = true;
        disconnect();
    }
}
