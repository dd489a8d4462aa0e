package io.inboxra.ra.delivery.endpoint;

import io.inboxra.InboxMessage;
import io.inboxra.ra.connection.ClaimedRow;
import jakarta.json.bind.Jsonb;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Supplier;

/** A claimed row as the listener sees it. */
public final class ClaimedMessage implements InboxMessage {

    private final ClaimedRow row;
    private final Optional<String> queue;
    private final String subscription;
    private final Supplier<Jsonb> jsonb;

    ClaimedMessage(ClaimedRow row, Optional<String> queue, String subscription, Supplier<Jsonb> jsonb) {
        this.row = row;
        this.queue = queue;
        this.subscription = subscription;
        this.jsonb = jsonb;
    }

    @Override
    public Object id() {
        return row.id();
    }

    @Override
    public byte[] payload() {
        return row.payload().clone();
    }

    @Override
    public String text() {
        return new String(row.payload(), StandardCharsets.UTF_8);
    }

    @Override
    public <T> T json(Class<T> type) {
        return jsonb.get().fromJson(text(), type);
    }

    @Override
    public int attempt() {
        return row.failedAttempts() + 1;
    }

    @Override
    public Optional<String> queue() {
        return queue;
    }

    @Override
    public String subscription() {
        return subscription;
    }

    @Override
    public String toString() {
        return "InboxMessage[subscription=" + subscription + ", id=" + row.id() + ", attempt=" + attempt() + "]";
    }
}
