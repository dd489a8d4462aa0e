package io.inboxra.ra.recovery;

import io.inboxra.dialect.Dialect;
import io.inboxra.ra.recovery.FreshConnection.Decision;
import io.inboxra.ra.xa.BranchFinisher;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.ScheduledExecutorService;
import javax.sql.XADataSource;
import javax.transaction.xa.XAException;
import javax.transaction.xa.Xid;

/**
 * Finishes a prepared branch whose own connection failed, from a new connection: a prepared
 * branch outlives its session (PostgreSQL's {@code COMMIT PREPARED}, MariaDB's {@code XA COMMIT}
 * work from any session). While the database cannot be reached it throws {@code XAER_RMFAIL},
 * so the transaction manager tries again.
 *
 * <p>Whatever the first try came to short of success, the branch is then watched in the
 * background with the decision the transaction manager gave (it decided, so finishing is safe):
 * while the database cannot be reached, and while a branch might still appear prepared (MariaDB
 * answers {@code XAER_NOTA} for a branch whose killed session has not yet let it go; a prepare
 * cut off with its connection may have happened after all), it is looked for and finished (the
 * {@link BranchWatch}), or a server whose recovery never comes back to it would leave its row
 * locked for ever. A branch is finished when the database no longer lists it, not when a
 * decision was acknowledged (MariaDB once acknowledged an {@code XA COMMIT} from a new session
 * while the branch stayed prepared): such a commit, and one answered {@code XAER_NOTA} while the
 * branch is still listed, are watched and reported as {@code XAER_RMFAIL}, so the transaction
 * manager keeps its record until the branch is gone.
 *
 * <p>Where the dialect tells sessions apart ({@link BranchSessions}), nothing is sent for a branch
 * while the session of its failed connection still exists: MariaDB acknowledges a decision sent
 * while that session is closing and leaves the branch prepared inside InnoDB, out of every {@code
 * XA} statement's reach, holding its row until the server restarts. The first try waits a moment
 * for the session to go (a killed connection's goes in milliseconds); one still there is left to
 * the watch, which waits for it, and the call fails with {@code XAER_RMFAIL}.
 */
public final class FreshConnectionFinisher implements BranchFinisher {

    private static final Logger LOG = System.getLogger(FreshConnectionFinisher.class.getName());
    /** How long the first try waits for the failed connection's session to go. */
    private static final Duration SESSION_END_WAIT = Duration.ofSeconds(2);

    private final FreshConnection connections;
    private final LostSessions sessions;
    private final String subscription;
    private final BranchWatch watch;

    /** @param dialect the subscription's dialect: a {@link BranchSessions} one tells when a lost session is gone */
    public FreshConnectionFinisher(XADataSource dataSource, Dialect dialect, String subscription,
            ScheduledExecutorService watches) {
        this.connections = new FreshConnection(dataSource);
        this.sessions = new LostSessions(dialect);
        this.subscription = subscription;
        this.watch = new BranchWatch(connections, sessions, subscription, watches);
    }

    @Override
    public void commit(Xid xid, OptionalLong lostSession) throws XAException {
        finish(xid, "commit", resource -> resource.commit(xid, false), true, lostSession);
    }

    @Override
    public void rollback(Xid xid, OptionalLong lostSession) throws XAException {
        finish(xid, "rollback", resource -> resource.rollback(xid), false, lostSession);
    }

    /**
     * Applies an outcome to a prepared branch from a new connection, once (the in-doubt resolver), and
     * reads on that connection whether the database still lists the branch.
     *
     * @throws XAException the database's refusal, other than {@code XAER_NOTA}
     */
    SentDecision apply(Xid xid, boolean commit) throws XAException {
        Decision outcome = commit ? resource -> resource.commit(xid, false) : resource -> resource.rollback(xid);
        SentDecision[] sent = {null};
        connections.use(connection -> sent[0] = FreshConnection.send(connection.getXAResource(), xid, outcome));
        return sent[0];
    }

