package io.inboxra.producer;

import java.util.Objects;

/**
 * What one {@link InboxProducer#send(String, String, SendOptions) send} did: it inserted a row, or,
 * for a send with a {@linkplain SendOptions#key(String) key} the table already holds, nothing.
 *
 * <pre>{@code
 * Sent sent = inbox.send("payments_in", body, SendOptions.now().key(messageId));
 * if (sent.duplicate()) {
 *     return Response.ok("already received").build();     // the first send's row is (or was) delivered
 * }
 * return Response.accepted().header("X-Inbox-Row", sent.id()).build();
 * }</pre>
 *
 * @param id the new row's id as text (empty where the database returned none); empty for a
 *        duplicate, which inserted nothing
 * @param duplicate whether the table already held a row with the send's key, so that nothing was inserted
 */
public record Sent(String id, boolean duplicate) {

    private static final Sent DUPLICATE = new Sent("", true);

    /** Checks that the id is there (empty, not null, when there is none). */
    public Sent {
        Objects.requireNonNull(id, "id");
        if (duplicate && !id.isEmpty()) {
            throw new IllegalArgumentException("a duplicate inserted no row, so it has no id: " + id);
        }
    }

    /**
     * @param id the new row's id, as text
     * @return a send that inserted its row
     */
    public static Sent inserted(String id) {
        return new Sent(id, false);
    }

    /** @return a send whose key the table already held: nothing was inserted */
    public static Sent ofDuplicate() {
        return DUPLICATE;
    }

    /** @return whether the send inserted a row (it is not a {@link #duplicate()}) */
    public boolean inserted() {
        return !duplicate;
    }
}
