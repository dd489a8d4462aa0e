package io.inboxra.producer;

/**
 * A row could not be sent to its shard ({@link InboxShards}): the shard's database is down, or
 * refused the insert. The caller's transaction should roll back (the exception is unchecked, so a
 * container-managed or {@code @Transactional} one does); nothing of it was sent to any shard.
 */
public class InboxShardException extends InboxProducerException {

    private static final long serialVersionUID = 1L;

    private final String shard;

    /**
     * @param shard the shard's name, or a list of them when none could take a keyless row
     * @param message what failed, and the fix
     * @param cause the shard producer's failure
     */
    public InboxShardException(String shard, String message, Throwable cause) {
        super(message, cause);
        this.shard = shard;
    }

    /** @return the name of the shard that failed (several, comma-separated, for a keyless row none took) */
    public String shard() {
        return shard;
    }
}
