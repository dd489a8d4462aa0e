package io.inboxra.ra.outbound;

import jakarta.resource.ResourceException;
import jakarta.resource.spi.LocalTransaction;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The server's local transaction on a producer connection outside any global transaction: the
 * Connectors spec's XATransaction level includes local transactions, and Open Liberty asks every
 * connection used without a global transaction (a {@code NOT_SUPPORTED} bean method, its local
 * transaction containment) for one, refusing the connection when there is none. Not begun (the
 * application resolves its work, Liberty's default), the connection stays in auto-commit and its
 * sends commit by themselves: then commit and rollback have nothing to do.
 */
final class ProducerLocalTransaction implements LocalTransaction {

    private final ProducerConnection managed;
    private boolean begun;

    ProducerLocalTransaction(ProducerConnection managed) {
        this.managed = managed;
    }

    @Override
    public synchronized void begin() throws ResourceException {
        if (begun) {
            throw new ResourceException("Inbox producer: a local transaction is already under way on this connection");
        }
        try {
            managed.connection().setAutoCommit(false);
        } catch (SQLException e) {
            throw new ResourceException("Inbox producer: the local transaction could not begin: " + e.getMessage(), e);
        }
        begun = true;
    }

    @Override
    public synchronized void commit() throws ResourceException {
        end(true);
    }

    @Override
    public synchronized void rollback() throws ResourceException {
        end(false);
    }

    /** Ends the transaction begun, and gives the pooled connection back in auto-commit, as it was. */
    private void end(boolean commit) throws ResourceException {
        if (!begun) {
            return;
        }
        begun = false;
        try {
            Connection c = managed.connection();
            try {
                if (commit) {
                    c.commit();
                } else {
                    c.rollback();
                }
            } finally {
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new ResourceException("Inbox producer: the local transaction's " + (commit ? "commit" : "rollback")
                    + " failed: " + e.getMessage(), e);
        }
    }
}
