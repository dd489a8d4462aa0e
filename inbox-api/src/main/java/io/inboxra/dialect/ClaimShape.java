package io.inboxra.dialect;

/**
 * What a claim statement returns for each row it takes.
 *
 * <p>The adapter asks for {@link #ROLES}: each column it needs, labelled with its role, so
 * it reads the result by label whatever the table calls its columns.
 */
public enum ClaimShape {
    /** The id, attempt (when the table has one) and payload columns, under their own names. */
    ROWS,
    /** The id column only. */
    IDS,
    /**
     * The id, payload and (when the table has one) attempt columns, labelled
     * {@value #ID}, {@value #PAYLOAD} and {@value #ATTEMPT}.
     */
    ROLES;

    /** The label of the id column in a {@link #ROLES} claim. */
    public static final String ID = "inbox_id";
    /** The label of the payload column in a {@link #ROLES} claim. */
    public static final String PAYLOAD = "inbox_payload";
    /** The label of the attempt column in a {@link #ROLES} claim. */
    public static final String ATTEMPT = "inbox_attempt";
    /** The label of the fencing token (the written lease expiry) in a lease claim. */
    public static final String TOKEN = "inbox_token";
    /** The label of the advisory lock key in an advisory claim. */
    public static final String KEY = "inbox_key";
    /** The label of a row's FIFO group in a claim of a table with FIFO groups. */
    public static final String GROUP = "inbox_group";
    /** The label of an in-doubt branch's identifier. */
    public static final String BRANCH = "inbox_branch";
}
