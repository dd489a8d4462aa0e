package io.inboxra.it;

import io.inboxra.harness.Await;

import java.time.Duration;
import java.util.concurrent.Callable;

/** Waits for a condition the server brings about in its own time: {@link Await#until} with a server's patience. */
final class Until {

    static final Duration LONG = Duration.ofSeconds(90);

    private Until() {
    }

    static void until(String what, Callable<Boolean> condition) throws Exception {
        Await.until(what, LONG, condition);
    }
}
