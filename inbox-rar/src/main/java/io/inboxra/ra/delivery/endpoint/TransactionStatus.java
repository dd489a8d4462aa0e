package io.inboxra.ra.delivery.endpoint;

import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * The current delivery's container transaction, as the server's registry tells it: marked
 * rollback-only, rolled back by a timeout, or ended all count as a rollback.
 */
public final class TransactionStatus {

    private final TransactionSynchronizationRegistry registry;

    /** @param registry the server's registry, or null where the server gives none (then always active) */
    public TransactionStatus(TransactionSynchronizationRegistry registry) {
        this.registry = registry;
    }

    /** @return whether the current thread's transaction is still active */
    public boolean isActive() {
        return registry == null || status() == Status.STATUS_ACTIVE;
    }

    /** @return the server's registry of the delivery's transactions, where it gives one */
    public java.util.Optional<TransactionSynchronizationRegistry> registry() {
        return java.util.Optional.ofNullable(registry);
    }

    /** @return why the current transaction is no longer active, for a failure's record */
    public String describe() {
        int status = status();
        return status == Status.STATUS_MARKED_ROLLBACK ? "the MDB marked the transaction rollback-only"
                : "the transaction was rolled back before the delivery settled (a timeout?), status " + status;
    }

    private int status() {
        try {
            return registry == null ? Status.STATUS_ACTIVE : registry.getTransactionStatus();
        } catch (RuntimeException e) {
            return Status.STATUS_UNKNOWN;
        }
    }
}
