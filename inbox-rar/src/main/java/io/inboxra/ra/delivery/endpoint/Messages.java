package io.inboxra.ra.delivery.endpoint;

import io.inboxra.InboxMessage;
import io.inboxra.ra.connection.ClaimedRow;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Optional;

/** Turns claimed rows into the listener's messages; JSON-B is created on a message's first {@code json} call. */
public final class Messages implements AutoCloseable {

    private static final Logger LOG = System.getLogger(Messages.class.getName());

    private final String subscription;
    private final Optional<String> queue;
    private volatile Jsonb jsonb;

    public Messages(String subscription, Optional<String> queue) {
        this.subscription = subscription;
        this.queue = queue;
    }

    InboxMessage of(ClaimedRow row) {
        return new ClaimedMessage(row, queue, subscription, this::jsonb);
    }

    private Jsonb jsonb() {
        Jsonb j = jsonb;
        if (j == null) {
            synchronized (this) {
                j = jsonb;
                if (j == null) {
                    j = JsonbBuilder.create();
                    jsonb = j;
                }
            }
        }
        return j;
    }

    @Override
    public void close() {
        Jsonb j = jsonb;
        if (j != null) {
            try {
                j.close();
            } catch (Exception e) {
                LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription + "': closing JSON-B: " + e);
            }
        }
    }
}
