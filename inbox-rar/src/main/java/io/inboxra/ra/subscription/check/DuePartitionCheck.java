package io.inboxra.ra.subscription.check;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.Statement;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.config.SubscriptionSettings;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;

/**
 * A table partitioned by range of its due column moves a retried row to the partition of its new
 * due time; where no partition takes that time, the database refuses the retry, and the delivery
 * fails: its row comes back after the backoff, as after any failed delivery, instead of at the
 * due time asked for (and a backoff past the partitions fails the same way). At activation
 * this asks the dialect how far ahead the partitions reach ({@link Dialect#duePartitionsAhead})
 * and warns, naming the table, the column, where the partitions end and the fix, when that is
 * sooner than the longest backoff ({@code maxRetryDelay}) from now. Partitions are made ahead by
 * jobs that run later, so it warns and does not refuse.
 */
final class DuePartitionCheck {

    private static final Logger LOG = System.getLogger(DuePartitionCheck.class.getName());

    private DuePartitionCheck() {
    }

    /** @return the warning logged, if any */
    static Optional<String> check(SubscriptionSettings settings, Dialect dialect, Connection connection, TableSpec table)
            throws SQLException {
        if (table.dueColumn().isEmpty()) {
            return Optional.empty();
        }
        Optional<Statement> query = dialect.duePartitionsAhead(table);
        if (query.isEmpty()) {
            return Optional.empty();
        }
        Long ahead;
        try (PreparedStatement s = connection.prepareStatement(query.get().sql()); ResultSet rs = s.executeQuery()) {
            if (!rs.next()) {
                return Optional.empty();
            }
            long millis = rs.getLong(1);
            ahead = rs.wasNull() ? null : millis;
        } catch (SQLException e) {
            if (DatabaseUnreachable.isOutage(e)) {
                throw e;
            }
            // Advice only: a database without declarative partitioning (PostgreSQL before 10) has nothing to warn of.
            LOG.log(Level.DEBUG, () -> "Inbox subscription '" + settings.name() + "': the partitions of table '"
                    + table.table() + "' could not be read (" + e.getMessage() + ")");
            return Optional.empty();
        }
        Duration longest = settings.maxRetryDelay();
        if (ahead == null || ahead >= longest.toMillis()) {
            return Optional.empty();
        }
        String end = ahead <= 0 ? "have ended already (" + Duration.ofMillis(-ahead).withNanos(0) + " ago)"
                : "end " + Duration.ofMillis(ahead).withNanos(0) + " from now";
        String warning = "Inbox subscription '" + settings.name() + "': table '" + table.table() + "' is partitioned"
                + " by range of its due column '" + table.dueColumn().get() + "' (property 'dueColumn'), and its"
                + " partitions " + end + ", sooner than 'maxRetryDelay' (" + longest + "): a retry or backoff whose due"
                + " time no partition takes fails in the database, and the delivery fails instead of waiting that long."
                + " Create partitions ahead, as far as 'maxRetryDelay' and the longest Outcome.retry delay"
                + " of the MDB, or a DEFAULT partition (CREATE TABLE ... PARTITION OF " + table.table() + " DEFAULT).";
        LOG.log(Level.WARNING, warning);
        return Optional.of(warning);
    }
}
