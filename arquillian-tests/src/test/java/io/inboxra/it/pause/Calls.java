package io.inboxra.it.pause;

import jakarta.ejb.Singleton;

import java.util.concurrent.atomic.AtomicInteger;

/** How often the MDB was called, whatever its transactions did. */
@Singleton
public class Calls {

    private final AtomicInteger calls = new AtomicInteger();

    public void one() {
        calls.incrementAndGet();
    }

    public int count() {
        return calls.get();
    }
}
