package io.inboxra.admin;

import io.inboxra.operations.Cancellation;
import io.inboxra.operations.FoundRow;

import java.time.Instant;

/**
 * A row as the API shows an operator's look-up of it.
 *
 * @param id its id, as text
 * @param key the message's key, or null where the table keeps none
 * @param place PENDING, IN_WORK (the lease form's live lease), PROCESSED or DEAD_LETTER
 * @param payload its payload's first 4096 characters
 * @param attempts the failed deliveries so far (a dead letter: the deliveries made), or null where not counted
 * @param due when it is due, or null
 * @param reason why it is a dead letter ({@code cancelled} for a cancelled row), or null where not kept
 * @param since when it was processed or dead-lettered, or null
 */
public record RowEntry(String id, String key, String place, String payload, Long attempts, Instant due, String reason,
        Instant since) {

    static RowEntry of(FoundRow r) {
        return new RowEntry(r.id(), r.key().orElse(null), r.place().name(), r.payload(),
                r.attempts().isPresent() ? r.attempts().getAsLong() : null, r.due().orElse(null),
                r.reason().orElse(null), r.since().orElse(null));
    }

    /**
     * What a cancel came to, as the API answers it.
     *
     * @param result CANCELLED, IN_WORK, NOT_FOUND or REFUSED
     * @param id the row's id, as asked for
     * @param message what happened, and what to do
     * @param error the message again where the row was not cancelled (the page shows it), else null
     */
    public record CancelAnswer(String result, String id, String message, String error) {

        static CancelAnswer of(Cancellation c) {
            return new CancelAnswer(c.result().name(), c.id(), c.message(),
                    c.result() == Cancellation.Result.CANCELLED ? null : c.message());
        }
    }
}
