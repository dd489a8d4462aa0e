package io.inboxra.ra.dialect;

import io.inboxra.dialect.Advisory;
import io.inboxra.dialect.ClaimOrderIndex;
import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Form;
import io.inboxra.dialect.Lease;
import io.inboxra.dialect.LeaseInSteps;
import io.inboxra.dialect.LockWaits;
import io.inboxra.dialect.Notifications;
import io.inboxra.dialect.Param;
import io.inboxra.dialect.PartitionDrop;
import io.inboxra.dialect.RowClaimGuard;
import io.inboxra.dialect.RowLock;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every statement a dialect writes for one table description, as text: each under its name,
 * with the parameters it binds, the statements a subscription of that table would run.
 */
public final class StatementListing {

    /** The system property that writes the golden files instead of comparing with them. */
    public static final String WRITE = "golden.write";

    private static final Path ROOT = Path.of("src/test/resources/golden");
    /** A listing's {@code settleAll} entry: its heading, its statement and bindings, and the blank line after. */
    private static final java.util.regex.Pattern SETTLE_ALL =
            java.util.regex.Pattern.compile("(?m)^-- settleAll \\d+\n(?:.+\n)*\n");

    private final StringBuilder text = new StringBuilder();

    private StatementListing() {
    }

    /**
     * @param dialect the dialect, with the capability of the table's form
     * @param spec the table
     * @return the listing
     */
    public static String of(Dialect dialect, TableSpec spec) {
        StatementListing listing = new StatementListing();
        // A description without a payload limit or set-aside ids reads as before they came.
        listing.text.append("-- ").append(dialect.name()).append(": ")
                .append(spec.toString().replace(", traceColumn=Optional.empty]", "]")
                        .replace(", groupConcurrency=1]", "]").replace(", groupConcurrency=1,", ",")
                        .replace(", maxPayloadBytes=OptionalInt.empty", "").replace(", setAsideIds=0, keyColumn=Optional.empty]", "]")
                        .replace(", keyColumn=Optional.empty]", "]").replace(", key=Optional.empty]", "]"))
                .append("\n");
        listing.claims(dialect, spec);
        listing.settlements(dialect, spec);
        listing.operations(dialect, spec);
        return listing.text.toString();
    }

    /**
     * @param dialect the dialect
     * @return the statements of the dialect that no table description shapes, as text
     */
    public static String ofDialect(Dialect dialect) {
        StatementListing listing = new StatementListing();
        listing.text.append("-- ").append(dialect.name()).append(": the statements of no table\n");
        listing.add("claimSavepoint", dialect::claimSavepoint);
        listing.add("rollbackToClaimSavepoint", dialect::rollbackToClaimSavepoint);
        dialect.sessionStatementTimeout(java.time.Duration.ofSeconds(20))
                .ifPresent(s -> listing.add("sessionStatementTimeout PT20S", () -> s));
        // A producer's send with a key: the table and columns as the producer writes them.
        io.inboxra.dialect.KeyedInsert keyed = new io.inboxra.dialect.KeyedInsert("payments_in",
                List.of("payload", "queue", "message_key"), "message_key");
        listing.text.append("\n-- insertIfAbsent payments_in (payload, queue, message_key) key message_key\n");
        try {
            listing.text.append(dialect.insertIfAbsent(keyed)).append("\n-- binds payload, queue, message_key\n");
        } catch (StatementException e) {
            listing.text.append("-- refused (").append(e.kind()).append("): ").append(e.getMessage()).append('\n');
        }
        if (dialect instanceof LockWaits waits) {
            listing.add("sessionId", () -> Statement.of(waits.sessionId()));
            listing.add("waiting", () -> Statement.of(waits.waiting(42)));
        }
        if (dialect instanceof Notifications notifications) {
            // A subscription named "jobs", on channel "inbox_jobs"; and a name a '?' and a quote make harder.
            List<Statement> listen = notifications.listen("inbox_jobs", "inbox-ra:jobs:listen");
            for (int i = 0; i < listen.size(); i++) {
                Statement step = listen.get(i);
                listing.add("listen " + (i + 1) + "/" + listen.size(), () -> step);
            }
            List<Statement> odd = notifications.listen("inbox_jobs", "inbox-ra:what's?new:listen");
            for (int i = 0; i < odd.size(); i++) {
                Statement step = odd.get(i);
                listing.add("listen \"what's?new\" " + (i + 1) + "/" + odd.size(), () -> step);
            }
            listing.add("notification", () -> notifications.notification("inbox_jobs"));
        }
        return listing.text.toString();
    }

