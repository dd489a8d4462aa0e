package io.inboxra.ra.connection;

import io.inboxra.ra.config.DataSourceSettings;

import java.sql.SQLException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import javax.sql.XAConnection;
import javax.sql.XADataSource;

/**
 * A subscription's data source whose connection failures carry none of its secrets: a driver
 * (or the adapter's own {@code LocalXaDataSource}) may put the URL, with its password, into the
 * message of the exception that says it cannot connect, and that message ends up in logs and
 * in the activation's exception. Such an exception is replaced by a copy with the secrets
 * masked (same SQL state, vendor code and stack trace; its causes copied the same way); any
 * other passes through as it is.
 */
final class ScrubbingXaDataSource extends ForwardingXaDataSource {

    private final DataSourceSettings settings;

    ScrubbingXaDataSource(XADataSource delegate, DataSourceSettings settings) {
        super(delegate);
        this.settings = settings;
    }

    @Override
    public XAConnection getXAConnection() throws SQLException {
        try {
            return delegate.getXAConnection();
        } catch (SQLException e) {
            throw scrubbed(e);
        }
    }

    @Override
    public XAConnection getXAConnection(String user, String password) throws SQLException {
        try {
            return delegate.getXAConnection(user, password);
        } catch (SQLException e) {
            throw scrubbed(e);
        }
    }

    /** @return the exception itself when no text of it holds a secret, else its scrubbed copy */
    SQLException scrubbed(SQLException e) {
        if (!leaks(e, Collections.newSetFromMap(new IdentityHashMap<>()))) {
            return e;
        }
        SQLException copy = new SQLException(settings.scrub(e.getMessage()), e.getSQLState(), e.getErrorCode(),
                copy(e.getCause(), 0));
        copy.setStackTrace(e.getStackTrace());
        for (Throwable suppressed : e.getSuppressed()) {
            copy.addSuppressed(copy(suppressed, 1));
        }
        return copy;
    }

    private boolean leaks(Throwable t, Set<Throwable> seen) {
        if (t == null || !seen.add(t)) {
            return false;
        }
        String text = t.toString();
        if (!text.equals(settings.scrub(text)) || leaks(t.getCause(), seen)) {
            return true;
        }
        for (Throwable suppressed : t.getSuppressed()) {
            if (leaks(suppressed, seen)) {
                return true;
            }
        }
        return false;
    }

    private Throwable copy(Throwable t, int depth) {
        if (t == null || depth > 20) {
            return null;
        }
        Scrubbed copy = new Scrubbed(t.getClass().getName(), settings.scrub(t.getMessage()),
                copy(t.getCause(), depth + 1));
        copy.setStackTrace(t.getStackTrace());
        if (depth < 20) {
            for (Throwable suppressed : t.getSuppressed()) {
                copy.addSuppressed(copy(suppressed, depth + 1));
            }
        }
        return copy;
    }

    /** A cause with its secrets masked, shown under its original class's name. */
    static final class Scrubbed extends Exception {
        private static final long serialVersionUID = 1L;
        private final String type;

        Scrubbed(String type, String message, Throwable cause) {
            super(message, cause);
            this.type = type;
        }

        @Override
        public String toString() {
            return getMessage() == null ? type : type + ": " + getMessage();
        }
    }
}
