package io.inboxra.ra.operations;

import io.inboxra.dialect.Statement;
import io.inboxra.operations.DeadLetter;
import io.inboxra.ra.connection.OperatorStatements;
import io.inboxra.ra.delivery.DeliveryContext;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * A subscription's dead letters as operators handle them: read, requeued or discarded, each in
 * local transactions on a fresh connection ({@link OperatorSql}), a large requeue or discard in
 * chunks of {@link #CHUNK} rows, each a transaction of its own.
 */
final class DeadLetterOperations {

    private static final Logger LOG = System.getLogger(DeadLetterOperations.class.getName());

    /** How many dead letters one transaction of a requeue or discard changes at most. */
    static final int CHUNK = 500;
    /** How many ids a log line names at most. */
    private static final int MAX_LOGGED_IDS = 20;

    private final String name;
    private final DeliveryContext context;
    private final OperatorStatements statements;
    private final OperatorSql sql;
    private final BacklogCache backlogs;
    private final IdColumn idColumn;

    DeadLetterOperations(String name, DeliveryContext context, OperatorStatements statements, OperatorSql sql,
            BacklogCache backlogs) {
        this.name = name;
        this.context = context;
        this.statements = statements;
        this.sql = sql;
        this.idColumn = new IdColumn(sql, () -> statements.deadLetterIds().orElseThrow());
        this.backlogs = backlogs;
    }

    private String name() {
        return name;
    }

    public List<DeadLetter> deadLetters(int max) throws SQLException {
        requireDeadLetters("read");
        if (max < 1) {
            throw new IllegalArgumentException("At most " + max + " dead letters asked for; ask for 1 or more");
        }
        return sql.inTransaction(c -> {
            List<DeadLetter> letters = new ArrayList<>();
            try (PreparedStatement ps = sql.bound(c, statements.deadLetterList().orElseThrow(), null, Duration.ZERO)) {
                ps.setMaxRows(max);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        letters.add(DeadLetterRows.read(rs, true));
                    }
                }
            }
            return letters;
        });
    }

    public Optional<DeadLetter> deadLetter(String id) throws SQLException {
        requireDeadLetters("read");
        return sql.inTransaction(c -> {
            Optional<Object> typed = idColumn.type(c).typed(id);
            if (typed.isEmpty()) {
                return Optional.empty();
            }
            try (PreparedStatement ps = sql.bound(c, statements.deadLetterById().orElseThrow(), typed.get(), Duration.ZERO);
                    ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(DeadLetterRows.read(rs, false)) : Optional.empty();
            }
        });
    }

    public int requeueAll() throws SQLException {
        requireDeadLetters("requeue");
        List<Object> stayed = new ArrayList<>();
        int requeued = chunks(statements.requeueChunk().orElseThrow(), "requeued", (c, id) -> {
            int one = run(c, statements.requeueOne(), id);
            if (one == 0 && stayed.size() < MAX_LOGGED_IDS && isDeadLetter(c, id)) {
                stayed.add(id);
            }
            return one;
        }, null);
        LOG.log(Level.INFO, "Inbox subscription '" + name() + "': " + requeued + " dead letter(s) requeued");
        logStayed(stayed);
        return requeued;
    }

    public int requeue(Collection<String> ids) throws SQLException {
        requireDeadLetters("requeue");
        List<String> wanted = new ArrayList<>(new LinkedHashSet<>(ids));
        List<Object> stayed = new ArrayList<>();
        int requeued = 0;
        // The ids bound in their column's own type, each requeued directly; a chunk per transaction.
        for (int from = 0; from < wanted.size(); from += CHUNK) {
            List<String> chunk = wanted.subList(from, Math.min(wanted.size(), from + CHUNK));
            requeued += sql.inTransaction(c -> {
                TextIds types = idColumn.type(c);
                int moved = 0;
                for (String text : chunk) {
                    Optional<Object> id = types.typed(text);
                    int one = id.isEmpty() ? 0 : run(c, statements.requeueOne(), id.get());
                    if (one == 0 && id.isPresent() && isDeadLetter(c, id.get()) && stayed.size() < MAX_LOGGED_IDS) {
                        stayed.add(id.get());
                    }
                    moved += one;
                }
                return moved;
            });
        }
        backlogs.forget();
        LOG.log(Level.INFO, "Inbox subscription '" + name() + "': " + requeued + " dead letter(s) of " + ids.size()
                + " asked for requeued");
        logStayed(stayed);
        return requeued;
    }

    private void logStayed(List<Object> stayed) {
        if (!stayed.isEmpty()) {
            LOG.log(Level.WARNING, "Inbox subscription '" + name() + "': dead letter(s) " + stayed
                    + (stayed.size() == MAX_LOGGED_IDS ? " (the first " + MAX_LOGGED_IDS + ")" : "") + " stay dead"
                    + " letters: the table holds another message under each id (ids repeat). Deliver or delete that"
                    + " row first, or discard the dead letter.");
        }
    }

    public int discardOlderThan(Duration age) throws SQLException {
        requireDeadLetters("discard");
        if (age.isNegative()) {
            throw new IllegalArgumentException("The age of dead letters to discard is negative (" + age
                    + "); give zero or more, as PT24H or P30D");
        }
        Statement discard = statements.discard().orElseThrow(() -> new IllegalStateException("Inbox subscription '"
                + name() + "': dialect '" + context.dialect().name() + "' cannot discard dead letters by age;"
                + " implement discardDeadLetters(TableSpec) (or extend io.inboxra.dialect.StandardDialect)"));
        int discarded;
        if (statements.discardChunk().isPresent()) {
            OperatorStatements.Chunked chunked = statements.discardChunk().get();
            discarded = chunks(chunked.pages(), "discarded", (c, id) -> {
                try (PreparedStatement ps = sql.bound(c, chunked.one(), id, age.negated())) {
                    return ps.executeUpdate();
                }
            }, age.negated());
        } else {
            // A dialect whose discard is no plain DELETE ... WHERE: in one transaction, as it wrote it.
            discarded = sql.inTransaction(c -> {
                try (PreparedStatement ps = sql.bound(c, discard, null, age.negated())) {
                    return ps.executeUpdate();
                }
            });
            backlogs.forget();
        }
        LOG.log(Level.INFO, "Inbox subscription '" + name() + "': " + discarded + " dead letter(s) older than "
                + age + " discarded");
        return discarded;
    }

    /** The work on one dead letter of a chunk, in the chunk's transaction. */
    private interface OnEach {
        int apply(Connection connection, Object id) throws SQLException;
    }

    /**
     * Works through the rows of {@code pages} a chunk of {@link #CHUNK} ids at a time, in id order,
     * each chunk in a transaction of its own: a large requeue or discard never holds its locks,
     * nor its undo, for every row at once, and what it did so far stays done if a later chunk fails.
     * Each chunk is logged, with the total so far.
     */
    private int chunks(OperatorStatements.IdPages pages, String done, OnEach each, Duration delay) throws SQLException {
        int total = 0;
        int chunk = 0;
        Object[] last = {null};
        while (true) {
            int[] read = {0};
            int changed = sql.inTransaction(c -> {
                List<Object> ids = new ArrayList<>();
                Statement query = last[0] == null ? pages.first() : pages.after();
                try (PreparedStatement ps = sql.bound(c, query, last[0], delay == null ? Duration.ZERO : delay)) {
                    ps.setMaxRows(CHUNK);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            ids.add(rs.getObject(1));
                        }
                    }
                }
                int n = 0;
                for (Object id : ids) {
                    n += each.apply(c, id);
                }
                read[0] = ids.size();
                if (!ids.isEmpty()) {
                    last[0] = ids.get(ids.size() - 1);
                }
                return n;
            });
            backlogs.forget();
            total += changed;
            chunk++;
            if (read[0] < CHUNK) {
                return total;
            }
            LOG.log(Level.INFO, "Inbox subscription '" + name() + "': chunk " + chunk + " of " + CHUNK + " dead"
                    + " letters done, " + total + " " + done + " so far (up to id " + last[0] + ")");
        }
    }

    private boolean isDeadLetter(Connection c, Object id) throws SQLException {
        try (PreparedStatement ps = sql.bound(c, statements.deadLetterById().orElseThrow(), id, Duration.ZERO);
                ResultSet rs = ps.executeQuery()) {
            return rs.next();
        }
    }


    /** Runs the statements in order; the first one's count is the answer. */
    private int run(Connection c, List<Statement> steps, Object id) throws SQLException {
        int first = -1;
        for (Statement step : steps) {
            try (PreparedStatement ps = sql.bound(c, step, id, Duration.ZERO)) {
                int changed = ps.executeUpdate();
                first = first < 0 ? changed : first;
            }
        }
        return Math.max(first, 0);
    }

    private void requireDeadLetters(String what) {
        if (statements.deadLetterIds().isEmpty()) {
            throw new IllegalStateException("Inbox subscription '" + name() + "' has no dead letters to " + what
                    + ": it has neither 'deadLetterTable' nor 'deadAtColumn'");
        }
    }

}
