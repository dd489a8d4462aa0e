package io.inboxra.ra.settlement;

import io.inboxra.ra.connection.DatabaseConnection;

import java.sql.SQLException;

/**
 * A settlement statement that failed on a connection that still works (a constraint, a
 * trigger): the delivery fails and is counted, where a lost connection is the database's
 * trouble instead.
 */
public final class StatementFailed extends SQLException {

    private static final long serialVersionUID = 1L;

    private StatementFailed(SQLException cause) {
        super(cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), cause);
    }

    @Override
    public synchronized SQLException getCause() {
        return (SQLException) super.getCause();
    }

    public interface Statements<T> {
        T run() throws SQLException;
    }

    /** Runs statements on {@code c}; a failure while the connection still answers becomes a {@code StatementFailed}. */
    public static <T> T classify(DatabaseConnection c, Statements<T> statements) throws SQLException {
        try {
            return statements.run();
        } catch (SQLException e) {
            if (e instanceof StatementFailed || !c.isValid()) {
                throw e;
            }
            throw new StatementFailed(e);
        }
    }
}
