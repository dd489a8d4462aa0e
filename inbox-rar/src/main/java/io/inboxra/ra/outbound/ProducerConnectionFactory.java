package io.inboxra.ra.outbound;

import io.inboxra.producer.InboxProducer;
import io.inboxra.producer.InboxProducerFactory;
import io.inboxra.ra.config.DataSourceSettings;
import io.inboxra.ra.config.Property;
import io.inboxra.ra.connection.XaDataSources;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ConfigProperty;
import jakarta.resource.spi.ConnectionDefinition;
import jakarta.resource.spi.ConnectionManager;
import jakarta.resource.spi.ConnectionRequestInfo;
import jakarta.resource.spi.ManagedConnection;
import jakarta.resource.spi.ManagedConnectionFactory;
import jakarta.resource.spi.ResourceAdapter;
import jakarta.resource.spi.ResourceAdapterAssociation;
import jakarta.resource.spi.TransactionSupport;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.security.auth.Subject;
import javax.sql.XADataSource;

/**
 * The adapter's outbound connection factory ({@link InboxProducerFactory}): XA connections to an
 * inbox database, from the server's pool, enlisted in the caller's transaction by the server.
 * Its database is set like a subscription's ({@code url}, {@code user}, {@code password}, or
 * {@code dataSourceClass} with {@code dataSourceProperties}; unset, the resource adapter's
 * defaults), and the columns it writes by {@code payloadColumn} (default {@code payload}),
 * {@code queueColumn}, {@code dueColumn}, {@code priorityColumn}, {@code fifoColumn} and
 * {@code keyColumn}, and the trace context of each send by {@code traceColumn}. A send with a key inserts by its dialect's insert-if-absent
 * ({@link io.inboxra.dialect.Dialect#insertIfAbsent}): the {@code dialect} property's, or the one
 * the database's metadata names.
 */
@ConnectionDefinition(connectionFactory = InboxProducerFactory.class, connectionFactoryImpl = ProducerFactory.class,
        connection = InboxProducer.class, connectionImpl = Producer.class)
