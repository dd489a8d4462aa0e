package io.inboxra.ra.delivery;

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
 * @param threads the subscription's threads besides the workers
 * @param running whether the subscription still runs
 * @param outage the subscription's database trouble, logged once per episode
 * @param counters what the subscription has done, for operators
 * @param failingRows the rows whose delivery failed lately, which claims pass over until they are due
 */
record DeliveryContext(SubscriptionSettings settings, Dialect dialect, SubscriptionStatements statements,
        Settlement settlement, Endpoints endpoints, SubscriptionConnections connections, SubscriptionThreads threads,
        Running running, Outage outage, SubscriptionCounters counters, FailingRows failingRows) {

    /** @return the subscription's name, for logs */
    String name() {
        return settings.name();
    }

    /** @return bindings of the subscription's queue */
    Bindings bindings() {
        return Bindings.of(settings.queue());
    }
}