    /**
     * Compares the dialect's listing for the case with {@code golden/<dialect>/<case>.sql}, or
     * writes that file under {@value #WRITE}.
     *
     * @param dialect the dialect
     * @param c the case
     */
    public static void assertGolden(Dialect dialect, GoldenCase c) throws IOException {
        assertGolden(dialect, c.name(), of(dialect, c.spec()));
    }

    /**
     * Compares the dialect's {@link #ofDialect} listing with {@code golden/<dialect>/dialect.sql}.
     *
     * @param dialect the dialect
     */
    public static void assertGolden(Dialect dialect) throws IOException {
        assertGolden(dialect, "dialect", ofDialect(dialect));
    }

    /**
     * @param listing a listing of {@link #of}
     * @return the listing without its {@code settleAll} statement
     */
    public static String withoutSettleAll(String listing) {
        return SETTLE_ALL.matcher(listing).replaceAll("");
    }

    /**
     * @param listing a listing of {@link #of}
     * @return its {@code settleAll} statement, as listed, or empty
     */
    public static String settleAll(String listing) {
        java.util.regex.Matcher block = SETTLE_ALL.matcher(listing);
        return block.find() ? block.group() : "";
    }

    /**
     * Compares a listing with {@code golden/<dialect>/<name>.sql}, or writes that file under {@value #WRITE}.
     *
     * @param dialect the dialect, whose folder holds the file
     * @param name the file's name without {@code .sql}
     * @param listing the listing
     */
    public static void assertGolden(Dialect dialect, String name, String listing) throws IOException {
        Path file = ROOT.resolve(dialect.name()).resolve(name + ".sql");
        if (Boolean.getBoolean(WRITE)) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, listing, StandardCharsets.UTF_8);
            return;
        }
        if (!Files.exists(file)) {
            throw new AssertionError(file + " does not exist; write it with -D" + WRITE + "=true and review it");
        }
        assertEquals(Files.readString(file, StandardCharsets.UTF_8), listing,
                file + " differs; if the change is meant, write it anew with -D" + WRITE + "=true and review the diff");
    }

    private void claims(Dialect dialect, TableSpec spec) {
        Form form = spec.form();
        if (form == Form.ROW_LOCK) {
            add("lockClaim", () -> ((RowLock) dialect).lockClaim(spec));
            if (spec.isFifo()) {
                add("fifoGuard", dialect.fifoGuard(spec));
                add("fifoRelease", dialect.fifoRelease(spec));
                if (spec.groupConcurrency() > 1) {
                    add("fifoSlotGuard", dialect.fifoSlotGuard(spec));
                    add("fifoSlotRelease", dialect.fifoSlotRelease(spec));
                }
            }
            if (dialect instanceof RowClaimGuard guard) {
                add("claimGuard", () -> guard.claimGuard(spec));
            }
            add("probe", dialect.probe(spec));
        } else if (form == Form.LEASE) {
            Lease lease = (Lease) dialect;
            if (lease instanceof LeaseInSteps steps) {
                add("leaseIds", () -> steps.leaseIds(spec));
                add("leaseWrite", () -> steps.leaseWrite(spec));
                add("leaseRead", () -> steps.leaseRead(spec));
                add("leaseWriteAll 3", steps.leaseWriteAll(spec, 3));
                add("leaseReadAll 3", steps.leaseReadAll(spec, 3));
                addOptional("leaseRows", () -> steps.leaseRows(spec));
                add("leaseWriteToken 3", steps.leaseWriteToken(spec, 3));
            } else {
                add("leaseClaim", () -> lease.leaseClaim(spec));
            }
            add("extendLease", () -> lease.extendLease(spec));
            add("extendLeaseAfterCutOff", lease.extendLeaseAfterCutOff(spec));
            add("releaseLease", () -> lease.releaseLease(spec));
        } else {
            Advisory advisory = (Advisory) dialect;
            add("advisoryClaim", () -> advisory.advisoryClaim(spec));
            add("recheck", () -> advisory.recheck(spec));
            add("unlock", () -> advisory.unlock(spec));
            add("recheckAll 3", advisory.recheckAll(spec, 3));
            add("unlockAll", advisory.unlockAll(spec));
            add("tryLock", advisory.tryLock(spec));
            if (spec.isFifo() && spec.groupConcurrency() > 1) {
                add("fifoSlotLock", advisory.fifoSlotLock(spec));
                add("fifoSlotUnlock", advisory.fifoSlotUnlock(spec));
            }
        }
    }

    private void settlements(Dialect dialect, TableSpec spec) {
        add("settle", () -> dialect.settle(spec));
        // Listed where a batch runs it: not in the lease form, nor where a batch settles row by row.
        if (spec.form() != Form.LEASE && !dialect.settlesBatchRowByRow()) {
            add("settleAll 3", () -> dialect.settleAll(spec, 3));
        }
        if (spec.dueColumn().isPresent()) {
            add("reschedule", () -> dialect.reschedule(spec));
            add("duePartitionsAhead", dialect.duePartitionsAhead(spec));
        }
        if (spec.deadLetterTable().isPresent() || spec.deadAtColumn().isPresent()) {
            List<Statement> steps = dialect.deadLetter(spec);
            for (int i = 0; i < steps.size(); i++) {
                Statement step = steps.get(i);
                add("deadLetter " + (i + 1) + "/" + steps.size(), () -> step);
            }
            if (spec.deadAtColumn().isEmpty()) {
                add("deadLetterConflict", dialect.deadLetterConflict(spec));
            }
        }
        if (spec.processedAtColumn().isPresent()) {
            add("purge", () -> dialect.purge(spec));
            add("expiredPartitions", () -> dialect.expiredPartitions(spec));
            try {
                PartitionDrop drop = dialect.partitionDrop(spec, "jobs_2026_01");
                for (int i = 0; i < drop.lock().size(); i++) {
                    Statement step = drop.lock().get(i);
                    add("partitionDrop jobs_2026_01 lock " + (i + 1) + "/" + drop.lock().size(), () -> step);
                }
                add("partitionDrop jobs_2026_01 keep", drop::keep);
                for (int i = 0; i < drop.drop().size(); i++) {
                    Statement step = drop.drop().get(i);
                    add("partitionDrop jobs_2026_01 drop " + (i + 1) + "/" + drop.drop().size(), () -> step);
                }
            } catch (StatementException e) {
                add("partitionDrop jobs_2026_01", () -> {
                    throw e;
                });
            }
        }
        if (dialect instanceof ClaimOrderIndex index) {
            List<String> columns = new ArrayList<>();
            spec.queueColumn().ifPresent(columns::add);
            spec.priorityColumn().ifPresent(columns::add);
            spec.dueColumn().ifPresent(columns::add);
            columns.add(spec.idColumn());
            add("createClaimIndex", () -> Statement.of(index.createClaimIndex(spec, columns)));
        }
    }

    /**
     * The operators' statements: the backlog, the rows in work, a row looked up and a pending one held for a
     * cancel, the dead letters' count, ids, requeue and discard.
     */
    private void operations(Dialect dialect, TableSpec spec) {
        add("backlog", dialect.backlog(spec));
        add("inWork", dialect.inWork(spec));
        add("inboxRow", () -> dialect.inboxRow(spec, false));
        if (spec.keyColumn().isPresent()) {
            add("inboxRow by key", () -> dialect.inboxRow(spec, true));
        }
        add("holdPendingRow", () -> dialect.holdPendingRow(spec));
        if (spec.deadLetterTable().isPresent() || spec.deadAtColumn().isPresent()) {
            add("deadLetterCount", () -> dialect.deadLetterCount(spec));
            add("deadLetterIds", () -> dialect.deadLetterIds(spec));
            add("deadLetterList", () -> dialect.deadLetterList(spec));
            add("deadLetterById", () -> dialect.deadLetterById(spec));
            if (spec.keyColumn().isPresent()) {
                add("deadLettersByKey", dialect.deadLettersByKey(spec));
            }
            for (boolean oneRow : new boolean[] {false, true}) {
                List<Statement> steps = dialect.requeue(spec, oneRow);
                for (int i = 0; i < steps.size(); i++) {
                    Statement step = steps.get(i);
                    add("requeue" + (oneRow ? "One " : "All ") + (i + 1) + "/" + steps.size(), () -> step);
                }
            }
            add("discardDeadLetters", () -> dialect.discardDeadLetters(spec));
        }
    }

    private void add(String name, Optional<Statement> statement) {
        if (statement.isPresent()) {
            add(name, statement::get);
        } else {
            text.append("\n-- ").append(name).append(": none\n");
        }
    }

    /** A statement the dialect may refuse to build, or not have. */
    private void addOptional(String name, BuiltOptional statement) {
        try {
            add(name, statement.get());
        } catch (StatementException e) {
            add(name, () -> {
                throw e;
            });
        }
    }

    private interface BuiltOptional {
        Optional<Statement> get() throws StatementException;
    }

    private void add(String name, Built statement) {
        text.append("\n-- ").append(name).append('\n');
        try {
            Statement s = statement.get();
            text.append(s.sql()).append('\n');
            text.append("-- binds ").append(s.params().isEmpty() ? "nothing"
                    : s.params().stream().map(Param::name).collect(Collectors.joining(", "))).append('\n');
        } catch (StatementException e) {
            text.append("-- refused (").append(e.kind()).append("): ").append(e.getMessage()).append('\n');
        }
    }

    /** A statement as a dialect builds it, or its refusal. */
    @FunctionalInterface
    private interface Built {
        Statement get() throws StatementException;
    }
}
