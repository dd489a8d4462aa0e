package io.inboxra.ra;

import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.subscription.Subscription;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ActivationSpec;
import jakarta.resource.spi.BootstrapContext;
import jakarta.resource.spi.InvalidPropertyException;
import jakarta.resource.spi.ResourceAdapterInternalException;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One adapter instance's activations, each under its endpoint factory and spec, and the
 * subscription names they hold: two MDBs never share a name.
 */
final class Activations {

    private static final System.Logger LOG = System.getLogger(Activations.class.getName());

    private final Map<Key, Activation> activations = new ConcurrentHashMap<>();
    private final Map<String, Named> names = new ConcurrentHashMap<>();
    /** Set by {@link #stopAll} until the adapter starts again: activations are refused meanwhile. */
    private boolean stopped;
    /** Counts the adapter's stops: a start that began before the last one is refused at its end. */
    private long stops;
    /** Activations under way: {@link #stopAll} returns only once each has been taken or refused. */
    private int starting;

    /**
     * Starts an activation under a name no other active MDB of this adapter holds.
     *
     * @throws InvalidPropertyException when another MDB holds the name, naming both and the fix
     * @throws ResourceException a mistake in the settings, named with its fix: nothing started; or
     *         the adapter stopped before the activation or while it ran
     */
    void start(MessageEndpointFactory factory, ActivationSpec spec, SubscriptionSettings settings,
            BootstrapContext bootstrap, Duration stopGrace) throws ResourceException {
        Key key = new Key(factory, spec);
        Named named = new Named(key, endpointName(factory));
        long stopsBefore;
        synchronized (this) {
            if (stopped) {
                throw new ResourceAdapterInternalException("The Inbox resource adapter has stopped: the MDB "
                        + named.mdb() + " (subscription '" + settings.name() + "') is not activated; activate it once"
                        + " the adapter has started again");
            }
            stopsBefore = stops;
            starting++;
        }
        try {
            Named taken = names.putIfAbsent(settings.name(), named);
            if (taken != null) {
                throw new InvalidPropertyException(duplicate(settings.name(), taken, named));
            }
            register(key, named, settings, stopsBefore, startOrFreeName(named, settings, factory, bootstrap, stopGrace));
        } finally {
            synchronized (this) {
                starting--;
                notifyAll();
            }
        }
    }

    private Activation startOrFreeName(Named named, SubscriptionSettings settings, MessageEndpointFactory factory,
            BootstrapContext bootstrap, Duration stopGrace) throws ResourceException {
        try {
            return Activation.start(settings, factory, bootstrap, stopGrace);
        } catch (ResourceException | RuntimeException e) {
            names.remove(settings.name(), named);
            throw e;
        }
    }

    /** Takes the started activation, unless the adapter stopped while it started: then stops it, and refuses it. */
    private void register(Key key, Named named, SubscriptionSettings settings, long stopsBefore, Activation activation)
            throws ResourceException {
        synchronized (this) {
            if (!stopped && stops == stopsBefore) {
                activations.put(key, activation);
                return;
            }
        }
        // The adapter's stop began while this one started, and did not see it: it would run on, out of every stop's reach.
        ResourceAdapterInternalException refused = new ResourceAdapterInternalException("The Inbox resource adapter"
                + " stopped while the MDB " + named.mdb() + " was being activated (subscription '" + settings.name()
                + "'): it was stopped again at once; activate it once the adapter has started again");
        try {
            activation.stop();
        } catch (RuntimeException | Error e) {
            refused.addSuppressed(e);
        } finally {
            names.remove(settings.name(), named);
        }
        throw refused;
    }

    /** The adapter has started (again): activations are taken. */
    synchronized void open() {
        stopped = false;
    }

    /** Stops the activation, if there is one, and frees its name. */
    void stop(MessageEndpointFactory factory, ActivationSpec spec) {
        Key key = new Key(factory, spec);
        Activation activation = activations.remove(key);
        if (activation != null) {
            activation.stop();
        }
        names.values().removeIf(named -> named.key().equals(key));
    }

    /**
     * Stops every activation at once, each on a thread of its own, and returns when all have
     * stopped and every activation under way has been refused (it stops itself as it ends). One
     * after another, each waited up to its grace for its deliveries in work while the ones after
     * it went on claiming rows; and one whose stop failed left the rest running.
     */
    void stopAll() {
        Map<String, Activation> all = new java.util.LinkedHashMap<>();
        synchronized (this) {
            stopped = true;
            stops++;
            names.forEach((name, named) -> {
                Activation activation = activations.remove(named.key());
                if (activation != null) {
                    all.put(name, activation);
                }
            });
        }
        List<Thread> stopping = new ArrayList<>();
        all.forEach((name, activation) -> {
            Thread stop = new Thread(() -> stop(name, activation), "inbox-stop-" + name);
            stop.start();
            stopping.add(stop);
        });
        boolean interrupted = false;
        for (Thread stop : stopping) {
            while (true) {
                try {
                    stop.join();
                    break;
                } catch (InterruptedException e) {
                    // The server wants the stop over: each subscription cuts its grace short (its deliveries in work
                    // roll back and their rows return), and the adapter still returns only once all have stopped.
                    interrupted = true;
                    stopping.forEach(Thread::interrupt);
                }
            }
        }
        // An activation under way is refused and stopped as it ends: none runs once the adapter's stop has returned.
        synchronized (this) {
            while (starting > 0 && !interrupted) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        activations.clear();
        names.clear();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void stop(String name, Activation activation) {
        try {
            activation.stop();
        } catch (RuntimeException | Error e) {
            LOG.log(System.Logger.Level.ERROR, "Inbox subscription '" + name + "': its stop with the adapter failed;"
                    + " the adapter's other subscriptions stop regardless", e);
        }
    }

    /** @return the subscriptions that have started (not those waiting for their database) */
    List<Subscription> running() {
        return activations.values().stream().flatMap(a -> a.running().stream()).toList();
    }

    /**
     * The activation a recovering server means by {@code spec}: the one activated with that very
     * object, or else the first with the same properties. Open Liberty's recovery builds a new
     * activation spec from the activation config it logged, and takes exactly one resource for it.
     */
    Optional<Activation> of(ActivationSpec spec) {
        Optional<Activation> same = activations.entrySet().stream()
                .filter(entry -> entry.getKey().spec() == spec).map(Map.Entry::getValue).findFirst();
        if (same.isPresent() || !(spec instanceof InboxActivationSpec inboxSpec)) {
            return same;
        }
        return activations.entrySet().stream()
                .filter(entry -> entry.getKey().spec() instanceof InboxActivationSpec activated
                        && activated.values().equals(inboxSpec.values()))
                .map(Map.Entry::getValue).findFirst();
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

    /** A subscription name taken by an activation, with its MDB's class for errors. */
    private record Named(Key key, String mdb) {
    }

    /** An activation: the endpoint factory and the spec it was activated with, compared by identity. */
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
