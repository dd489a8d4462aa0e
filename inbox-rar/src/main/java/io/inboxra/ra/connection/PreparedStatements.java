package io.inboxra.ra.connection;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * A connection's statements, each prepared once and kept for the connection's life, bound from a
 * delivery's {@link Bindings}; the subscription's dialect binds what only it knows how to bind
 * ({@link Dialect#bindIds}). Also the column layout of each claim's result, read once.
 */
final class PreparedStatements {

    private final Connection connection;
    private final Dialect dialect;
    private final int statementSeconds;
    private final Map<String, PreparedStatement> prepared = new HashMap<>();
    private final Map<String, ClaimedRow.Layout> layouts = new HashMap<>();

    /** @param statementSeconds each statement's timeout ({@code setQueryTimeout}), 0 for none */
    PreparedStatements(Connection connection, Dialect dialect, int statementSeconds) {
        this.connection = connection;
        this.dialect = dialect;
        this.statementSeconds = statementSeconds;
    }

    /** @return the statement, prepared on first use, with the bindings set */
    PreparedStatement bound(Statement statement, Bindings bindings) throws SQLException {
        PreparedStatement ps = prepared.get(statement.sql());
        if (ps == null) {
            ps = connection.prepareStatement(statement.sql());
            ps.setQueryTimeout(statementSeconds);
            prepared.put(statement.sql(), ps);
        }
        int index = 1;
        int nextRow = 0;
        int nextSetAside = 0;
        for (Param param : statement.params()) {
            switch (param) {
                case QUEUE -> ps.setString(index, bindings.queue().orElse(null));
                case LIMIT -> ps.setInt(index, bindings.limit());
                case CANDIDATES -> ps.setInt(index, bindings.candidates());
                case NOW -> ps.setTimestamp(index, Timestamp.from(Instant.now()));
                case ID -> ps.setObject(index, bindings.rows() == null ? bindings.row().id()
                        : bindings.rows().get(nextRow++).id());
                case IDS -> dialect.bindIds(connection, ps, index, bindings.rows().stream().map(ClaimedRow::id).toList());
                case TOKEN -> ps.setObject(index, bindings.row().token());
                case LEASE -> ps.setLong(index, bindings.lease().toMillis());
                case KEY -> ps.setObject(index, bindings.row().key());
                case AGE -> ps.setLong(index, bindings.age().toMillis());
                case DELAY -> ps.setLong(index, bindings.delay().toMillis());
                case REASON -> ps.setString(index, bindings.reason());
                case GROUP -> ps.setObject(index, bindings.row().group());
                case SLOT -> ps.setInt(index, bindings.slot());
                case ATTEMPT -> ps.setInt(index, bindings.row().failedAttempts() + 1);
                case SET_ASIDE -> ps.setObject(index, bindings.setAside().get(nextSetAside++));
                case MESSAGE_KEY -> throw new SQLException("the adapter binds no message key here: " + statement.sql());
            }
            index++;
        }
        return ps;
    }

    /** @return the claim's column layout, read from its first result */
    ClaimedRow.Layout layout(Statement statement, ResultSet rs) throws SQLException {
        ClaimedRow.Layout layout = layouts.get(statement.sql());
        if (layout == null) {
            layout = ClaimedRow.Layout.of(rs.getMetaData());
            layouts.put(statement.sql(), layout);
        }
        return layout;
    }
}
