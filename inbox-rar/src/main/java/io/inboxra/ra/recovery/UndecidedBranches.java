package io.inboxra.ra.recovery;

import io.inboxra.ra.xa.DeliveryBranch;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.transaction.xa.Xid;

/**
 * The delivery branches of this subscription, in this server, that the transaction manager
 * prepared and then completed the transaction without committing or rolling back: what the
 * in-doubt resolver may finish, and nothing else. Kept only while the resolver is on
 * ({@code inDoubtTimeout} set): each delivery's transaction gets a synchronization whose
 * {@code afterCompletion} asks the adapter's branch whether it was left undecided, with the
 * outcome the transaction manager reports there.
 */
public final class UndecidedBranches {

    private static final Logger LOG = System.getLogger(UndecidedBranches.class.getName());

    /**
     * A branch left prepared.
     *
     * @param xid its transaction
     * @param status the transaction's outcome as {@code afterCompletion} reported it ({@link Status})
     */
    record Undecided(Xid xid, int status) {
        /** @return whether the transaction manager reported the transaction committed */
        boolean committed() {
            return status == Status.STATUS_COMMITTED;
        }

        /** @return whether it reported it rolled back */
        boolean rolledBack() {
            return status == Status.STATUS_ROLLEDBACK;
        }
    }

    private final String subscription;
    private final TransactionSynchronizationRegistry registry;
    private final List<Undecided> branches = new CopyOnWriteArrayList<>();
    /** Read and set only under the object's lock ({@link #left}, {@link #stop}). */
    private boolean stopped;

    /** @param registry the server's registry of the delivery's transactions */
    public UndecidedBranches(String subscription, TransactionSynchronizationRegistry registry) {
        this.subscription = subscription;
        this.registry = registry;
    }

    /** Watches the delivery's branch, once {@code beforeDelivery} began its transaction on this thread. */
    public void watch(Object resource) {
        if (!(resource instanceof DeliveryBranch<?> branch)) {
            return;
        }
        try {
            registry.registerInterposedSynchronization(new Synchronization() {
                @Override
                public void beforeCompletion() {
                }

                @Override
                public void afterCompletion(int status) {
                    branch.leftUndecided().ifPresent(xid -> left(new Undecided(xid, status)));
                }
            });
        } catch (RuntimeException e) {
            // No transaction active after all: the delivery refuses to claim (requireEnlisted), nothing to watch.
            LOG.log(Level.DEBUG, () -> "Inbox subscription '" + subscription + "': no synchronization: " + e);
        }
    }

    synchronized void left(Undecided undecided) {
        if (stopped) {
            // A delivery cut off at the stop, its transaction completed since: no resolver runs any more.
            LOG.log(Level.ERROR, "Inbox subscription '" + subscription + "': " + unfinished(undecided));
            return;
        }
        branches.add(undecided);
        LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': the transaction manager completed a"
                + " delivery's transaction (status " + undecided.status() + ") without committing or rolling back"
                + " the adapter's prepared branch; the in-doubt resolver finishes it after 'inDoubtTimeout'");
    }

    /**
     * The subscription stopped, and its in-doubt resolver with it: each branch it had not finished yet is
     * named, with what to do, since nothing of this subscription's will finish it now (a later activation's
     * resolver knows only the branches its own deliveries leave).
     */
    public synchronized void stop() {
        stopped = true;
        for (Undecided branch : branches) {
            LOG.log(Level.ERROR, "Inbox subscription '" + subscription + "' stopped before its in-doubt resolver"
                    + " finished a branch: " + unfinished(branch));
        }
        branches.clear();
    }

    private static String unfinished(Undecided branch) {
        String outcome = branch.committed() ? "COMMIT PREPARED or XA COMMIT: the transaction manager reported it committed"
                : branch.rolledBack() ? "ROLLBACK PREPARED or XA ROLLBACK: the transaction manager reported it rolled back"
                : "the transaction manager reported no outcome (status " + branch.status() + "): find it in the server's log";
        return "the delivery's branch " + branch.xid() + " was left prepared by the transaction manager, holding its"
                + " row, and is not finished by the adapter; unless the transaction manager's recovery finishes it,"
                + " finish it by hand (" + outcome + ")";
    }

    /** @return the branches left undecided, oldest first */
    List<Undecided> all() {
        return List.copyOf(branches);
    }

    /** The branch was finished, or is left to an operator. */
    void remove(Undecided undecided) {
        branches.remove(undecided);
    }
}
