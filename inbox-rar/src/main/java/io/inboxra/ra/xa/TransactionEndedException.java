package io.inboxra.ra.xa;

import java.sql.SQLException;

/**
 * Thrown instead of running a statement in a delivery's branch once its transaction has ended
 * (a transaction timeout rolled it back from the transaction manager's own thread, or the
 * container already ended it): the statement would otherwise run outside any transaction.
 */
public final class TransactionEndedException extends SQLException {

    private static final long serialVersionUID = 1L;

    TransactionEndedException(String why) {
        super("the delivery's transaction has already ended (" + why + "); nothing more runs in its branch",
                "25000");
    }
}
