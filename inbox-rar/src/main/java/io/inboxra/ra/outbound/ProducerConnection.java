package io.inboxra.ra.outbound;

import jakarta.resource.ResourceException;
import jakarta.resource.spi.ConnectionEvent;
import jakarta.resource.spi.ConnectionEventListener;
import jakarta.resource.spi.ConnectionRequestInfo;
import jakarta.resource.spi.LocalTransaction;
import jakarta.resource.spi.ManagedConnection;
import jakarta.resource.spi.ManagedConnectionMetaData;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.security.auth.Subject;
import javax.sql.XAConnection;
import javax.transaction.xa.XAResource;

/**
 * One pooled XA connection of an inbox producer factory: the server enlists its XA resource in
 * the caller's transaction and hands out {@link Producer} handles on it; a closed handle is
 * reported so the connection goes back to the pool, a failed one so it is thrown away.
 */
final class ProducerConnection implements ManagedConnection {

    private final XAConnection xa;
    private final ProducerConnectionFactory factory;
    private final List<ConnectionEventListener> listeners = new CopyOnWriteArrayList<>();
    private final List<Producer> handles = new CopyOnWriteArrayList<>();
    /** One per connection: the server may ask for it again to end what it began. */
    private final ProducerLocalTransaction local = new ProducerLocalTransaction(this);
    private Connection connection;
    private PrintWriter logWriter;

    ProducerConnection(XAConnection xa, ProducerConnectionFactory factory) {
        this.xa = xa;
        this.factory = factory;
    }

    ProducerConnectionFactory factory() {
        return factory;
    }

    /** @return the connection the handles send on, in whatever transaction the server enlisted */
    synchronized Connection connection() throws SQLException {
        if (connection == null) {
            connection = xa.getConnection();
        }
        return connection;
    }

    @Override
    public Object getConnection(Subject subject, ConnectionRequestInfo info) throws ResourceException {
        if (info == Handle.JDBC) {
            return jdbcHandle();
        }
        Producer handle = new Producer(this);
        handles.add(handle);
        return handle;
    }

    /** A plain JDBC handle on this connection, in the transaction the server enlisted it in; closing it gives it back. */
    private Connection jdbcHandle() throws ResourceException {
        Connection target;
        try {
            target = connection();
        } catch (SQLException e) {
            throw new ResourceException("Inbox producer: no connection: " + e.getMessage(), e);
        }
        boolean[] closed = {false};
        return (Connection) java.lang.reflect.Proxy.newProxyInstance(ProducerConnection.class.getClassLoader(),
                new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "close":
                            if (!closed[0]) {
                                closed[0] = true;
                                ConnectionEvent event = new ConnectionEvent(this, ConnectionEvent.CONNECTION_CLOSED);
                                event.setConnectionHandle(proxy);
                                listeners.forEach(l -> l.connectionClosed(event));
                            }
                            return null;
                        case "isClosed":
                            return closed[0] || target.isClosed();
                        case "equals":
                            return proxy == args[0];
                        case "hashCode":
                            return System.identityHashCode(proxy);
                        default:
                            if (closed[0]) {
                                throw new SQLException("This connection is closed; ask the factory for another");
                            }
                            try {
                                return method.invoke(target, args);
                            } catch (java.lang.reflect.InvocationTargetException e) {
                                throw e.getCause();
                            }
                    }
                });
    }

    @Override
    public void associateConnection(Object handle) throws ResourceException {
        if (!(handle instanceof Producer producer)) {
            throw new ResourceException("Not an inbox producer: " + handle);
        }
        producer.connection().handles.remove(producer);
        producer.moveTo(this);
        handles.add(producer);
    }

    /** A handle was closed by the application. */
    void closed(Producer handle) {
        handles.remove(handle);
        ConnectionEvent event = new ConnectionEvent(this, ConnectionEvent.CONNECTION_CLOSED);
        event.setConnectionHandle(handle);
        listeners.forEach(l -> l.connectionClosed(event));
    }

    /** A handle's statement failed with the connection broken: the server must not pool it again. */
    void failed(Producer handle, SQLException cause) {
        ConnectionEvent event = new ConnectionEvent(this, ConnectionEvent.CONNECTION_ERROR_OCCURRED, cause);
        event.setConnectionHandle(handle);
        listeners.forEach(l -> l.connectionErrorOccurred(event));
    }

    @Override
    public void cleanup() {
        handles.forEach(Producer::invalidate);
        handles.clear();
    }

    @Override
    public synchronized void destroy() throws ResourceException {
        cleanup();
        try {
            xa.close();
        } catch (SQLException e) {
            throw new ResourceException("Inbox producer: closing its connection failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void addConnectionEventListener(ConnectionEventListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeConnectionEventListener(ConnectionEventListener listener) {
        listeners.remove(listener);
    }

    @Override
    public XAResource getXAResource() throws ResourceException {
        try {
            return xa.getXAResource();
        } catch (SQLException e) {
            throw new ResourceException("Inbox producer: no XA resource: " + e.getMessage(), e);
        }
    }

    @Override
    public LocalTransaction getLocalTransaction() {
        return local;
    }

    @Override
    public ManagedConnectionMetaData getMetaData() {
        return new ManagedConnectionMetaData() {
            @Override
            public String getEISProductName() {
                return "Inbox RA producer";
            }

            @Override
            public String getEISProductVersion() {
                return "0.1";
            }

            @Override
            public int getMaxConnections() {
                return 0;
            }

            @Override
            public String getUserName() {
                return "";
            }
        };
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        logWriter = out;
    }

    @Override
    public PrintWriter getLogWriter() {
        return logWriter;
    }
}
