package io.inboxra.ra.operations;

import io.inboxra.operations.DeadLetter;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Optional;
import java.util.OptionalLong;

/** Dead letters as the dialect's listing and {@code deadLetterById} return them. */
final class DeadLetterRows {

    private DeadLetterRows() {
    }

    /**
     * A dead letter of the listing ({@code preview}: its payload cut to the preview, where the
     * dialect's listing did not cut it already) or of {@code deadLetterById} (whole).
     */
    static DeadLetter read(ResultSet rs, boolean preview) throws SQLException {
        long attempts = rs.getLong(3);
        OptionalLong counted = rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(attempts);
        Timestamp deadAt = rs.getTimestamp(5);
        String payload = String.valueOf(rs.getString(2));
        OptionalLong size = OptionalLong.empty();
        if (rs.getMetaData().getColumnCount() >= 6) {
            long told = rs.getLong(6);
            size = rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(told);
        }
        boolean cut = false;
        if (preview && payload.length() > io.inboxra.dialect.OperatorQueries.PREVIEW_LENGTH) {
            size = OptionalLong.of(payload.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
            payload = payload.substring(0, io.inboxra.dialect.OperatorQueries.PREVIEW_LENGTH);
            cut = true;
        } else if (preview && size.isPresent()) {
            cut = size.getAsLong() > payload.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        } else if (size.isEmpty()) {
            size = OptionalLong.of(payload.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
        }
        return new DeadLetter(String.valueOf(rs.getObject(1)), payload, counted, Optional.ofNullable(rs.getString(4)),
                Optional.ofNullable(deadAt).map(Timestamp::toInstant), size, cut);
    }
}
