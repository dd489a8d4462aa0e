package io.inboxra.ra.outbound;

import jakarta.resource.spi.ResourceAdapter;
import jakarta.transaction.TransactionSynchronizationRegistry;

import java.util.Map;
import java.util.Optional;

/**
 * What a producer's connection factory asks of the resource adapter the server associates it
 * with: the adapter's default data source, the server's transaction synchronizations, and the
 * wake-up of the subscriptions of a table once a send has committed.
 */
public interface ProducerAdapter extends ResourceAdapter {

    /** @return the adapter's config properties that are the defaults of every data source, by property key */
    Map<String, String> defaults();

    /** @return the server's transaction synchronizations, once the adapter has started */
    Optional<TransactionSynchronizationRegistry> synchronizations();

    /**
     * Wakes the idle workers of the subscriptions of a table.
     *
     * @param table the inbox table rows were inserted into
     * @return how many subscriptions were woken
     */
    int wake(String table);
}
