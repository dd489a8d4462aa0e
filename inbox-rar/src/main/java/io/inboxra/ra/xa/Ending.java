package io.inboxra.ra.xa;

/** How a delivery's transaction ended, as the adapter's own XA resource saw it. */
public enum Ending {
    /** The branch committed: the settlement is in the database. */
    COMMITTED,
    /** The branch rolled back (a branch that kept only a failure's record counts here too). */
    ROLLED_BACK,
    /** The commit failed with no known outcome (the connection died during a one-phase commit). */
    UNKNOWN
}
