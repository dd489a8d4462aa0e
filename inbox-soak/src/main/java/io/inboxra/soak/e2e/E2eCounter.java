package io.inboxra.soak.e2e;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;

/**
 * The throughput subscriptions' MDB body, kept busy as the harness's (inbox-bench's Busy): it
 * writes nothing, it counts. Each subclass is one subscription, its activation config its own.
 */
public abstract class E2eCounter implements InboxListener {

    @Override
    public Outcome onMessage(InboxMessage message) {
        E2eMeter.delivered();
        return Outcome.ack();
    }
}
