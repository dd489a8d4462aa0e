package io.inboxra.soak.e2e;

import io.inboxra.Outcome;

/**
 * The throughput subscriptions' MDB body, kept busy as the harness's (inbox-bench's Busy): it
 * writes nothing, it counts. Each MDB declares its own {@code onMessage} and calls this: Payara
 * Micro 6 finds no transaction attribute for a listener method the bean only inherits ("Transaction
 * Attribute not found for method ... onMessage"), and the activation fails.
 */
final class E2eCounter {

    private E2eCounter() {
    }

    static Outcome count() {
        E2eMeter.delivered();
        return Outcome.ack();
    }
}
