package io.inboxra.ra;

import io.inboxra.ra.config.MicroProfileOverrides;
import io.inboxra.ra.outbound.ProducerAdapter;
import io.inboxra.ra.config.Property;
import io.inboxra.ra.config.SettingsReader;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.subscription.Subscription;
import io.inboxra.ra.recovery.PayaraRecovery;
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
import java.util.concurrent.ConcurrentHashMap;
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

    /**
     * The started instances of this class loader (this RAR's deployment): WildFly starts one for
     * the RAR and another for each application's {@code @ConnectionFactoryDefinition}, whose
     * producers must wake the first one's subscriptions.
     */
    private static final java.util.Set<InboxResourceAdapter> STARTED = ConcurrentHashMap.newKeySet();

    private final Map<Key, Activation> activations = new ConcurrentHashMap<>();
    /** The subscription names of this adapter's activations, each with its MDB's class: two MDBs never share one. */
    private final Map<String, Named> names = new ConcurrentHashMap<>();
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
        // Payara's recovery ignores getXAResources' answer; its recovery listeners are asked instead.
        leaveRecovery = PayaraRecovery.register(this::running);
        STARTED.add(this);
        LOG.log(Level.INFO, "Inbox resource adapter started");
    }

    @Override
    public void stop() {
        STARTED.remove(this);
        leaveRecovery.run();
        leaveRecovery = () -> { };
        activations.values().forEach(Activation::stop);
        activations.clear();
        names.clear();
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
        // A database that does not answer now is an outage: the activation then waits for it.
        Key key = new Key(factory, spec);
        // The same activation again ends the one before first: it frees the subscription's name.
        endpointDeactivation(factory, spec);
        Named named = new Named(key, endpointName(factory));
        Named taken = names.putIfAbsent(name, named);
        if (taken != null) {
            throw new jakarta.resource.spi.InvalidPropertyException(duplicate(name, taken, named));
        }
        try {
            activations.put(key, Activation.start(settings, factory, bootstrap, STOP_GRACE));
        } catch (ResourceException | RuntimeException e) {
            names.remove(name, named);
            throw e;
        }
    }

    @Override
    public void endpointDeactivation(MessageEndpointFactory factory, ActivationSpec spec) {
        Key key = new Key(factory, spec);
        Activation activation = activations.remove(key);
        if (activation != null) {
            activation.stop();
        }
        names.values().removeIf(named -> named.key().equals(key));
    }

    /** The error of a second MDB under a name another active one has: both MDBs, and the fix. */
    private static String duplicate(String name, Named active, Named refused) {
        return "Inbox subscription name '" + name + "' is taken: the MDB " + active.mdb() + " is active under it, so the MDB "
                + refused.mdb() + " is not activated (the second would replace the first in operators' sight and"
                + " remove its MBean). Names are unique in the server, and the default is the MDB's simple class name;"
                + " give one of them its own with the activation property name, e.g."
                + " @ActivationConfigProperty(propertyName = \"name\", propertyValue = \"" + name + "-2\")"
                + " or in ejb-jar.xml's activation-config";
    }

    private static String endpointName(MessageEndpointFactory factory) {
        Class<?> endpointClass = factory.getEndpointClass();
        String activation = factory.getActivationName();
        String mdb = endpointClass != null ? endpointClass.getName() : "(class not told)";
        return activation != null ? mdb + " (activation " + activation + ")" : mdb;
    }

    /** @return the subscriptions that have started (not those waiting for their database) */
    private java.util.List<Subscription> running() {
        return activations.values().stream().flatMap(a -> a.running().stream()).toList();
    }

    @Override
    public XAResource[] getXAResources(ActivationSpec[] specs) throws ResourceException {
        // For servers whose recovery uses them (WildFly, Open Liberty). Payara discards them; there the
        // adapter's recovery listener (PayaraRecovery) hands its resources over instead.
        java.util.List<XAResource> resources = new java.util.ArrayList<>();
        for (ActivationSpec spec : specs) {
            java.util.Optional<Subscription> running = activationOf(spec).flatMap(Activation::running);
            if (running.isPresent()) {
                resources.add(running.get().recoveryResource());
            }
        }
        return resources.toArray(new XAResource[0]);
    }

    /**
     * The activation a recovering server means by {@code spec}: the one activated with that very
     * object, or else the first with the same properties. Open Liberty's recovery builds a new
     * activation spec from the activation config it logged, and takes exactly one resource for it.
     */
    private java.util.Optional<Activation> activationOf(ActivationSpec spec) {
        java.util.Optional<Activation> same = activations.entrySet().stream()
                .filter(entry -> entry.getKey().spec() == spec).map(Map.Entry::getValue).findFirst();
        if (same.isPresent() || !(spec instanceof InboxActivationSpec inboxSpec)) {
            return same;
        }
        return activations.entrySet().stream()
                .filter(entry -> entry.getKey().spec() instanceof InboxActivationSpec activated
                        && activated.values().equals(inboxSpec.values()))
                .map(Map.Entry::getValue).findFirst();
    }

    /**
     * Wakes the subscriptions of a table in this server: their idle workers claim now. For
     * producers in this server, once their insert has committed (no database round trip, on
     * every database); the table as the activations name it, case-insensitive, without a schema
     * matching {@code schema.table}'s table part. The subscriptions of every started instance of
     * this RAR are woken, not only this one's (see {@link #STARTED}).
     *
     * @param table the inbox table rows were inserted into
     * @return how many subscriptions were woken
     */
    public int wake(String table) {
        java.util.Set<InboxResourceAdapter> adapters = new java.util.HashSet<>(STARTED);
        adapters.add(this);
        int woken = 0;
        for (Subscription subscription : adapters.stream().flatMap(a -> a.running().stream()).toList()) {
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
        return running().stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** @return the server's transaction synchronizations, once the adapter has started */
    public java.util.Optional<jakarta.transaction.TransactionSynchronizationRegistry> synchronizations() {
        BootstrapContext started = bootstrap;
        return started == null ? java.util.Optional.empty()
                : java.util.Optional.ofNullable(started.getTransactionSynchronizationRegistry());
    }

    /** @return the adapter-level values that every activation starts from (for outbound connections too) */
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

    /** A subscription name taken by an activation, with its MDB's class for errors. */
    private record Named(Key key, String mdb) {
    }

    /** An activation: the endpoint factory and the spec it was activated with. */
    private record Key(MessageEndpointFactory factory, ActivationSpec spec) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Key k && k.factory == factory && k.spec == spec;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(factory) * 31 + System.identityHashCode(spec);
        }
    }
}
