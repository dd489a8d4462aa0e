package io.inboxra.ra.delivery;

import java.time.Clock;
import java.time.Duration;

/** The package's in-doubt resolver for tests of another package: a timeout and a clock of the test's. */
public final class InDoubtResolvers {

    private InDoubtResolvers() {
    }

    /** @return a resolver of the subscription, activated at the clock's current instant */
    public static Runnable resolver(Subscription subscription, Duration timeout, Clock clock) {
        return new InDoubtResolver(subscription.context(), timeout, clock);
    }
}
