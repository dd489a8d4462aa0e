package io.inboxra.ra.delivery;

import io.inboxra.dialect.Advisory;
import io.inboxra.dialect.ClaimShape;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Lease;
import io.inboxra.dialect.RowLock;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;

import java.util.List;
import java.util.Optional;

/**
 * The statements one subscription runs, built once from its dialect at activation: the claim
 * of its form, the settlements, and what the form and the table description need besides.
 *
 * @param claim the claim in the table's form
 * @param settle the acknowledgement's settlement
 * @param reschedule a retry's settlement, and a failure's record (with a due column)
 * @param deadLetter the dead-letter move or mark (with a dead-letter place), in order
 * @param probe the row lock form's idle check, when the dialect has one
 * @param fifoGuard the row lock form's FIFO group guard (with FIFO groups)
 * @param fifoRelease the release of a FIFO guard that outlives its transaction
 * @param leaseWrite the lease written row by row, where claims return no rows
 * @param leaseRead the row read back with its token, where claims return no rows
 * @param extendLease the lease form's heartbeat
 * @param releaseLease the lease form's release of a row not delivered
 * @param recheck the advisory form's check after locking
 * @param unlock the advisory form's release of the lock
 * @param purge the retention sweep (with a retention)
 * @param inDoubtBranches the query for the adapter's old prepared branches, when the dialect has one
 * @param claimGuard the row lock form's wait for a claimed row's guard, when the dialect's claims take one
 */
public record SubscriptionStatements(
        Statement claim,
        Statement settle,
        Optional<Statement> reschedule,
        List<Statement> deadLetter,
        Optional<Statement> probe,
        Optional<Statement> fifoGuard,
        Optional<Statement> fifoRelease,
        Optional<Statement> leaseWrite,
        Optional<Statement> leaseRead,
        Optional<Statement> extendLease,
        Optional<Statement> releaseLease,
        Optional<Statement> recheck,
        Optional<Statement> unlock,
        Optional<Statement> purge,
        Optional<Statement> inDoubtBranches,
        Optional<Statement> claimGuard) {

    /**
     * @param dialect the subscription's dialect, with the capability of the table's form
     * @param spec the checked table description
     * @param retention whether the subscription deletes processed rows after a retention
     * @return the statements
     * @throws StatementException when the dialect cannot build one the description needs
     */
    /** A dialect that cannot reschedule still serves a table with a due column; it records no failures then. */
    private static Optional<Statement> reschedule(Dialect dialect, TableSpec spec) throws StatementException {
        try {
            return Optional.of(dialect.reschedule(spec));
        } catch (StatementException e) {
            if (e.kind() == StatementException.Kind.UNSUPPORTED) {
                return Optional.empty();
            }
            throw e;
        }
    }

    public static SubscriptionStatements of(Dialect dialect, TableSpec spec, boolean retention)
            throws StatementException {
        Form form = spec.form();
        Statement claim = switch (form) {
            case ROW_LOCK -> ((RowLock) dialect).lockClaim(spec, ClaimShape.ROLES);
            case LEASE -> ((Lease) dialect).leaseClaim(spec, ClaimShape.ROLES);
            case ADVISORY -> ((Advisory) dialect).advisoryClaim(spec, ClaimShape.ROLES);
        };
        Optional<Statement> reschedule = spec.dueColumn().isPresent() ? reschedule(dialect, spec) : Optional.empty();
        List<Statement> deadLetter = spec.deadLetterTable().isPresent() || spec.deadAtColumn().isPresent()
                ? dialect.deadLetter(spec) : List.of();
        boolean guarded = spec.isFifo() && form == Form.ROW_LOCK;
        Optional<Statement> fifoGuard = guarded ? dialect.fifoGuard(spec) : Optional.empty();
        Optional<Statement> fifoRelease = guarded ? dialect.fifoRelease(spec) : Optional.empty();
        Optional<Statement> purge = retention ? Optional.of(dialect.purge(spec)) : Optional.empty();
        Lease lease = form == Form.LEASE ? (Lease) dialect : null;
        Advisory advisory = form == Form.ADVISORY ? (Advisory) dialect : null;
        return new SubscriptionStatements(claim, dialect.settle(spec), reschedule, deadLetter,
                form == Form.ROW_LOCK ? dialect.probe(spec) : Optional.empty(),
                fifoGuard,
                fifoRelease,
                lease == null ? Optional.empty() : lease.leaseWrite(spec),
                lease == null ? Optional.empty() : lease.leaseRead(spec),
                lease == null ? Optional.empty() : Optional.of(lease.extendLease(spec)),
                lease == null ? Optional.empty() : Optional.of(lease.releaseLease(spec)),
                advisory == null ? Optional.empty() : Optional.of(advisory.recheck(spec)),
                advisory == null ? Optional.empty() : Optional.of(advisory.unlock(spec)),
                purge,
                dialect.inDoubtBranches(spec),
                form == Form.ROW_LOCK && dialect instanceof io.inboxra.ra.dialect.RowClaimGuard guard
                        ? Optional.of(guard.claimGuard(spec)) : Optional.empty());
    }
}
