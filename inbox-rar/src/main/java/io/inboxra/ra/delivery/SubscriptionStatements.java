package io.inboxra.ra.delivery;

import io.inboxra.dialect.Advisory;
import io.inboxra.dialect.ClaimShape;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Lease;
import io.inboxra.dialect.RowLock;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;

import java.util.Optional;

/**
 * The statements one subscription runs, built once from its dialect at activation: the claim
 * of its form, the settlement, and what the form needs besides (a probe, lease extension and
 * release, advisory recheck and unlock), plus the in-doubt branch query.
 *
 * @param claim the claim in the table's form
 * @param settle the acknowledgement's settlement
 * @param probe the row lock form's idle check, when the dialect has one
 * @param extendLease the lease form's heartbeat
 * @param releaseLease the lease form's release of a row not delivered
 * @param recheck the advisory form's check after locking
 * @param unlock the advisory form's release of the lock
 * @param inDoubtBranches the query for the adapter's old prepared branches, when the dialect has one
 */
public record SubscriptionStatements(
        Statement claim,
        Statement settle,
        Optional<Statement> probe,
        Optional<Statement> extendLease,
        Optional<Statement> releaseLease,
        Optional<Statement> recheck,
        Optional<Statement> unlock,
        Optional<Statement> inDoubtBranches) {

    /**
     * @param dialect the subscription's dialect, with the capability of the table's form
     * @param spec the checked table description
     * @return the statements
     * @throws StatementException when the dialect cannot build one
     */
    public static SubscriptionStatements of(Dialect dialect, TableSpec spec) throws StatementException {
        Statement settle = dialect.settle(spec);
        Optional<Statement> inDoubt = dialect.inDoubtBranches(spec);
        return switch (spec.form()) {
            case ROW_LOCK -> new SubscriptionStatements(((RowLock) dialect).lockClaim(spec, ClaimShape.ROLES),
                    settle, dialect.probe(spec), Optional.empty(), Optional.empty(), Optional.empty(),
                    Optional.empty(), inDoubt);
            case LEASE -> {
                Lease lease = (Lease) dialect;
                yield new SubscriptionStatements(lease.leaseClaim(spec, ClaimShape.ROLES), settle, Optional.empty(),
                        Optional.of(lease.extendLease(spec)), Optional.of(lease.releaseLease(spec)),
                        Optional.empty(), Optional.empty(), inDoubt);
            }
            case ADVISORY -> {
                Advisory advisory = (Advisory) dialect;
                yield new SubscriptionStatements(advisory.advisoryClaim(spec, ClaimShape.ROLES), settle,
                        Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(advisory.recheck(spec)),
                        Optional.of(advisory.unlock(spec)), inDoubt);
            }
        };
    }
}
