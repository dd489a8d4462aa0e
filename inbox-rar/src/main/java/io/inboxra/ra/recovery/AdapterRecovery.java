package io.inboxra.ra.recovery;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;
import javax.sql.XAConnection;
import javax.transaction.xa.XAResource;

/**
 * One started adapter's answers to Payara's recovery passes: for each pass, a new connection
 * to every active subscription's database and its XA resource, closed when the pass completes
 * (or, if the server never says so, at the next pass or when the adapter stops).
 */
final class AdapterRecovery implements InvocationHandler {

    private static final Logger LOG = System.getLogger(AdapterRecovery.class.getName());
    private final Supplier<Collection<? extends Recoverable>> subscriptions;
    private final List<XAConnection> open = new ArrayList<>();
    private boolean closed;

    AdapterRecovery(Supplier<Collection<? extends Recoverable>> subscriptions) {
        this.subscriptions = subscriptions;
    }

    @Override
    public synchronized Object invoke(Object proxy, Method method, Object[] args) {
        switch (method.getName()) {
            case "getXAResources":
                return resources();
            case "recoveryCompleted":
                closeConnections();
                return null;
            default:
                return null;
        }
    }

    private XAResource[] resources() {
        closeConnections();
        if (closed) {
            return new XAResource[0];
        }
        Collection<? extends Recoverable> active = subscriptions.get();
        List<XAResource> resources = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Recoverable subscription : active) {
            try {
                XAConnection connection = subscription.recoveryConnection();
                open.add(connection);
                resources.add(new RecoveryResource(connection.getXAResource()));
                names.add(subscription.name());
            } catch (SQLException e) {
                LOG.log(Level.WARNING, "Inbox subscription '" + subscription.name() + "': no connection for"
                        + " Payara's recovery pass; its in-doubt branches wait for a later pass or the in-doubt"
                        + " resolver: " + e);
            }
        }
        if (active.isEmpty()) {
            LOG.log(Level.INFO, "Inbox resource adapter: Payara's recovery pass came before any subscription was"
                    + " active, so it sees none of the adapter's in-doubt branches (on Payara Micro, restart on the"
                    + " kept --rootDir without --deploy, or set the transaction service's recover-txn-delay longer"
                    + " than the deployments take)");
        } else {
            LOG.log(Level.INFO, "Inbox resource adapter: " + resources.size() + " XA resource(s) for Payara's"
                    + " recovery pass, of subscriptions " + names);
        }
        return resources.toArray(new XAResource[0]);
    }

    /** Ends what the last pass opened, and answers nothing from now on. */
    synchronized void close() {
        closed = true;
        closeConnections();
    }

    private void closeConnections() {
        for (XAConnection connection : open) {
            try {
                connection.close();
            } catch (SQLException e) {
                LOG.log(Level.DEBUG, () -> "Inbox resource adapter: closing a recovery connection: " + e);
            }
        }
        open.clear();
    }
}
