package io.inboxra.ra.delivery;

import io.inboxra.dialect.ClaimShape;

import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * One row a claim took.
 *
 * @param id the row's key
 * @param payload the payload bytes
 * @param failedAttempts the row's attempt column, or 0 without one
 * @param token the lease form's fencing token, or null
 * @param key the advisory lock form's key, or null
 * @param group the row's FIFO group, or null
 */
record ClaimedRow(Object id, byte[] payload, int failedAttempts, Object token, Object key, Object group) {

    /** @return this row with the lease's current fencing token */
    ClaimedRow withToken(Object current) {
        return new ClaimedRow(id, payload, failedAttempts, current, key, group);
    }

    /** @return this row with the advisory key and FIFO group of the claim that locked it */
    ClaimedRow lockedBy(ClaimedRow claim) {
        return new ClaimedRow(id, payload, failedAttempts, token, claim.key(), claim.group());
    }

    /** Reads the current row of a claim's result, by the labels of {@link ClaimShape#ROLES}. */
    static ClaimedRow read(ResultSet rs) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        Set<String> labels = new HashSet<>();
        int payloadType = Types.VARCHAR;
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            String label = meta.getColumnLabel(i).toLowerCase(Locale.ROOT);
            labels.add(label);
            if (label.equals(ClaimShape.PAYLOAD)) {
                payloadType = meta.getColumnType(i);
            }
        }
        byte[] payload = !labels.contains(ClaimShape.PAYLOAD) ? null
                : isBinary(payloadType) ? rs.getBytes(ClaimShape.PAYLOAD) : bytes(rs.getString(ClaimShape.PAYLOAD));
        return new ClaimedRow(rs.getObject(ClaimShape.ID),
                payload == null ? new byte[0] : payload,
                labels.contains(ClaimShape.ATTEMPT) ? rs.getInt(ClaimShape.ATTEMPT) : 0,
                labels.contains(ClaimShape.TOKEN) ? rs.getObject(ClaimShape.TOKEN) : null,
                labels.contains(ClaimShape.KEY) ? rs.getObject(ClaimShape.KEY) : null,
                labels.contains(ClaimShape.GROUP) ? rs.getObject(ClaimShape.GROUP) : null);
    }

    /** A database's "yes" to a lock function: true, or 1 where booleans are numbers (MySQL). */
    static boolean isYes(Object answer) {
        return Boolean.TRUE.equals(answer) || (answer instanceof Number n && n.intValue() == 1);
    }

    private static boolean isBinary(int type) {
        return type == Types.BINARY || type == Types.VARBINARY || type == Types.LONGVARBINARY || type == Types.BLOB;
    }

    private static byte[] bytes(String text) {
        return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
    }
}
