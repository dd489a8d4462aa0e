package io.inboxra.dialect;

/**
 * The labels of the columns a claim returns: the adapter reads each result by its role, whatever
 * the table calls its columns, so every claim labels what it selects with these.
 *
 * <pre>{@code
 * "SELECT " + quote(spec.idColumn()) + " AS " + Label.ID + ", "
 *         + quote(spec.payloadColumn()) + " AS " + Label.PAYLOAD + " FROM " + table(spec)
 * }</pre>
 *
 * {@link ClaimClauses#columns()} writes the id, payload, attempt and trace columns labelled.
 */
public final class Label {

    /** The row's id. */
    public static final String ID = "inbox_id";
    /** The row's payload. */
    public static final String PAYLOAD = "inbox_payload";
    /**
     * The payload's size in bytes, as the database tells it ({@link OperatorQueries#payloadBytes}), in a
     * claim of a table with a {@link TableSpec#maxPayloadBytes()}: the payload of a row above that
     * size is not selected (NULL), so the adapter dead-letters the row without reading it.
     */
    public static final String PAYLOAD_BYTES = "inbox_payload_bytes";
    /** The row's attempt count, when the table has an attempt column. */
    public static final String ATTEMPT = "inbox_attempt";
    /** The fencing token (the written lease expiry) of a lease claim and a lease extension. */
    public static final String TOKEN = "inbox_token";
    /** The advisory lock key of an advisory claim. */
    public static final String KEY = "inbox_key";
    /** The row's FIFO group, in a claim of a table with FIFO groups. */
    public static final String GROUP = "inbox_group";
    /** The W3C trace context a producer stored with the row, in a claim of a table with a trace column. */
    public static final String TRACE = "inbox_trace";

    private Label() {
    }
}
