package io.inboxra.ra.connection;

import io.inboxra.dialect.Dialect;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One of the adapter's short local transactions on a connection of its own (a lease claim in
 * steps, a failure's record, a partition's drop): the work, committed when it returns, or rolled
 * back. A failure is the work's (a network timeout, a constraint), not the rollback's on a
 * connection that failure closed; a connection whose rollback failed is marked broken.
 */
final class LocalTransaction {

    private LocalTransaction() {
    }

    /**
     * @param commitLeavingOff the statement that commits and leaves the connection out of
     *        autocommit with no transaction open (a pooled connection, where the dialect has one:
     *        {@link Dialect#commitLeavingAutocommitOff}), so the next local transaction on it
     *        begins without a statement; or null: {@code commit()}, and back to autocommit
     */
    static <T> T run(DatabaseConnection owner, Connection connection, ConnectionPool.SqlWork<T> work,
            String commitLeavingOff) throws SQLException {
        if (connection.getAutoCommit()) {
            connection.setAutoCommit(false);
        }
        T result;
        try {
            result = work.run(owner);
            if (commitLeavingOff == null) {
                connection.commit();
            } else {
                owner.execute(commitLeavingOff);
            }
        } catch (SQLException | RuntimeException | Error e) {
            try {
                if (!connection.getAutoCommit()) {
                    connection.rollback();
                }
                connection.setAutoCommit(true);
            } catch (SQLException | RuntimeException | Error undo) {
                owner.markBroken();
                e.addSuppressed(undo);
            }
            throw e;
        }
        if (commitLeavingOff == null) {
            connection.setAutoCommit(true);
        }
        return result;
    }
}
