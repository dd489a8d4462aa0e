package io.inboxra.ra.delivery;

/**
 * One row a claim took.
 *
 * @param id the row's key
 * @param payload the payload bytes
 * @param failedAttempts the row's attempt column, or 0 without one
 */
record ClaimedRow(Object id, byte[] payload, int failedAttempts) {
}
