package io.inboxra.ra.operations;

import io.inboxra.dialect.Form;
import io.inboxra.dialect.Label;
import io.inboxra.dialect.OperatorQueries;
import io.inboxra.operations.Cancellation;
import io.inboxra.operations.DeadLetter;
import io.inboxra.operations.FoundRow;
import io.inboxra.operations.RowPlace;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.connection.PendingRowStatements;
import io.inboxra.ra.delivery.DeliveryContext;
import io.inboxra.ra.settlement.DeadLetterMove;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * An operator's look-up of a subscription's row, by id or by key, and the cancel of a pending row,
 * each in a local transaction of its own on a fresh connection ({@link OperatorSql}).
 *
 * <p>The cancel never waits for a delivery: it takes the row's lock with {@code SKIP LOCKED}
 * ({@code holdPendingRow}), after the claims' advisory lock, tried, in the advisory form
 * ({@code tryLock}); a row it cannot take is in work, and it says so. The row it took becomes a
 * dead letter by the dead-letter move a failed delivery makes ({@link DeadLetterMove}), with the
 * reason {@value Cancellation#REASON}; the advisory lock is released once that has committed.
 */
final class PendingRowOperations {

    private static final Logger LOG = System.getLogger(PendingRowOperations.class.getName());

    private final String name;
    private final DeliveryContext context;
    private final PendingRowStatements statements;
    private final OperatorSql sql;
    private final BacklogCache backlogs;
    private final DeadLetterOperations deadLetters;
    private final DeadLetterMove move;
    private final IdColumn idColumn;

    PendingRowOperations(String name, DeliveryContext context, PendingRowStatements statements, OperatorSql sql,
            BacklogCache backlogs, DeadLetterOperations deadLetters) {
        this.name = name;
        this.context = context;
        this.statements = statements;
        this.sql = sql;
        this.idColumn = new IdColumn(sql, statements::rowById);
        this.backlogs = backlogs;
        this.deadLetters = deadLetters;
        this.move = new DeadLetterMove(context.settings().queue(), context.settings().table().deadLetterTable(),
                statements.move(), statements.conflict(), false);
    }

    Optional<FoundRow> findRow(String id) throws SQLException {
        Optional<FoundRow> inbox = sql.inTransaction(c -> {
            Optional<Object> typed = idColumn.type(c).typed(id);
            return typed.isEmpty() ? Optional.<FoundRow>empty() : inboxRow(c, typed.get());
        });
        if (inbox.isPresent() || context.settings().table().deadLetterTable().isEmpty()) {
            return inbox;
        }
        return deadLetters.deadLetter(id).map(PendingRowOperations::found);
    }

    List<FoundRow> findKey(String key) throws SQLException {
        if (statements.rowByKey().isEmpty()) {
            throw new IllegalStateException("Inbox subscription '" + name + "' has no 'keyColumn', so it cannot look"
                    + " messages up by key: set 'keyColumn' in its activation config to the column a producer's"
                    + " SendOptions.key writes (the producer factory's 'keyColumn')");
        }
        return sql.inTransaction(c -> {
            List<FoundRow> found = new ArrayList<>();
            try (PreparedStatement ps = sql.boundToKey(c, statements.rowByKey().get(), key);
                    ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    found.add(read(rs));
                }
            }
            if (statements.deadLettersByKey().isPresent()) {
                try (PreparedStatement ps = sql.boundToKey(c, statements.deadLettersByKey().get(), key);
                        ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        found.add(readDeadLetter(rs));
                    }
                }
            }
            return found;
        });
    }

    Cancellation cancel(String id) throws SQLException {
        if (statements.move().isEmpty()) {
            throw new IllegalStateException("Inbox subscription '" + name + "' has no dead letters, so it cannot"
                    + " cancel a row (a cancelled row becomes a dead letter, to be requeued or discarded): set"
                    + " 'deadLetterTable' (a table of id, payload, attempts, reason, dead_at"
                    + (context.settings().table().queueColumn().isPresent() ? ", queue" : "") + ") or 'deadAtColumn'"
                    + " (a time column of the inbox) in its activation config");
        }
        boolean advisory = context.settings().table().form() == Form.ADVISORY;
        if (advisory && statements.tryLock().isEmpty()) {
            throw new IllegalStateException("Inbox subscription '" + name + "': dialect '" + context.dialect().name()
                    + "' cannot try a row's advisory lock without waiting, so rows in the advisory form cannot be"
                    + " cancelled; implement Advisory.tryLock(TableSpec) in it");
        }
        Object[] lockKey = {null};
        Cancellation done = sql.inDatabaseTransaction(connection -> {
            Connection c = connection.connection();
            Optional<Object> typed = idColumn.type(c).typed(id);
            if (typed.isEmpty()) {
                return notFound(id, "no row of that id");
            }
            if (advisory) {
                lockKey[0] = tryLock(c, typed.get());
                if (lockKey[0] == null) {
                    return inWorkOrNotFound(c, id, typed.get());
                }
            }
            OptionalLong attempts = hold(c, typed.get());
            if (attempts.isEmpty()) {
                return inWorkOrNotFound(c, id, typed.get());
            }
            ClaimedRow row = new ClaimedRow(typed.get(), new byte[0], 0, (int) attempts.getAsLong(), null,
                    lockKey[0], null);
            return switch (move.move(connection, row, Cancellation.REASON)) {
                case MOVED -> new Cancellation(Cancellation.Result.CANCELLED, id, "row " + id + " of subscription '"
                        + name + "' is cancelled: a dead letter now" + reasonKept() + "; requeue it to deliver it"
                        + " after all");
                case REFUSED -> new Cancellation(Cancellation.Result.REFUSED, id, "row " + id + " of subscription '"
                        + name + "' stays pending: the dead-letter table '" + context.settings().table()
                        .deadLetterTable().orElse("") + "' holds a different message with the same id (ids repeat)."
                        + " Requeue or discard that dead letter first, then cancel again.");
                case NOT_CHANGED -> notFound(id, "no pending row of that id");
            };
        }, connection -> unlock(connection, lockKey[0]));
        if (done.result() == Cancellation.Result.CANCELLED) {
            backlogs.forget();
            LOG.log(Level.INFO, "Inbox subscription '" + name + "': row " + id + " cancelled by an operator: a dead"
                    + " letter now" + reasonKept() + " (a requeue delivers it after all)");
        } else if (done.result() == Cancellation.Result.NOT_FOUND
                && context.settings().table().deadLetterTable().isPresent() && deadLetters.deadLetter(id).isPresent()) {
            return notFound(id, "it is a dead letter already");
        }
        return done;
    }

    private String reasonKept() {
        return context.settings().table().deadLetterTable().isPresent()
                ? ", with the reason '" + Cancellation.REASON + "'" : "";
    }

    private Cancellation notFound(String id, String why) {
        return new Cancellation(Cancellation.Result.NOT_FOUND, id, "subscription '" + name + "' has no pending row "
                + id + ": " + why);
    }

    /** Why a row could not be held: a delivery holds it, or it is not pending (or not there). */
    private Cancellation inWorkOrNotFound(Connection c, String id, Object typed) throws SQLException {
        Optional<FoundRow> row = inboxRow(c, typed);
        if (row.isEmpty()) {
            return notFound(id, "no row of that id");
        }
        return switch (row.get().place()) {
            case PENDING, IN_WORK -> new Cancellation(Cancellation.Result.IN_WORK, id, "row " + id
                    + " of subscription '" + name + "' is in work: a delivery holds it now. Nothing changed; try"
                    + " again once the delivery has ended (it may settle the row).");
            case PROCESSED -> notFound(id, "it was processed");
            case DEAD_LETTER -> notFound(id, "it is a dead letter already");
        };
    }

    /** @return the advisory lock's key as the unlock binds it, or null when another session holds the lock */
    private Object tryLock(Connection c, Object id) throws SQLException {
        try (PreparedStatement ps = sql.bound(c, statements.tryLock().orElseThrow(), id, Duration.ZERO);
                ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getObject(Label.KEY) : null;
        }
    }

    private Object unlock(DatabaseConnection connection, Object key) throws SQLException {
        if (key != null) {
            connection.first(statements.unlock().orElseThrow(), io.inboxra.ra.connection.Bindings
                    .of(context.settings().queue()).row(new ClaimedRow(null, new byte[0], 0, 0, null, key, null)));
        }
        return null;
    }

    /** @return the held row's failed deliveries, or empty where the row is not there to hold */
    private OptionalLong hold(Connection c, Object id) throws SQLException {
        try (PreparedStatement ps = sql.bound(c, statements.hold(), id, Duration.ZERO); ResultSet rs = ps.executeQuery()) {
            return rs.next() ? OptionalLong.of(rs.getLong(2)) : OptionalLong.empty();
        }
    }

    private Optional<FoundRow> inboxRow(Connection c, Object id) throws SQLException {
        try (PreparedStatement ps = sql.bound(c, statements.rowById(), id, Duration.ZERO); ResultSet rs = ps.executeQuery()) {
            return rs.next() ? Optional.of(read(rs)) : Optional.empty();
        }
    }

    /** A row of {@code inboxRow}: id, key, payload, attempts, due, processed-at, dead-at, leased. */
    private static FoundRow read(ResultSet rs) throws SQLException {
        String id = String.valueOf(rs.getObject(1));
        Optional<String> key = Optional.ofNullable(rs.getString(2));
        String payload = preview(rs.getString(3));
        long attempts = rs.getLong(4);
        OptionalLong counted = rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(attempts);
        Optional<Instant> due = instant(rs.getTimestamp(5));
        Optional<Instant> processed = instant(rs.getTimestamp(6));
        Optional<Instant> dead = instant(rs.getTimestamp(7));
        boolean leased = rs.getInt(8) == 1;
        RowPlace place = processed.isPresent() ? RowPlace.PROCESSED : dead.isPresent() ? RowPlace.DEAD_LETTER
                : leased ? RowPlace.IN_WORK : RowPlace.PENDING;
        return new FoundRow(id, key, place, payload, counted, due, Optional.empty(), processed.or(() -> dead));
    }

    /** A row of {@code deadLettersByKey}: id, payload, attempts, reason, dead-at, key. */
    private static FoundRow readDeadLetter(ResultSet rs) throws SQLException {
        long attempts = rs.getLong(3);
        OptionalLong counted = rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(attempts);
        return new FoundRow(String.valueOf(rs.getObject(1)), Optional.ofNullable(rs.getString(6)), RowPlace.DEAD_LETTER,
                preview(rs.getString(2)), counted, Optional.empty(), Optional.ofNullable(rs.getString(4)),
                instant(rs.getTimestamp(5)));
    }

    private static FoundRow found(DeadLetter d) {
        return new FoundRow(d.id(), Optional.empty(), RowPlace.DEAD_LETTER, preview(d.payload()), d.attempts(),
                Optional.empty(), d.reason(), d.deadAt());
    }

    private static String preview(String payload) {
        String text = String.valueOf(payload);
        return text.length() > OperatorQueries.PREVIEW_LENGTH ? text.substring(0, OperatorQueries.PREVIEW_LENGTH) : text;
    }

    private static Optional<Instant> instant(Timestamp t) {
        return Optional.ofNullable(t).map(Timestamp::toInstant);
    }
}
