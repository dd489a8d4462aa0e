package io.inboxra.ra;

import io.inboxra.ra.config.MicroProfileOverrides;
import io.inboxra.ra.config.Property;
import io.inboxra.ra.config.SettingsReader;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.outbound.ProducerAdapter;
import io.inboxra.ra.recovery.PayaraRecovery;
import io.inboxra.ra.subscription.Subscription;
import jakarta.resource.NotSupportedException;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ActivationSpec;
import jakarta.resource.spi.BootstrapContext;
import jakarta.resource.spi.ConfigProperty;
import jakarta.resource.spi.Connector;
import jakarta.resource.spi.ResourceAdapter;
import jakarta.resource.spi.ResourceAdapterInternalException;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import javax.transaction.xa.XAResource;

/**
 * The Inbox resource adapter: turns each inbox MDB's activation into a {@link Subscription}
 * that claims rows of its table and delivers them inside the MDB's transaction. Its config
 * properties are the defaults of every activation's data source.
 */
@Connector(
        displayName = "Inbox RA",
        description = "Delivers rows of database inbox tables to message-driven beans, settled in the MDB's transaction",
        vendorName = "Inbox RA",
        eisType = "Database inbox tables",
        version = "0.1",
        // The inbox producer's connections are XA resources of their callers' transactions.
        transactionSupport = jakarta.resource.spi.TransactionSupport.TransactionSupportLevel.XATransaction)
public class InboxResourceAdapter implements ResourceAdapter, ProducerAdapter {

    private static final Logger LOG = System.getLogger(InboxResourceAdapter.class.getName());
    /** How long deliveries in work may take to finish when a subscription stops. */
    static final Duration STOP_GRACE = Duration.ofSeconds(30);

    private final Activations activations = new Activations();
    private volatile BootstrapContext bootstrap;
    private volatile Runnable leaveRecovery = () -> { };

    @ConfigProperty(description = "Default XADataSource class of every subscription")
    private String dataSourceClass;
    @ConfigProperty(description = "Default JDBC URL of every subscription")
    private String url;
    @ConfigProperty(description = "Default database user of every subscription")
    private String user;
    @ConfigProperty(description = "Default database password of every subscription", confidential = true)
    private String password;
    @ConfigProperty(description = "Default data source properties (key=value;key=value) of every subscription")
    private String dataSourceProperties;

    @Override
    public void start(BootstrapContext context) {
        this.bootstrap = context;
        activations.open();
        // Payara's recovery ignores getXAResources' answer; its recovery listeners are asked instead.
        leaveRecovery = PayaraRecovery.register(activations::running);
        StartedAdapters.started(this);
        LOG.log(Level.INFO, "Inbox resource adapter started");
    }

    @Override
    public void stop() {
        StartedAdapters.stopped(this);
        leaveRecovery.run();
        leaveRecovery = () -> { };
        activations.stopAll();
        LOG.log(Level.INFO, "Inbox resource adapter stopped");
    }

    @Override
    public void endpointActivation(MessageEndpointFactory factory, ActivationSpec spec) throws ResourceException {
        if (!(spec instanceof InboxActivationSpec inboxSpec)) {
            throw new NotSupportedException("The Inbox resource adapter takes an InboxActivationSpec, not " + spec);
        }
        if (bootstrap == null) {
            throw new ResourceAdapterInternalException("The Inbox resource adapter has not been started");
        }
        // Precedence: adapter defaults < annotation < ejb-jar.xml (the server merges those two) < MicroProfile Config.
        Map<String, String> values = new LinkedHashMap<>(defaults());
        values.putAll(inboxSpec.values());
        String name = values.getOrDefault(Property.NAME.key(), defaultName(factory));
        values.putAll(MicroProfileOverrides.read(name, applicationLoader(factory)));
        SubscriptionSettings settings = SettingsReader.read(values, name);
        // The same activation again ends the one before first: it frees the subscription's name.
        activations.stop(factory, spec);
        // A database that does not answer now is an outage: the activation then waits for it.
        activations.start(factory, spec, settings, bootstrap, STOP_GRACE);
    }

