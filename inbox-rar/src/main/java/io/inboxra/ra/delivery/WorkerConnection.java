package io.inboxra.ra.delivery;

import io.inboxra.dialect.ClaimShape;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.ra.xa.BranchResource;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.Optional;
import javax.sql.XAConnection;
import javax.sql.XADataSource;

/**
 * One worker's database connection: an XA connection, the adapter's XA resource over it, and
 * the subscription's statements prepared once on it.
 */
final class WorkerConnection implements AutoCloseable {

    private final XAConnection xaConnection;
    private final Connection connection;
    private final BranchResource branch;
    private final SubscriptionStatements statements;
    private final Optional<String> queue;
    private final PreparedStatement claim;
    private final PreparedStatement settle;
    private final PreparedStatement probe;

    private WorkerConnection(XAConnection xaConnection, SubscriptionStatements statements, Optional<String> queue,
            int isolation) throws SQLException {
        this.xaConnection = xaConnection;
        this.statements = statements;
        this.queue = queue;
        this.connection = xaConnection.getConnection();
        connection.setTransactionIsolation(isolation);
        this.branch = new BranchResource(xaConnection.getXAResource());
        this.claim = connection.prepareStatement(statements.claim().sql());
        this.settle = connection.prepareStatement(statements.settle().sql());
        this.probe = statements.probe().isPresent()
                ? connection.prepareStatement(statements.probe().get().sql())
                : null;
    }

    static WorkerConnection open(XADataSource dataSource, SubscriptionStatements statements,
            Optional<String> queue, int isolation) throws SQLException {
        XAConnection xa = dataSource.getXAConnection();
        try {
            return new WorkerConnection(xa, statements, queue, isolation);
        } catch (SQLException | RuntimeException e) {
            try {
                xa.close();
            } catch (SQLException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    BranchResource branch() {
        return branch;
    }

    Connection connection() {
        return connection;
    }

    /** @return whether the table may hold a claimable row (true when the dialect has no probe) */
    boolean probe() throws SQLException {
        if (probe == null) {
            return true;
        }
        bind(probe, statements.probe().get(), null);
        try (ResultSet rs = probe.executeQuery()) {
            return rs.next();
        }
    }

    /** Claims one row in the connection's current transaction. */
    Optional<ClaimedRow> claim() throws SQLException {
        bind(claim, statements.claim(), null);
        try (ResultSet rs = claim.executeQuery()) {
            if (!rs.next()) {
                return Optional.empty();
            }
            Object id = rs.getObject(ClaimShape.ID);
            int payloadType = rs.getMetaData().getColumnType(rs.findColumn(ClaimShape.PAYLOAD));
            byte[] payload = isBinary(payloadType)
                    ? rs.getBytes(ClaimShape.PAYLOAD)
                    : bytes(rs.getString(ClaimShape.PAYLOAD));
            int attempts = statements.readsAttempts() ? rs.getInt(ClaimShape.ATTEMPT) : 0;
            return Optional.of(new ClaimedRow(id, payload == null ? new byte[0] : payload, attempts));
        }
    }

    /**
     * Runs the acknowledgement's settlement in the connection's current transaction.
     *
     * @return whether it changed the claimed row (exactly one row)
     */
    boolean settle(ClaimedRow row) throws SQLException {
        bind(settle, statements.settle(), row);
        return settle.executeUpdate() == 1;
    }

    private void bind(PreparedStatement prepared, Statement statement, ClaimedRow row) throws SQLException {
        int index = 1;
        for (Param param : statement.params()) {
            switch (param) {
                case QUEUE -> prepared.setString(index, queue.orElse(null));
                case LIMIT -> prepared.setInt(index, 1);
                case NOW -> prepared.setTimestamp(index, Timestamp.from(Instant.now()));
                case ID -> prepared.setObject(index, row.id());
                case TOKEN -> throw new SQLException("the row lock form has no fencing token; the statement "
                        + statement.sql() + " binds one");
            }
            index++;
        }
    }

    private static boolean isBinary(int type) {
        return type == Types.BINARY || type == Types.VARBINARY || type == Types.LONGVARBINARY || type == Types.BLOB;
    }

    private static byte[] bytes(String text) {
        return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws SQLException {
        // Closing the physical connection also closes the handle and its statements.
        xaConnection.close();
    }
}
