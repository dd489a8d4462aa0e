package io.inboxra.ra.delivery;

import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import io.inboxra.operations.Backlog;
import io.inboxra.operations.DeadLetter;
import io.inboxra.operations.SubscriptionSnapshot;
import io.inboxra.operations.SubscriptionView;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A subscription as operators see it ({@link SubscriptionView}): its counters from memory, and
 * its backlog, requeue and discard from the database, each in one local transaction on a fresh
 * connection of the subscription, closed at the end.
 */
final class SubscriptionOperations implements SubscriptionView {

    private static final Logger LOG = System.getLogger(SubscriptionOperations.class.getName());

    private final DeliveryContext context;
    private final OperatorStatements statements;

    SubscriptionOperations(DeliveryContext context, OperatorStatements statements) {
        this.context = context;
        this.statements = statements;
    }

    @Override
    public String name() {
        return context.name();
    }

    @Override
    public SubscriptionSnapshot snapshot() {
        return context.counters().snapshot(context);
    }

    @Override
    public void pause() {
        if (!context.running().isPaused()) {
            context.running().pauseClaims();
            LOG.log(Level.INFO, "Inbox subscription '" + name() + "' paused: it claims nothing new until resumed");
        }
    }

    @Override
    public void resume() {
        if (context.running().isPaused()) {
            context.running().resume();
            LOG.log(Level.INFO, "Inbox subscription '" + name() + "' resumed");
        }
    }

    @Override
    public Backlog backlog() throws SQLException {
        return inTransaction(c -> {
            long claimable = 0;
            Optional<Duration> lag = Optional.empty();
            Optional<String> oldest = Optional.empty();
            if (statements.backlog().isPresent()) {
                try (PreparedStatement ps = bound(c, statements.backlog().get(), null, Duration.ZERO);
                        ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    claimable = rs.getLong(1);
                    Timestamp due = rs.getTimestamp(2);
                    Timestamp now = rs.getTimestamp(4);
                    lag = due == null || now == null ? Optional.empty()
                            : Optional.of(max(Duration.between(due.toInstant(), now.toInstant())));
                    oldest = Optional.ofNullable(rs.getObject(3)).map(String::valueOf);
                }
            }
            OptionalLong inWork = count(c, statements.inWork());
            OptionalLong dead = count(c, statements.deadLetterCount());
            return new Backlog(claimable, lag, oldest, inWork, dead);
        });
    }

