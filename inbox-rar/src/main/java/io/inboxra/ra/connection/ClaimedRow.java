package io.inboxra.ra.connection;

import io.inboxra.dialect.Label;

import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Locale;

/**
 * One row a claim took.
 *
 * @param id the row's key
 * @param payload the payload bytes; empty when the claim left out a payload over the limit
 * @param payloadBytes the payload's size in bytes: as the database told it when the claim
 *        selected it ({@link Label#PAYLOAD_BYTES}), else the bytes read
 * @param failedAttempts the row's attempt column, or 0 without one
 * @param token the lease form's fencing token, or null
 * @param key the advisory lock form's key, or null
 * @param group the row's FIFO group, or null
 * @param trace the trace context its producer stored ({@code traceColumn}), or null
 */
public record ClaimedRow(Object id, byte[] payload, long payloadBytes, int failedAttempts, Object token, Object key,
        Object group, String trace) {

    /** A row without a stored trace context. */
    public ClaimedRow(Object id, byte[] payload, long payloadBytes, int failedAttempts, Object token, Object key,
            Object group) {
        this(id, payload, payloadBytes, failedAttempts, token, key, group, null);
    }

    /**
     * @return the id as a key for maps and sets: a {@code byte[]} id (a {@code BINARY} column)
     *         compared by its bytes, any other as it is
     */
    public Object idKey() {
        return byValue(id);
    }

    /** @return the row's FIFO group, comparable by value: a binary group (a UUID in BINARY(16), bytea) as its bytes */
    public Object groupKey() {
        return byValue(group);
    }

    /** A value that compares by content: an array of bytes wrapped, anything else as it is. */
    private static Object byValue(Object value) {
        return value instanceof byte[] bytes ? java.nio.ByteBuffer.wrap(bytes) : value;
    }

    /** @return this row with the lease's current fencing token */
    public ClaimedRow withToken(Object current) {
        return new ClaimedRow(id, payload, payloadBytes, failedAttempts, current, key, group, trace);
    }

    /** @return this row with the advisory key and FIFO group of the claim that locked it */
    public ClaimedRow lockedBy(ClaimedRow claim) {
        return new ClaimedRow(id, payload, payloadBytes, failedAttempts, token, claim.key(), claim.group(), trace);
    }

    /**
     * Where a claim's result has each role's column ({@link Label} labels), read once
     * per statement from the result's metadata rather than once per row.
     */
    record Layout(int id, int payload, boolean binaryPayload, int payloadBytes, int attempt, int token, int key,
            int group, int trace) {

        static Layout of(ResultSetMetaData meta) throws SQLException {
            int id = 0, payload = 0, payloadBytes = 0, attempt = 0, token = 0, key = 0, group = 0, trace = 0;
            boolean binary = false;
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                switch (meta.getColumnLabel(i).toLowerCase(Locale.ROOT)) {
                    case Label.ID -> id = i;
                    case Label.PAYLOAD -> {
                        payload = i;
                        binary = isBinary(meta.getColumnType(i));
                    }
                    case Label.PAYLOAD_BYTES -> payloadBytes = i;
                    case Label.ATTEMPT -> attempt = i;
                    case Label.TOKEN -> token = i;
                    case Label.KEY -> key = i;
                    case Label.GROUP -> group = i;
                    case Label.TRACE -> trace = i;
                    default -> { }
                }
            }
            if (id == 0) {
                throw new SQLException("the claim returned no column labelled " + Label.ID);
            }
            return new Layout(id, payload, binary, payloadBytes, attempt, token, key, group, trace);
        }
    }

    /**
     * Reads the current row of a claim's result, by its layout. A payload the claim left out (over
     * the limit: NULL, with its size) is not there to read; the row keeps its size only.
     */
    static ClaimedRow read(ResultSet rs, Layout layout) throws SQLException {
        byte[] payload = layout.payload() == 0 ? null
                : layout.binaryPayload() ? rs.getBytes(layout.payload()) : bytes(rs.getString(layout.payload()));
        long told = layout.payloadBytes() == 0 ? 0 : rs.getLong(layout.payloadBytes());
        return new ClaimedRow(rs.getObject(layout.id()),
                payload == null ? new byte[0] : payload,
                payload == null ? told : Math.max(told, payload.length),
                layout.attempt() == 0 ? 0 : rs.getInt(layout.attempt()),
                layout.token() == 0 ? null : rs.getObject(layout.token()),
                layout.key() == 0 ? null : rs.getObject(layout.key()),
                layout.group() == 0 ? null : rs.getObject(layout.group()),
                layout.trace() == 0 ? null : rs.getString(layout.trace()));
    }

    /** A database's "yes" to a lock function: true, or 1 where booleans are numbers (MySQL). */
    public static boolean isYes(Object answer) {
        return Boolean.TRUE.equals(answer) || (answer instanceof Number n && n.intValue() == 1);
    }

    private static boolean isBinary(int type) {
        return type == Types.BINARY || type == Types.VARBINARY || type == Types.LONGVARBINARY || type == Types.BLOB;
    }

    private static byte[] bytes(String text) {
        return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
    }
}
