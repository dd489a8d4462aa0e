package io.inboxra.producer;

/**
 * A producer could not be opened, or a row could not be sent. Unchecked, so that it rolls back a
 * container-managed or {@code @Transactional} transaction on its way out.
 */
public class InboxProducerException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message what failed, and the fix where there is one
     * @param cause the database's or the server's failure, or null
     */
    public InboxProducerException(String message, Throwable cause) {
        super(message, cause);
    }
}
