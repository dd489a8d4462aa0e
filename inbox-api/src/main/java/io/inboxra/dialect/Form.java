package io.inboxra.dialect;

/**
 * How a claimed row is kept from other claims while it is in work. A table's description
 * selects the form; a dialect offers a form by implementing its capability interface.
 */
public enum Form {
    /** The claim's transaction holds a row lock ({@code FOR UPDATE SKIP LOCKED}); capability {@link RowLock}. */
    ROW_LOCK,
    /** An expiry written into the row ({@code lockedUntilColumn}). */
    LEASE,
    /** A session-level advisory lock on the row's key ({@code advisoryLock}). */
    ADVISORY
}
