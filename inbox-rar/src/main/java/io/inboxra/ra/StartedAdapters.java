package io.inboxra.ra;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The started instances of the adapter in this class loader (this RAR's deployment): the one
 * piece of static state the adapter keeps, because a server may start several instances of one
 * RAR and only static state is common to them. WildFly starts one for the RAR and another for
 * each application's {@code @ConnectionFactoryDefinition}; a producer, associated with the
 * second, must wake the subscriptions of the first.
 */
final class StartedAdapters {

    private static final Set<InboxResourceAdapter> STARTED = ConcurrentHashMap.newKeySet();

    private StartedAdapters() {
    }

    static void started(InboxResourceAdapter adapter) {
        STARTED.add(adapter);
    }

    static void stopped(InboxResourceAdapter adapter) {
        STARTED.remove(adapter);
    }

    /** @return every started instance, and {@code asking} itself (started or not) */
    static Set<InboxResourceAdapter> besides(InboxResourceAdapter asking) {
        Set<InboxResourceAdapter> all = new HashSet<>(STARTED);
        all.add(asking);
        return all;
    }
}
