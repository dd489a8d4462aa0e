package io.inboxra.ra;

import io.inboxra.operations.InboxSubscriptions;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.operations.OperatorRegistration;
import io.inboxra.ra.operations.SubscriptionOperations;
import io.inboxra.ra.subscription.AwaitingDatabase;
import io.inboxra.ra.subscription.Subscription;
import io.inboxra.ra.subscription.check.DatabaseUnreachable;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.BootstrapContext;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;

import java.time.Duration;
import java.util.Optional;

/**
 * One MDB activation: its running {@link Subscription}, or, while its database has not answered
 * since the activation, the subscription {@link AwaitingDatabase}; each in operators' sight
 * (its MBean, and {@link InboxSubscriptions} for its own application) while it lasts.
 */
final class Activation {

    private final Duration stopGrace;
    private final InboxSubscriptions.Registration name;
    private Subscription running;
    private SubscriptionOperations operations;
    private AwaitingDatabase waiting;
    private OperatorRegistration registration;
    private boolean stopped;

    private Activation(Duration stopGrace, InboxSubscriptions.Registration name) {
        this.stopGrace = stopGrace;
        this.name = name;
    }

    /**
     * @return the activation, running or waiting for its database
     * @throws ResourceException a mistake in the settings, named with its fix: nothing started
     */
    static Activation start(SubscriptionSettings settings, MessageEndpointFactory factory, BootstrapContext bootstrap,
            Duration stopGrace) throws ResourceException {
        Class<?> endpoint = factory.getEndpointClass();
        ClassLoader application = endpoint != null ? endpoint.getClassLoader()
                : Thread.currentThread().getContextClassLoader();
        Activation activation = new Activation(stopGrace,
                InboxSubscriptions.register(settings.name(), endpoint, application));
        boolean started = false;
        try {
            activation.begin(settings, factory, bootstrap);
            started = true;
        } finally {
            if (!started) {
                activation.name.remove();
            }
        }
        return activation;
    }

    private void begin(SubscriptionSettings settings, MessageEndpointFactory factory, BootstrapContext bootstrap)
            throws ResourceException {
        try {
            Subscription subscription = Subscription.activate(settings, factory, bootstrap);
            running = subscription;
            operations = new SubscriptionOperations(subscription);
            registration = OperatorRegistration.register(name, operations);
        } catch (DatabaseUnreachable down) {
            AwaitingDatabase wait = AwaitingDatabase.start(settings, factory, bootstrap, down, this::started);
            synchronized (this) {
                waiting = wait;
                if (running == null) {
                    registration = OperatorRegistration.register(name, wait);
                }
            }
        }
    }

    /** The database answered and the subscription started: it takes the waiting one's place. */
    private void started(Subscription subscription) {
        synchronized (this) {
            if (!stopped) {
                if (registration != null) {
                    registration.remove();
                }
                running = subscription;
                operations = new SubscriptionOperations(subscription);
                waiting = null;
                registration = OperatorRegistration.register(name, operations);
                return;
            }
        }
        // Deactivated while it was starting.
        subscription.stop(stopGrace);
    }

    /** @return the running subscription, if it has started */
    synchronized Optional<Subscription> running() {
        return Optional.ofNullable(running);
    }

    /** Stops the subscription, or its waiting, out of operators' sight first. */
    void stop() {
        AwaitingDatabase wait;
        synchronized (this) {
            wait = waiting;
        }
        if (wait != null) {
            // Outside this lock: a start under way reports to started(), which takes it.
            wait.cancel();
        }
        Subscription toStop;
        synchronized (this) {
            stopped = true;
            if (registration != null) {
                registration.remove();
                registration = null;
            }
            name.remove();
            toStop = running;
            running = null;
        }
        if (toStop != null) {
            toStop.stop(stopGrace);
        }
        SubscriptionOperations closed;
        synchronized (this) {
            closed = operations;
            operations = null;
        }
        if (closed != null) {
            // Its backlog's kept connection; the subscription's own are closed by its stop.
            closed.close();
        }
    }
}
