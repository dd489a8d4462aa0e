package io.inboxra.ra.delivery;

import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.SubscriptionConnections;
import io.inboxra.ra.connection.SubscriptionStatements;
import io.inboxra.ra.settlement.Settlement;
import io.inboxra.ra.settlement.Tally;

import io.inboxra.dialect.Dialect;
import io.inboxra.ra.config.SubscriptionSettings;

/**
 * What a subscription's deliveries are handed, fixed at activation: its settings, dialect and
 * statements, the settlement, the MDB's endpoints, its connections and threads, whether it
 * still runs, its outage log, and its counters. Deliveries ask nothing else of the subscription.
 *
 * @param settings the checked activation config
 * @param dialect the database's dialect
 * @param statements the statements built for the table at activation
 * @param settlement how a delivery ends in the database
 * @param endpoints the MDB
 * @param connections the subscription's connections
 * @param heartbeats the lease form's heartbeat threads, or null in the other forms
 * @param background where a delivery hands off work it waits for (a failure counted around a rollback)
 * @param tally what the deliveries came to, for operators
 * @param failingRows the rows whose delivery failed lately, which claims pass over until they are due
 */
public record DeliveryContext(SubscriptionSettings settings, Dialect dialect, SubscriptionStatements statements,
        Settlement settlement, Endpoints endpoints, SubscriptionConnections connections,
        java.util.concurrent.ScheduledExecutorService heartbeats, java.util.concurrent.ExecutorService background,
        Tally tally, FailingRows failingRows) {

    /** @return the subscription's name, for logs */
    public String name() {
        return settings.name();
    }

    /** @return bindings of the subscription's queue */
    Bindings bindings() {
        return Bindings.of(settings.queue());
    }
}
