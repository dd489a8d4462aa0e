package io.inboxra.ra.delivery;

import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.xa.DeliveryBranch;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * What differs between the forms in a delivery ({@link Delivery}): how rows are claimed and held
 * (under the branch's lock, by a lease, by a session lock), the connection the branch runs on,
 * what is lent to the listener, what a settlement must match, and how a failure is recorded and
 * the hold let go. One instance per worker; its steps are called in the order listed here, once
 * per turn, on the worker's thread.
 */
interface ClaimForm {

    /**
     * Before any transaction: claims what the form claims outside one (leases, session locks), or
     * looks whether anything is claimable (row lock).
     *
     * @param transacted whether the MDB's transaction is the container's; without one, rows are
     *        delivered one at a time
     * @return the delivery's branch, on the form's connection (the XA resource the transaction
     *         enlists), or null when there is nothing to deliver this turn
     */
    DeliveryBranch<DatabaseConnection> prepare(boolean transacted) throws SQLException;

    /**
     * Opens the worker's own connection, where the form keeps one (row lock, advisory lock), so
     * that the subscription starts with it open; the lease form's pool opens as it is used.
     */
    default void connect() throws SQLException {
    }

    /**
     * In the delivery's transaction: the rows, claimed under lock in the branch (row lock, which
     * then counts the transaction among the {@link OpenClaims}: it stays open while the listener
     * runs) or as {@link #prepare} held them.
     *
     * @return the rows, in claim order; empty when none is to be delivered after all
     */
    List<ClaimedRow> claim(DeliveryBranch<DatabaseConnection> branch) throws SQLException;

    /**
     * A delivery of one row: the record its failure writes as the branch rolls back, or null where
     * the form records failures after the transaction ({@link #failed}), the row still held.
     */
    default BranchFailure armFailure(DeliveryBranch<DatabaseConnection> branch, ClaimedRow row) throws SQLException {
        return null;
    }

    /** @return the connection lent to the listener as the producer factory's (the claim's own branch), or null */
    default Connection lent() {
        return null;
    }

    /** @return the rows as their settlement must match them, once the listener returned (lease: each one's last token) */
    default List<ClaimedRow> settling(List<ClaimedRow> rows) {
        return rows;
    }

    /** After {@code afterDelivery}, whatever came of it: lets go of what outlives the transaction (named FIFO locks). */
    default void transactionEnded() throws SQLException {
    }

    /**
     * A delivery of one row did not commit: its failure is recorded while the row is still held
     * (lease, session lock), or was recorded as its branch rolled back ({@link #armFailure}).
     *
     * @param row the row, as settling it would have matched it
     * @param reason why, for the record
     * @param settled whether it was settled, and its commit then failed ({@code reason} tells why)
     */
    void failed(ClaimedRow row, String reason, boolean settled) throws SQLException;

    /** A batch rolled back, counting no attempt: its rows are delivered again one at a time, before new claims. */
    void again(List<ClaimedRow> rows);

    /**
     * The turn ended: lets go of what holds its rows (session locks) but for rows owed again.
     *
     * @param gone the turn's rows that its committed settlement took out of the claimable rows
     *        (acknowledged or dead-lettered, not retried); empty when it did not commit. What holds
     *        them holds nothing back, and may be let go later, with others
     */
    void release(List<ClaimedRow> gone) throws SQLException;

    /** The turn failed before anything was settled (no MDB instance, a lost connection): lets go of its rows now, uncounted. */
    void abandon();

    /** @return whether the worker's connection failed and must be replaced before the turn (then {@link #disconnect}) */
    boolean isBroken();

    /** Drops the worker's connection after a database error; the next turn opens a new one. */
    void disconnect();

    /** The subscription is paused: gives back rows claimed ahead, so that nothing waits claimed meanwhile. */
    void pause();

    /** The worker ends: gives back what it holds (rows claimed ahead, locks, connections). */
    void close();
}
