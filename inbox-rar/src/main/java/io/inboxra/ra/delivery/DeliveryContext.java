package io.inboxra.ra.delivery;

import io.inboxra.ra.delivery.endpoint.Endpoints;

import io.inboxra.dialect.Dialect;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.connection.Bindings;
import io.inboxra.ra.connection.SubscriptionConnections;
import io.inboxra.ra.connection.SubscriptionStatements;
import io.inboxra.ra.settlement.FailureRecords;
import io.inboxra.ra.settlement.Settlement;
import io.inboxra.ra.settlement.Tally;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What a subscription's deliveries are handed, fixed at activation: its settings, dialect and
 * statements, the settle step and the failures' records, the MDB's endpoints, its connections
 * and threads, where what came of each delivery is counted, the rows set aside, and the claim
 * transactions open. Deliveries
 * ask nothing else of the subscription.
 *
 * @param settings the checked activation config
 * @param dialect the database's dialect
 * @param statements the statements built for the table at activation
 * @param settlement the settle step
 * @param failures the records of failed deliveries
 * @param endpoints the MDB
 * @param connections the subscription's connections
 * @param heartbeats the lease form's heartbeat threads, or null in the other forms
 * @param background where a delivery hands off work it waits for (a failure's record queued behind a row's lock)
 * @param tally what the deliveries came to, for operators
 * @param failingRows the rows whose delivery failed lately, which claims pass over until they are due
 * @param openClaims since when each worker's claim transaction has been open
 * @param trace the deliveries' spans, with {@code traceColumn} and OpenTelemetry
 */
public record DeliveryContext(SubscriptionSettings settings, Dialect dialect, SubscriptionStatements statements,
        Settlement settlement, FailureRecords failures, Endpoints endpoints, SubscriptionConnections connections,
        ScheduledExecutorService heartbeats, ExecutorService background, Tally tally, FailingRows failingRows,
        OpenClaims openClaims, DeliveryTrace trace) {

    /** The deliveries' spans found for the MDB's class loader ({@link DeliveryTrace#of}), at activation. */
    public DeliveryContext(SubscriptionSettings settings, Dialect dialect, SubscriptionStatements statements,
            Settlement settlement, FailureRecords failures, Endpoints endpoints, SubscriptionConnections connections,
            ScheduledExecutorService heartbeats, ExecutorService background, Tally tally, FailingRows failingRows,
            OpenClaims openClaims, ClassLoader application) {
        this(settings, dialect, statements, settlement, failures, endpoints, connections, heartbeats, background, tally,
                failingRows, openClaims, DeliveryTrace.of(settings, application));
    }

    /** @return the subscription's name, for logs */
    public String name() {
        return settings.name();
    }

    /** @return bindings of the subscription's queue */
    Bindings bindings() {
        return Bindings.of(settings.queue());
    }
}