    /**
     * @param reportUnfinished whether a branch still listed after an acknowledged decision fails the call
     *        ({@code XAER_RMFAIL}): a commit must not be reported done while the branch may still be rolled
     *        back as an orphan; a rollback may (a branch nobody commits is rolled back in the end)
     */
    private void finish(Xid xid, String what, Decision decision, boolean reportUnfinished, OptionalLong lostSession)
            throws XAException {
        // One new connection asks whether the lost session is gone, sends the decision once it is, and reads
        // whether the branch is still listed after it.
        SentDecision[] sent = {null};
        try {
            connections.use(connection -> {
                if (sessions.isGone(connection, lostSession, SESSION_END_WAIT)) {
                    sent[0] = FreshConnection.send(connection.getXAResource(), xid, decision);
                }
            });
        } catch (XAException e) {
            watch.watch(xid, what, decision, e.errorCode == XAException.XAER_RMFAIL, lostSession);
            throw e;
        }
        if (sent[0] == null) {
            throw waitingForSession(xid, what, decision, lostSession);
        }
        XAException noSuchBranch = sent[0].noSuchBranch();
        if (noSuchBranch != null) {
            // "No such branch" is a commit already made only if the database no longer lists the branch: MariaDB
            // also answers it while the killed session still holds the branch, and a crash before the watch's
            // commit could then roll it back as an orphan. A prepare cut off may also still show up.
            watch.watch(xid, what, decision, false, lostSession);
            if (!reportUnfinished) {
                throw noSuchBranch;
            }
        }
        if (sent[0].finished()) {
            if (noSuchBranch != null) {
                throw noSuchBranch;
            }
            return;
        }
        // Acknowledged (or answered "no such branch"), yet listed prepared (MariaDB, while the branch's own session
        // lets go of it): the decision stands, so it is applied again until the database no longer lists the branch.
        LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': the database "
                + (noSuchBranch == null ? "acknowledged" : "answered 'no such branch' to") + " the " + what
                + " of a prepared delivery branch from a new connection but still lists it prepared (or could not"
                + " be asked); trying again every " + BranchWatch.LOOK_EVERY.toSeconds() + " s");
        watch.watch(xid, what, decision, false, lostSession);
        if (reportUnfinished) {
            throw unfinished(what, sent[0]);
        }
    }

    /** The lost session still there after the wait: the branch is left to the watch, and the caller tries again. */
    private XAException waitingForSession(Xid xid, String what, Decision decision, OptionalLong lostSession) {
        LOG.log(Level.WARNING, "Inbox subscription '" + subscription + "': the session of a delivery branch's"
                + " failed connection (" + lostSession.getAsLong() + ") is still there after "
                + SESSION_END_WAIT.toSeconds() + " s; the branch's " + what + " is sent from a new connection once"
                + " it is gone (checked every " + BranchWatch.LOOK_EVERY.toSeconds() + " s)");
        watch.watch(xid, what, decision, false, lostSession);
        XAException notYet = new XAException(XAException.XAER_RMFAIL);
        notYet.initCause(new IllegalStateException("the session of the branch's failed connection ("
                + lostSession.getAsLong() + ") is still there: the " + what + " waits for it to go"));
        return notYet;
    }

    private static XAException unfinished(String what, SentDecision sent) {
        XAException answer = sent.noSuchBranch();
        IllegalStateException why = new IllegalStateException((sent.listFailure() == null
                ? "the branch is still listed prepared after its " : "the list of prepared branches could not be read"
                        + " after its ") + what
                + (answer == null ? " was acknowledged" : " was answered 'no such branch' (XAER_NOTA)"), answer);
        if (sent.listFailure() != null) {
            why.addSuppressed(sent.listFailure());
        }
        XAException unfinished = new XAException(XAException.XAER_RMFAIL);
        unfinished.initCause(why);
        return unfinished;
    }

    /** @return how many branches are watched now (a subscription that stops says so: the watches go on) */
    public int watching() {
        return watch.watching();
    }
}
