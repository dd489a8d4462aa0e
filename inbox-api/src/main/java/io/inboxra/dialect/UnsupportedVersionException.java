package io.inboxra.dialect;

/**
 * A dialect refuses its database's version: its statements, or those of the subscription's form,
 * need a later one ({@link Dialect#requireVersion}). The subscription's activation fails with the
 * message, which names the database and its version, the dialect, the version needed, the
 * feature it brought, and the fix.
 *
 * <pre>{@code
 * throw new UnsupportedVersionException("The database is PostgreSQL 11.22: the postgres dialect's LEASE"
 *         + " form (selected by 'lockedUntilColumn') needs PostgreSQL 12 or later ...");
 * }</pre>
 *
 * {@link MinimumVersion#require} writes the usual message.
 */
public class UnsupportedVersionException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * @param message the whole message, as the activation's failure shows it
     */
    public UnsupportedVersionException(String message) {
        super(message);
    }
}
