package io.inboxra.ra.recovery;

import javax.transaction.xa.XAException;

/**
 * What a commit or rollback sent for a prepared branch from a new connection came to, with the
 * database's list of prepared branches read on that same connection just after it: only that list
 * says a branch is finished (MariaDB once acknowledged an {@code XA COMMIT} from a new session and
 * kept the branch prepared).
 *
 * @param noSuchBranch the database's {@code XAER_NOTA} answer, or null where it acknowledged the decision
 * @param listed whether the branch is still listed prepared after it, or the list could not be read
 * @param listFailure why the list could not be read (the branch then counts as listed: not known
 *        finished), or null
 */
record SentDecision(XAException noSuchBranch, boolean listed, XAException listFailure) {

    SentDecision {
        if (listFailure != null && !listed) {
            throw new IllegalArgumentException("a list that could not be read leaves the branch not known finished");
        }
    }

    /** @return whether the database no longer lists the branch, whatever it answered */
    boolean finished() {
        return !listed;
    }
}
