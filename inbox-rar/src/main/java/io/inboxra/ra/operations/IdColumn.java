package io.inboxra.ra.operations;

import io.inboxra.dialect.Statement;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * A table's id column as an operator's ids meet it: its type ({@link TextIds}), read once, the first time
 * an id needs it, from the metadata of a look-up's result (at most one row read).
 */
final class IdColumn {

    private final OperatorSql sql;
    private final Supplier<Statement> lookUp;
    private volatile TextIds known;

    /** @param lookUp a statement whose first column is the id, bound with an id or none */
    IdColumn(OperatorSql sql, Supplier<Statement> lookUp) {
        this.sql = sql;
        this.lookUp = lookUp;
    }

    TextIds type(Connection c) throws SQLException {
        TextIds type = known;
        if (type == null) {
            try (PreparedStatement ps = sql.bound(c, lookUp.get(), null, Duration.ZERO)) {
                ps.setMaxRows(1);
                try (ResultSet rs = ps.executeQuery()) {
                    type = TextIds.of(rs.getMetaData());
                }
            }
            known = type;
        }
        return type;
    }
}