public class ProducerConnectionFactory implements ManagedConnectionFactory, ResourceAdapterAssociation,
        TransactionSupport {

    private static final long serialVersionUID = 1L;

    @ConfigProperty(description = "XADataSource class (default: the resource adapter's, or derived from the url)")
    private String dataSourceClass;
    @ConfigProperty(description = "JDBC URL (default: the resource adapter's)")
    private String url;
    @ConfigProperty(description = "Database user (default: the resource adapter's)")
    private String user;
    @ConfigProperty(description = "Database password (default: the resource adapter's)", confidential = true)
    private String password;
    @ConfigProperty(description = "Data source properties, key=value;key=value")
    private String dataSourceProperties;
    @ConfigProperty(description = "The payload column", defaultValue = "payload")
    private String payloadColumn = "payload";
    @ConfigProperty(description = "The queue column, for SendOptions.queue")
    private String queueColumn;
    @ConfigProperty(description = "The due column, for SendOptions.due")
    private String dueColumn;
    @ConfigProperty(description = "The priority column, for SendOptions.priority")
    private String priorityColumn;
    @ConfigProperty(description = "The FIFO group column, for SendOptions.fifoKey")
    private String fifoColumn;
    @ConfigProperty(description = "The key column, for SendOptions.key; it needs a unique index of its own")
    private String keyColumn;
    @ConfigProperty(description = "The trace column: each send stores the current W3C trace context there"
            + " (traceparent, then ';' and tracestate if any), where the server offers OpenTelemetry")
    private String traceColumn;
    @ConfigProperty(description = "The dialect of a send with a key: a built-in one's name or a class name"
            + " (default: detected from the database)")
    private String dialect;

    private transient ProducerAdapter adapter;
    private transient volatile XADataSource dataSource;
    private transient volatile ProducerColumns columns;
    private transient volatile io.inboxra.dialect.Dialect resolvedDialect;
    private transient volatile UniqueKeyCheck keyCheck;
    private transient PrintWriter logWriter;

    @Override
    public Object createConnectionFactory(ConnectionManager manager) {
        return new ProducerFactory(this, manager);
    }

    @Override
    public Object createConnectionFactory() throws ResourceException {
        throw new jakarta.resource.NotSupportedException("The inbox producer factory runs in an application server"
                + " only: look it up, or inject it with @Resource");
    }

    @Override
    public ManagedConnection createManagedConnection(Subject subject, ConnectionRequestInfo info) throws ResourceException {
        try {
            return new ProducerConnection(dataSource().getXAConnection(), this);
        } catch (SQLException e) {
            throw new ResourceException("Inbox producer: no connection to " + settings().describe() + " ("
                    + e.getMessage() + "); check the connection factory's 'url', 'user' and 'password'", e);
        }
    }

    @Override
    @SuppressWarnings("rawtypes")
    public ManagedConnection matchManagedConnections(Set candidates, Subject subject, ConnectionRequestInfo info) {
        for (Object candidate : candidates) {
            if (candidate instanceof ProducerConnection c && c.factory() == this) {
                return c;
            }
        }
        return null;
    }

    @Override
    public TransactionSupportLevel getTransactionSupport() {
        return TransactionSupportLevel.XATransaction;
    }

    /** @return the columns it writes, checked once */
    ProducerColumns columns() {
        if (columns == null) {
            columns = ProducerColumns.of(payloadColumn, queueColumn, dueColumn, priorityColumn, fifoColumn, keyColumn,
                    traceColumn);
        }
        return columns;
    }

    /**
     * The dialect of a send with a key, resolved at the first such send from the {@code dialect}
     * property or the database's metadata.
     *
     * @param connection a connection of this factory
     * @throws io.inboxra.producer.InboxProducerException naming the property 'dialect' and its fix
     */
    io.inboxra.dialect.Dialect dialect(java.sql.Connection connection) throws SQLException {
        io.inboxra.dialect.Dialect d = resolvedDialect;
        if (d == null) {
            try {
                d = io.inboxra.ra.dialect.Dialects.resolve(Optional.ofNullable(dialect).filter(v -> !v.isBlank()),
                        connection.getMetaData(), Thread.currentThread().getContextClassLoader());
            } catch (io.inboxra.ra.dialect.Dialects.DialectException e) {
                throw new io.inboxra.producer.InboxProducerException("Inbox producer: " + e.getMessage()
                        + " (the connection factory's 'dialect' property)", e);
            }
            resolvedDialect = d;
        }
        return d;
    }

    /** @return the check that the key column has a unique index, once per table */
    UniqueKeyCheck keyCheck() {
        UniqueKeyCheck check = keyCheck;
        if (check == null) {
            check = new UniqueKeyCheck(columns().key().orElseThrow());
            keyCheck = check;
        }
        return check;
    }

    /** Wakes the subscriptions of the table in this server (after the send's commit). */
    void wake(String table) {
        if (adapter != null) {
            adapter.wake(table);
        }
    }

    /** @return the server's transaction synchronizations, if the adapter has started */
    Optional<jakarta.transaction.TransactionSynchronizationRegistry> synchronizations() {
        return adapter == null ? Optional.empty() : adapter.synchronizations();
    }

    private XADataSource dataSource() throws ResourceException {
        if (dataSource == null) {
            synchronized (this) {
                if (dataSource == null) {
                    try {
                        dataSource = XaDataSources.create(settings(), "inbox-ra:producer",
                                Thread.currentThread().getContextClassLoader());
                    } catch (XaDataSources.DataSourceException e) {
                        throw new ResourceException("Inbox producer: " + e.getMessage(), e);
                    }
                }
            }
        }
        return dataSource;
    }

    /** @return its database, as a subscription's would be described */
    DataSourceSettings database() {
        return settings();
    }

    private DataSourceSettings settings() {
        Map<String, String> defaults = adapter == null ? Map.of() : adapter.defaults();
        return new DataSourceSettings(Optional.ofNullable(or(dataSourceClass, defaults.get(Property.DATA_SOURCE_CLASS.key()))),
                Optional.ofNullable(or(url, defaults.get(Property.URL.key()))), Optional.ofNullable(or(user, defaults.get(Property.USER.key()))),
                Optional.ofNullable(or(password, defaults.get(Property.PASSWORD.key()))),
                DataSourceSettings.parseProperties(or(dataSourceProperties, defaults.get(Property.DATA_SOURCE_PROPERTIES.key()))));
    }

    private static String or(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value;
    }

    @Override
    public void setResourceAdapter(ResourceAdapter adapter) {
        if (!(adapter instanceof ProducerAdapter inbox)) {
            throw new IllegalArgumentException("The inbox producer's connection factory belongs to the Inbox resource"
                    + " adapter, not to " + adapter);
        }
        this.adapter = inbox;
    }

    @Override
    public ResourceAdapter getResourceAdapter() {
        return adapter;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        logWriter = out;
    }

    @Override
    public PrintWriter getLogWriter() {
        return logWriter;
    }

    public String getDataSourceClass() { return dataSourceClass; }
    public void setDataSourceClass(String v) { dataSourceClass = v; }
    public String getUrl() { return url; }
    public void setUrl(String v) { url = v; }
    public String getUser() { return user; }
    public void setUser(String v) { user = v; }
    public String getPassword() { return password; }
    public void setPassword(String v) { password = v; }
    public String getDataSourceProperties() { return dataSourceProperties; }
    public void setDataSourceProperties(String v) { dataSourceProperties = v; }
    public String getPayloadColumn() { return payloadColumn; }
    public void setPayloadColumn(String v) { payloadColumn = v; }
    public String getQueueColumn() { return queueColumn; }
    public void setQueueColumn(String v) { queueColumn = v; }
    public String getDueColumn() { return dueColumn; }
    public void setDueColumn(String v) { dueColumn = v; }
    public String getPriorityColumn() { return priorityColumn; }
    public void setPriorityColumn(String v) { priorityColumn = v; }
    public String getFifoColumn() { return fifoColumn; }
    public void setFifoColumn(String v) { fifoColumn = v; }
    public String getKeyColumn() { return keyColumn; }
    public void setKeyColumn(String v) { keyColumn = v; }
    public String getTraceColumn() { return traceColumn; }
    public void setTraceColumn(String v) { traceColumn = v; }
    public String getDialect() { return dialect; }
    public void setDialect(String v) { dialect = v; }

    // A factory is its configuration: the server compares them so (JCA 6.5.3.3).
    @Override
    public boolean equals(Object other) {
        return other instanceof ProducerConnectionFactory f && java.util.Objects.equals(key(), f.key());
    }

    @Override
    public int hashCode() {
        return key().hashCode();
    }

    private java.util.List<String> key() {
        return java.util.Arrays.asList(dataSourceClass, url, user, password, dataSourceProperties, payloadColumn,
                queueColumn, dueColumn, priorityColumn, fifoColumn, keyColumn, traceColumn, dialect);
    }
}