    @Override
    public void endpointDeactivation(MessageEndpointFactory factory, ActivationSpec spec) {
        activations.stop(factory, spec);
    }

    @Override
    public XAResource[] getXAResources(ActivationSpec[] specs) throws ResourceException {
        // For servers whose recovery uses them (WildFly, Open Liberty). Payara discards them; there the
        // adapter's recovery listener (PayaraRecovery) hands its resources over instead.
        java.util.List<XAResource> resources = new java.util.ArrayList<>();
        for (ActivationSpec spec : specs) {
            java.util.Optional<Subscription> running = activations.of(spec).flatMap(Activation::running);
            if (running.isPresent()) {
                resources.add(running.get().recoveryResource());
            }
        }
        return resources.toArray(new XAResource[0]);
    }

    /**
     * Wakes the subscriptions of a table in this server: their idle workers claim now. For
     * producers in this server, once their insert has committed (no database round trip, on
     * every database); the table as the activations name it, case-insensitive, without a schema
     * matching {@code schema.table}'s table part. The subscriptions of every started instance of
     * this RAR are woken, not only this one's (see {@link StartedAdapters}).
     *
     * @param table the inbox table rows were inserted into
     * @return how many subscriptions were woken
     */
    @Override
    public int wake(String table) {
        int woken = 0;
        for (Subscription subscription : StartedAdapters.besides(this).stream()
                .flatMap(a -> a.activations.running().stream()).toList()) {
            if (sameTable(subscription.table(), table)) {
                subscription.wake();
                woken++;
            }
        }
        return woken;
    }

    private static boolean sameTable(String activated, String named) {
        if (activated.equalsIgnoreCase(named)) {
            return true;
        }
        String bare = activated.substring(activated.indexOf('.') + 1);
        return bare.equalsIgnoreCase(named.substring(named.indexOf('.') + 1))
                && (activated.indexOf('.') < 0 || named.indexOf('.') < 0);
    }

    /** @return the running subscription of that name, if any (for tests) */
    java.util.Optional<Subscription> subscription(String name) {
        return activations.running().stream().filter(s -> s.name().equals(name)).findFirst();
    }

    @Override
    public java.util.Optional<jakarta.transaction.TransactionSynchronizationRegistry> synchronizations() {
        BootstrapContext started = bootstrap;
        return started == null ? java.util.Optional.empty()
                : java.util.Optional.ofNullable(started.getTransactionSynchronizationRegistry());
    }

    /** @return the adapter-level values that every activation starts from (for outbound connections too) */
    @Override
    public Map<String, String> defaults() {
        Map<String, String> defaults = new LinkedHashMap<>();
        putIfSet(defaults, Property.DATA_SOURCE_CLASS, dataSourceClass);
        putIfSet(defaults, Property.URL, url);
        putIfSet(defaults, Property.USER, user);
        putIfSet(defaults, Property.PASSWORD, password);
        putIfSet(defaults, Property.DATA_SOURCE_PROPERTIES, dataSourceProperties);
        return defaults;
    }

    private static void putIfSet(Map<String, String> map, Property property, String value) {
        if (value != null && !value.isBlank()) {
            map.put(property.key(), value);
        }
    }

    private static ClassLoader applicationLoader(MessageEndpointFactory factory) {
        Class<?> endpointClass = factory.getEndpointClass();
        return endpointClass != null ? endpointClass.getClassLoader() : Thread.currentThread().getContextClassLoader();
    }

    private static String defaultName(MessageEndpointFactory factory) {
        Class<?> endpointClass = factory.getEndpointClass();
        if (endpointClass != null) {
            return endpointClass.getSimpleName();
        }
        return Objects.requireNonNullElse(factory.getActivationName(), "inbox");
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

    @Override
    public boolean equals(Object other) {
        return this == other;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }
}
