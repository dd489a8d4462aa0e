package io.inboxra.ra.operations;

import java.math.BigDecimal;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Optional;
import java.util.UUID;

/**
 * An id column's type, for ids an operator gives as text: each is bound in the column's own type,
 * so that a requeue or a read by id finds its row directly, without reading every dead letter's id.
 * Text that cannot be such an id matches no row (MySQL would compare {@code 'abc'} to a number as 0).
 *
 * @param jdbcType the column's {@link Types} code
 * @param typeName the database's name of the type
 */
record TextIds(int jdbcType, String typeName) {

    /** @return the type of the result's first column */
    static TextIds of(ResultSetMetaData meta) throws SQLException {
        return new TextIds(meta.getColumnType(1), String.valueOf(meta.getColumnTypeName(1)));
    }

    /** @return the id in the column's type, or empty when the text cannot be one */
    Optional<Object> typed(String text) {
        try {
            return Optional.of(switch (jdbcType) {
                case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT -> Long.valueOf(text.trim());
                case Types.NUMERIC, Types.DECIMAL -> new BigDecimal(text.trim());
                default -> typeName.equalsIgnoreCase("uuid") ? UUID.fromString(text.trim()) : text;
            });
        } catch (IllegalArgumentException e) {
            // NumberFormatException too: no row can have that id.
            return Optional.empty();
        }
    }
}
