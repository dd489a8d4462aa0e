package io.inboxra.ra.dialect.postgres;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

/** A batch's ids bound as one PostgreSQL array, of the id column's type: what {@code = ANY(?)} compares with. */
final class PostgresArrays {

    private PostgresArrays() {
    }

    /** The array's element type is read off the first id's Java type. */
    static void bindIds(Connection connection, PreparedStatement statement, int index, List<Object> ids)
            throws SQLException {
        Object first = ids.get(0);
        String type = first instanceof Long ? "bigint"
                : first instanceof Integer ? "integer"
                : first instanceof Short ? "smallint"
                : first instanceof UUID ? "uuid"
                : first instanceof BigDecimal ? "numeric"
                : first instanceof String ? "text"
                : null;
        if (type == null) {
            throw new SQLException("a batch's ids of type " + first.getClass().getName() + " cannot be bound as an"
                    + " array; use an id column of a whole number, text or UUID type, or 'batchSize' 1");
        }
        statement.setArray(index, connection.createArrayOf(type, ids.toArray()));
    }
}
