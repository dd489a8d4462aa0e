package io.inboxra.ra.connection;

import io.inboxra.dialect.Advisory;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Lease;
import io.inboxra.dialect.LeaseInSteps;
import io.inboxra.dialect.RowClaimGuard;
import io.inboxra.dialect.RowLock;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.config.SubscriptionSettings;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
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
 * @param fifoGuard the row lock form's FIFO group guard (with FIFO groups): the group's slot guard with a
 *        {@code groupConcurrency} above 1 ({@link Dialect#fifoSlotGuard}); in the advisory lock form with a
 *        {@code groupConcurrency} above 1, the group's slot's session lock ({@link Advisory#fifoSlotLock})
 * @param fifoRelease the release of a FIFO guard that outlives its transaction (advisory lock form:
 *        {@link Advisory#fifoSlotUnlock})
 * @param leaseWrite the lease written row by row, for a dialect that claims leases in steps
 *        ({@link LeaseInSteps}; the claim is then its first step, the ids)
 * @param leaseRead the row read back with its token, for a dialect that claims leases in steps
 * @param extendLease the lease form's heartbeat
 * @param extendLeaseAfterCutOff the heartbeat's extension after one that went unanswered, where the dialect has it
 *        ({@link Lease#extendLeaseAfterCutOff})
 * @param releaseLease the lease form's release of a row not delivered
 * @param recheck the advisory form's check after locking
 * @param unlock the advisory form's release of the lock
 * @param purge the retention sweep (with a retention)
 * @param claimGuard the row lock form's wait for a claimed row's guard, when the dialect's claims take one
 * @param deadLetterConflict whether the dead-letter table holds a different message under a row's id (with a
 *        dead-letter table)
 * @param expiredPartitions the retention sweep's partitions to drop whole (with a retention, where the dialect
 *        drops partitions: {@link Dialect#expiredPartitions})
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
        Optional<Statement> extendLeaseAfterCutOff,
        Optional<Statement> releaseLease,
        Optional<Statement> recheck,
        Optional<Statement> unlock,
        Optional<Statement> purge,
        Optional<Statement> claimGuard,
        Optional<Statement> deadLetterConflict,
        Optional<Statement> expiredPartitions) {

    private static final Logger LOG = System.getLogger(SubscriptionStatements.class.getName());

    /**
     * @return whether the lease claim runs in steps ({@link LeaseInSteps}): {@link #claim} selects
     *         the ids, then {@link #leaseWrite} and {@link #leaseRead} take each row
     */
    public boolean leaseInSteps() {
        return leaseWrite.isPresent();
    }

    /** @return these statements without the partitions' query: the retention sweep then deletes rows only */
    public SubscriptionStatements withoutExpiredPartitions() {
        return new SubscriptionStatements(claim, settle, reschedule, deadLetter, probe, fifoGuard, fifoRelease, leaseWrite,
                leaseRead, extendLease, extendLeaseAfterCutOff, releaseLease, recheck, unlock, purge, claimGuard, deadLetterConflict,
                Optional.empty());
    }

    /**
     * @param dialect the subscription's dialect, with the capability of the table's form
     * @param spec the checked table description
     * @param settings the subscription's settings: its name, retention and retries
     * @return the statements
     * @throws StatementException when the dialect cannot build one the description needs
     */
    public static SubscriptionStatements of(Dialect dialect, TableSpec spec, SubscriptionSettings settings)
            throws StatementException {
        Form form = spec.form();
        LeaseInSteps steps = form == Form.LEASE && dialect instanceof LeaseInSteps s ? s : null;
        Statement claim = claim(dialect, spec);
        Optional<Statement> reschedule = spec.dueColumn().isPresent()
                ? reschedule(dialect, spec, settings) : Optional.empty();
        List<Statement> deadLetter = spec.deadLetterTable().isPresent() || spec.deadAtColumn().isPresent()
                ? dialect.deadLetter(spec) : List.of();
        boolean slots = spec.isFifo() && spec.groupConcurrency() > 1;
        Optional<Statement> fifoGuard = Optional.empty();
        Optional<Statement> fifoRelease = Optional.empty();
        if (spec.isFifo() && form == Form.ROW_LOCK) {
            // Above one row of a group in work, the guard takes one of the group's slots.
            fifoGuard = slots ? dialect.fifoSlotGuard(spec) : dialect.fifoGuard(spec);
            fifoRelease = slots ? dialect.fifoSlotRelease(spec) : dialect.fifoRelease(spec);
        } else if (slots && form == Form.ADVISORY) {
            // The claim locks each row by its own key; the group's slots are session locks.
            fifoGuard = ((Advisory) dialect).fifoSlotLock(spec);
            fifoRelease = ((Advisory) dialect).fifoSlotUnlock(spec);
        }
        if (slots && form != Form.LEASE && fifoGuard.isEmpty()) {
            throw new StatementException(StatementException.Kind.UNSUPPORTED_FIFO, dialect.name(), "this dialect"
                    + " keeps no more than one row of a FIFO group in work in the " + form + " form ('groupConcurrency'"
                    + " is " + spec.groupConcurrency() + "); set 'groupConcurrency' to 1, or remove it");
        }
        Optional<Statement> purge = settings.retention().isPresent() ? Optional.of(dialect.purge(spec)) : Optional.empty();
        Lease lease = form == Form.LEASE ? (Lease) dialect : null;
        Advisory advisory = form == Form.ADVISORY ? (Advisory) dialect : null;
        return new SubscriptionStatements(claim, dialect.settle(spec), reschedule, deadLetter,
                form == Form.ROW_LOCK ? dialect.probe(spec) : Optional.empty(),
                fifoGuard,
                fifoRelease,
                steps == null ? Optional.empty() : Optional.of(steps.leaseWrite(spec)),
                steps == null ? Optional.empty() : Optional.of(steps.leaseRead(spec)),
                lease == null ? Optional.empty() : Optional.of(lease.extendLease(spec)),
                lease == null ? Optional.empty() : lease.extendLeaseAfterCutOff(spec),
                lease == null ? Optional.empty() : Optional.of(lease.releaseLease(spec)),
                advisory == null ? Optional.empty() : Optional.of(advisory.recheck(spec)),
                advisory == null ? Optional.empty() : Optional.of(advisory.unlock(spec)),
                purge,
                form == Form.ROW_LOCK && dialect instanceof RowClaimGuard guard
                        ? Optional.of(guard.claimGuard(spec)) : Optional.empty(),
                deadLetter.isEmpty() ? Optional.empty() : dialect.deadLetterConflict(spec),
                purge.isPresent() ? expiredPartitions(dialect, spec) : Optional.empty());
    }

    /**
     * Every statement, by the name of the dialect's method that wrote it, for the activation to
     * prepare once ({@code subscription.StatementPreparation}): these, the row lock form's savepoints, and the
     * statements of a batch of {@code batchSize} rows where they are built per size.
     *
     * @param dialect the dialect that wrote them
     * @param spec the checked table
     * @param batchSize rows one claim takes
     * @return the statements, in the order a delivery meets them
     */
    public java.util.Map<String, Statement> named(Dialect dialect, TableSpec spec, int batchSize) {
        java.util.Map<String, Statement> named = new java.util.LinkedHashMap<>();
        Form form = spec.form();
        named.put(switch (form) {
            case ROW_LOCK -> "lockClaim";
            case LEASE -> !leaseInSteps() ? "leaseClaim" : claimsWithToken(dialect, spec) ? "leaseRows" : "leaseIds";
            case ADVISORY -> "advisoryClaim";
        }, claim);
        claimGuard.ifPresent(s -> named.put("claimGuard", s));
        fifoGuard.ifPresent(s -> named.put("fifoGuard", s));
        fifoRelease.ifPresent(s -> named.put("fifoRelease", s));
        leaseWrite.ifPresent(s -> named.put("leaseWrite", s));
        leaseRead.ifPresent(s -> named.put("leaseRead", s));
        extendLease.ifPresent(s -> named.put("extendLease", s));
        extendLeaseAfterCutOff.ifPresent(s -> named.put("extendLeaseAfterCutOff", s));
        releaseLease.ifPresent(s -> named.put("releaseLease", s));
        recheck.ifPresent(s -> named.put("recheck", s));
        unlock.ifPresent(s -> named.put("unlock", s));
        probe.ifPresent(s -> named.put("probe", s));
        if (form == Form.ROW_LOCK) {
            named.put("claimSavepoint", dialect.claimSavepoint());
            named.put("rollbackToClaimSavepoint", dialect.rollbackToClaimSavepoint());
        }
        named.put("settle", settle);
        reschedule.ifPresent(s -> named.put("reschedule", s));
        for (int i = 0; i < deadLetter.size(); i++) {
            named.put("deadLetter " + (i + 1) + "/" + deadLetter.size(), deadLetter.get(i));
        }
        if (leaseInSteps() && dialect instanceof LeaseInSteps steps) {
            steps.leaseWriteToken(spec, 1).ifPresent(s -> named.put("leaseWriteToken 1", s));
        }
        if (batchSize > 1) {
            if (form != Form.LEASE && !dialect.settlesBatchRowByRow()) {
                named.put("settleAll " + batchSize, dialect.settleAll(spec, batchSize));
            }
            if (leaseInSteps() && dialect instanceof LeaseInSteps steps) {
                steps.leaseWriteAll(spec, batchSize).ifPresent(s -> named.put("leaseWriteAll " + batchSize, s));
                steps.leaseReadAll(spec, batchSize).ifPresent(s -> named.put("leaseReadAll " + batchSize, s));
                steps.leaseWriteToken(spec, batchSize).ifPresent(s -> named.put("leaseWriteToken " + batchSize, s));
            }
            if (form == Form.ADVISORY) {
                ((Advisory) dialect).recheckAll(spec, batchSize).ifPresent(s -> named.put("recheckAll " + batchSize, s));
                ((Advisory) dialect).unlockAll(spec).ifPresent(s -> named.put("unlockAll", s));
            }
        }
        purge.ifPresent(s -> named.put("purge", s));
        expiredPartitions.ifPresent(s -> named.put("expiredPartitions", s));
        return named;
    }

    /**
     * @param dialect the subscription's dialect, with the capability of the table's form
     * @param spec the table description
     * @return the claim in the table's form (with {@link LeaseInSteps}, its first step: the rows
     *         with the lease about to be written, {@link LeaseInSteps#leaseRows}, or the ids)
     * @throws StatementException when the dialect cannot build it
     */
    public static Statement claim(Dialect dialect, TableSpec spec) throws StatementException {
        return switch (spec.form()) {
            case ROW_LOCK -> ((RowLock) dialect).lockClaim(spec);
            case LEASE -> {
                if (!(dialect instanceof LeaseInSteps steps)) {
                    yield ((Lease) dialect).leaseClaim(spec);
                }
                Optional<Statement> rows = steps.leaseRows(spec);
                yield rows.isPresent() ? rows.get() : steps.leaseIds(spec);
            }
            case ADVISORY -> ((Advisory) dialect).advisoryClaim(spec);
        };
    }

    /** @return whether the lease claim's first step returns the rows with the lease about to be written ({@link LeaseInSteps#leaseRows}) */
    private static boolean claimsWithToken(Dialect dialect, TableSpec spec) {
        try {
            return dialect instanceof LeaseInSteps steps && steps.leaseRows(spec).isPresent();
        } catch (StatementException e) {
            // Built once already, by of(): the same description cannot fail now.
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** The dialect's query for partitions to drop whole, or empty where it drops none (the sweep deletes rows). */
    private static Optional<Statement> expiredPartitions(Dialect dialect, TableSpec spec) throws StatementException {
        try {
            return Optional.of(dialect.expiredPartitions(spec));
        } catch (StatementException e) {
            if (e.kind() != StatementException.Kind.UNSUPPORTED) {
                throw e;
            }
            return Optional.empty();
        }
    }

    /**
     * A dialect that cannot reschedule (a table with a due column) fails the activation where the
     * subscription counts attempts ('attemptColumn', 'maxAttempts'): they would never be counted.
     * Otherwise the subscription runs without, and says once what that means.
     */
    private static Optional<Statement> reschedule(Dialect dialect, TableSpec spec, SubscriptionSettings settings)
            throws StatementException {
        try {
            return Optional.of(dialect.reschedule(spec));
        } catch (StatementException e) {
            if (e.kind() != StatementException.Kind.UNSUPPORTED) {
                throw e;
            }
            String fix = "implement reschedule(TableSpec) in " + dialect.getClass().getName()
                    + " (or extend io.inboxra.dialect.StandardDialect, which writes it from the database's clock)";
            if (spec.attemptColumn().isPresent() || settings.maxAttempts().isPresent()) {
                String counted = spec.attemptColumn().map(a -> " in 'attemptColumn' ('" + a + "')").orElse("")
                        + (settings.maxAttempts().isPresent() ? ", dead-lettering rows after 'maxAttempts' ("
                                + settings.maxAttempts().getAsInt() + ")" : "");
                throw new StatementException(StatementException.Kind.UNSUPPORTED, dialect.name(),
                        "it cannot reschedule rows (" + e.getMessage() + "), and the subscription counts failed"
                        + " deliveries" + counted + ": without reschedule none would be counted. To fix, " + fix
                        + ", or remove " + (settings.maxAttempts().isPresent() ? "'maxAttempts' and " : "")
                        + "'attemptColumn'");
            }
            LOG.log(Level.WARNING, "Inbox subscription '" + settings.name() + "': dialect '" + dialect.name()
                    + "' cannot reschedule rows (" + e.getMessage() + "): a failed delivery comes back at once,"
                    + " uncounted, and a listener's retry waits in memory, not by the row's due time. To retry by"
                    + " the due time, " + fix + ".");
            return Optional.empty();
        }
    }
}
