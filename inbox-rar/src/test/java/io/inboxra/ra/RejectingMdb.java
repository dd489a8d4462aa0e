package io.inboxra.ra;

import io.inboxra.InboxListener;
import io.inboxra.InboxMessage;
import io.inboxra.Outcome;

/**
 * An application's MDB for {@link ApplicationsApartTest}: dead-letters every row, so that its
 * application has dead letters to operate on. Top-level and public, because each test
 * application's class loader defines it anew.
 */
public final class RejectingMdb implements InboxListener {
    @Override
    public Outcome onMessage(InboxMessage message) {
        return Outcome.deadLetter("rejected");
    }
}
