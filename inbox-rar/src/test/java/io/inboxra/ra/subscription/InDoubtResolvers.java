package io.inboxra.ra.subscription;

import java.time.Clock;
import java.time.Duration;

/** A subscription's in-doubt resolver for tests of another package: a timeout and a clock of the test's. */
public final class InDoubtResolvers {

    private InDoubtResolvers() {
    }

    /** @return a resolver of the subscription, activated at the clock's current instant */
    public static Runnable resolver(Subscription subscription, Duration timeout, Clock clock) {
        return subscription.inDoubtResolver(timeout, clock);
    }
}
