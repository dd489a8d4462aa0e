package io.inboxra.ra.subscription.check;

import jakarta.resource.ResourceException;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;

/**
 * A subscription could not be checked at its activation because its database did not answer
 * (refused, unreachable, starting up or shutting down): an outage, not a mistake in its
 * settings, so the activation waits for the database instead of failing ({@link io.inboxra.ra.subscription.AwaitingDatabase}).
 * A refused login or a missing table is a mistake, and fails the activation as before.
 */
public final class DatabaseUnreachable extends ResourceException {

    private static final long serialVersionUID = 1L;

    public DatabaseUnreachable(String message, SQLException cause) {
        super(message, cause);
    }

    /**
     * @param e what connecting to the database threw
     * @return whether it says the database is not there (SQLState class 08, or PostgreSQL's
     *         57P01 to 57P03: shutting down, or not yet accepting connections), rather than that
     *         it refused us
     */
    public static boolean isOutage(SQLException e) {
        String state = e.getSQLState();
        return e instanceof SQLTransientConnectionException || e instanceof SQLNonTransientConnectionException
                || state != null && (state.startsWith("08") || state.startsWith("57P0"));
    }
}