    @Override
    public List<DeadLetter> deadLetters(int max) throws SQLException {
        requireDeadLetters("read");
        if (max < 1) {
            throw new IllegalArgumentException("At most " + max + " dead letters asked for; ask for 1 or more");
        }
        return inTransaction(c -> {
            List<DeadLetter> letters = new ArrayList<>();
            try (PreparedStatement ps = bound(c, statements.deadLetterList().orElseThrow(), null, Duration.ZERO)) {
                ps.setMaxRows(max);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        letters.add(deadLetter(rs, true));
                    }
                }
            }
            return letters;
        });
    }

    @Override
    public Optional<DeadLetter> deadLetter(String id) throws SQLException {
        requireDeadLetters("read");
        return inTransaction(c -> {
            // The id as the database reads it, so it binds in its column's own type.
            for (Object stored : deadLetterIds(c)) {
                if (String.valueOf(stored).equals(id)) {
                    try (PreparedStatement ps = bound(c, statements.deadLetterById().orElseThrow(), stored, Duration.ZERO);
                            ResultSet rs = ps.executeQuery()) {
                        return rs.next() ? Optional.of(deadLetter(rs, false)) : Optional.empty();
                    }
                }
            }
            return Optional.empty();
        });
    }

    /**
     * A dead letter of the listing ({@code preview}: its payload cut to the preview, where the
     * dialect's listing did not cut it already) or of {@code deadLetterById} (whole).
     */
    private static DeadLetter deadLetter(ResultSet rs, boolean preview) throws SQLException {
        long attempts = rs.getLong(3);
        OptionalLong counted = rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(attempts);
        Timestamp deadAt = rs.getTimestamp(5);
        String payload = String.valueOf(rs.getString(2));
        OptionalLong size = OptionalLong.empty();
        if (rs.getMetaData().getColumnCount() >= 6) {
            long told = rs.getLong(6);
            size = rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(told);
        }
        boolean cut = false;
        if (preview && payload.length() > io.inboxra.dialect.OperatorQueries.PREVIEW_LENGTH) {
            size = OptionalLong.of(payload.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
            payload = payload.substring(0, io.inboxra.dialect.OperatorQueries.PREVIEW_LENGTH);
            cut = true;
        } else if (preview && size.isPresent()) {
            cut = size.getAsLong() > payload.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        } else if (size.isEmpty()) {
            size = OptionalLong.of(payload.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
        }
        return new DeadLetter(String.valueOf(rs.getObject(1)), payload, counted, Optional.ofNullable(rs.getString(4)),
                Optional.ofNullable(deadAt).map(Timestamp::toInstant), size, cut);
    }

    @Override
    public int requeueAll() throws SQLException {
        requireDeadLetters("requeue");
        int requeued = inTransaction(c -> run(c, statements.requeueAll(), null));
        LOG.log(Level.INFO, "Inbox subscription '" + name() + "': " + requeued + " dead letter(s) requeued");
        return requeued;
    }

    @Override
    public int requeue(Collection<String> ids) throws SQLException {
        requireDeadLetters("requeue");
        Set<String> wanted = new HashSet<>(ids);
        List<Object> stayed = new ArrayList<>();
        int requeued = inTransaction(c -> {
            int moved = 0;
            // The ids as the database reads them, so each binds in its column's own type.
            for (Object id : deadLetterIds(c)) {
                if (wanted.contains(String.valueOf(id))) {
                    int one = run(c, statements.requeueOne(), id);
                    if (one == 0) {
                        stayed.add(id);
                    }
                    moved += one;
                }
            }
            return moved;
        });
        LOG.log(Level.INFO, "Inbox subscription '" + name() + "': " + requeued + " dead letter(s) of " + ids.size()
                + " asked for requeued");
        if (!stayed.isEmpty()) {
            LOG.log(Level.WARNING, "Inbox subscription '" + name() + "': dead letter(s) " + stayed + " stay dead"
                    + " letters: the table holds another message under each id (ids repeat). Deliver or delete that"
                    + " row first, or discard the dead letter.");
        }
        return requeued;
    }

    @Override
    public int discardOlderThan(Duration age) throws SQLException {
        requireDeadLetters("discard");
        if (age.isNegative()) {
            throw new IllegalArgumentException("The age of dead letters to discard is negative (" + age
                    + "); give zero or more, as PT24H or P30D");
        }
        Statement discard = statements.discard().orElseThrow(() -> new IllegalStateException("Inbox subscription '"
                + name() + "': dialect '" + context.dialect().name() + "' cannot discard dead letters by age;"
                + " implement discardDeadLetters(TableSpec) (or extend io.inboxra.dialect.StandardDialect)"));
        int discarded = inTransaction(c -> {
            try (PreparedStatement ps = bound(c, discard, null, age.negated())) {
                return ps.executeUpdate();
            }
        });
        LOG.log(Level.INFO, "Inbox subscription '" + name() + "': " + discarded + " dead letter(s) older than "
                + age + " discarded");
        return discarded;
    }

    private List<Object> deadLetterIds(Connection c) throws SQLException {
        List<Object> ids = new ArrayList<>();
        try (PreparedStatement ps = bound(c, statements.deadLetterIds().orElseThrow(), null, Duration.ZERO);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getObject(1));
            }
        }
        return ids;
    }

    /** Runs the statements in order; the first one's count is the answer. */
    private int run(Connection c, List<Statement> steps, Object id) throws SQLException {
        int first = -1;
        for (Statement step : steps) {
            try (PreparedStatement ps = bound(c, step, id, Duration.ZERO)) {
                int changed = ps.executeUpdate();
                first = first < 0 ? changed : first;
            }
        }
        return Math.max(first, 0);
    }

    private OptionalLong count(Connection c, Optional<Statement> query) throws SQLException {
        if (query.isEmpty()) {
            return OptionalLong.empty();
        }
        try (PreparedStatement ps = bound(c, query.get(), null, Duration.ZERO); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return OptionalLong.of(rs.getLong(1));
        }
    }

    private PreparedStatement bound(Connection c, Statement statement, Object id, Duration delay) throws SQLException {
        PreparedStatement ps = c.prepareStatement(statement.sql());
        ps.setQueryTimeout(context.settings().dataSource().timeouts().statementSeconds());
        int index = 1;
        for (Param param : statement.params()) {
            switch (param) {
                case QUEUE -> ps.setString(index, context.settings().queue().orElse(null));
                case ID -> ps.setObject(index, id);
                case DELAY -> ps.setLong(index, delay.toMillis());
                default -> throw new IllegalStateException("an operator's statement binds " + param + ": "
                        + statement.sql());
            }
            index++;
        }
        return ps;
    }

    private void requireDeadLetters(String what) {
        if (statements.deadLetterIds().isEmpty()) {
            throw new IllegalStateException("Inbox subscription '" + name() + "' has no dead letters to " + what
                    + ": it has neither 'deadLetterTable' nor 'deadAtColumn'");
        }
    }

    private static Duration max(Duration lag) {
        return lag.isNegative() ? Duration.ZERO : lag;
    }

    /** The work of one operation, in its transaction. */
    private interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    /** Runs the work in one local transaction on a fresh connection of the subscription, then closes it. */
    private <T> T inTransaction(Work<T> work) throws SQLException {
        if (!context.running().isRunning()) {
            throw new IllegalStateException("Inbox subscription '" + name() + "' is stopped");
        }
        try (WorkerConnection connection = context.connections().openConnection()) {
            Connection c = connection.connection();
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                try {
                    c.rollback();
                } catch (SQLException rollback) {
                    e.addSuppressed(rollback);
                }
                throw e;
            }
        }
    }
}
