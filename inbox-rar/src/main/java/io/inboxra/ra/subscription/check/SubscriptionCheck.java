package io.inboxra.ra.subscription.check;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.StatementException;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.config.InvalidSettingsException;
import io.inboxra.ra.config.SubscriptionSettings;
import io.inboxra.ra.connection.OperatorStatements;
import io.inboxra.ra.connection.SubscriptionStatements;
import io.inboxra.ra.connection.XaDataSources;
import io.inboxra.ra.dialect.Dialects;
import jakarta.resource.ResourceException;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import javax.sql.XAConnection;
import javax.sql.XADataSource;

/**
 * A subscription's check against its database at activation: the engine (one that cannot work is
 * refused by name, {@link Dialects#refuseUnworkableEngine}), the data source, the dialect and its form, the table and
 * its columns, the statements the dialect builds for it, and, in the row lock form, that its claim
 * locks ({@link RowLockCheck}).
 *
 * @param dataSource the subscription's data source
 * @param dialect the dialect found or named
 * @param statements the statements for the checked table
 * @param operations the operators' statements for the checked table
 * @param table the table as the database names it (what every statement is built from)
 */
public record SubscriptionCheck(XADataSource dataSource, Dialect dialect, SubscriptionStatements statements,
        OperatorStatements operations, TableSpec table) {

    private static final Logger LOG = System.getLogger(SubscriptionCheck.class.getName());

    /**
     * @param endpointLoader the MDB's class loader (for drivers and application dialects)
     * @throws ResourceException naming what is wrong and the fix
     */
    public static SubscriptionCheck run(SubscriptionSettings settings, ClassLoader endpointLoader) throws ResourceException {
        try {
            XADataSource dataSource = XaDataSources.create(settings.dataSource(), "inbox-ra:" + settings.name(),
                    endpointLoader);
            return check(settings, dataSource, endpointLoader);
        } catch (XaDataSources.DataSourceException | Dialects.DialectException | TableCheck.TableException
                | RowLockCheck.RowLockException e) {
            throw new InvalidSettingsException(settings.name(), List.of(e.getMessage()));
        } catch (StatementException e) {
            throw new InvalidSettingsException(settings.name(), List.of("Dialect '" + e.dialect() + "' refuses the"
                    + " table (" + e.kind() + "): " + e.getMessage() + "."));
        }
    }

    private static SubscriptionCheck check(SubscriptionSettings settings, XADataSource dataSource,
            ClassLoader endpointLoader) throws ResourceException, Dialects.DialectException,
            TableCheck.TableException, StatementException, RowLockCheck.RowLockException {
        XAConnection xa = null;
        try {
            try {
                xa = dataSource.getXAConnection();
            } catch (SQLException e) {
                if (DatabaseUnreachable.isOutage(e)) {
                    throw new DatabaseUnreachable("Inbox subscription '" + settings.name() + "': the database at "
                            + settings.dataSource().describe() + " does not answer (" + e.getMessage() + "; if it is"
                            + " up, check 'url': its host, port and SSL options)", e);
                }
                throw e;
            }
            Connection connection = xa.getConnection();
            // Before the dialect: an engine that cannot work is refused by name, whichever dialect is named.
            Dialects.refuseUnworkableEngine(connection, settings.dataSource().describe());
            Dialect dialect = Dialects.resolve(settings.dialect(), connection.getMetaData(), endpointLoader);
            Dialects.requireForm(dialect, settings.table().form(), connection.getMetaData());
            requireListen(settings, dialect, connection);
            TableSpec table = TableCheck.check(connection, settings.table());
            ClaimIndexCheck.check(settings.name(), connection, dialect, table);
            PrivilegeCheck.require(settings, dialect, connection, table);
            DuePartitionCheck.check(settings, dialect, connection, table);
            SubscriptionStatements statements = partitionsIfParsed(settings, dialect, connection,
                    SubscriptionStatements.of(dialect, table, settings));
            OperatorStatements operations = OperatorStatements.of(dialect, table);
            requirePreparable(settings, dialect, connection, statements.named(dialect, table, settings.batchSize()),
                    operations.named());
            if (settings.table().form() == io.inboxra.dialect.Form.ROW_LOCK) {
                RowLockCheck.require(settings, dataSource, dialect, statements.claim(),
                        connection.getMetaData().getDatabaseProductName() + " "
                                + connection.getMetaData().getDatabaseProductVersion());
            }
            return new SubscriptionCheck(dataSource, dialect, statements, operations, table);
        } catch (SQLException e) {
            if (DatabaseUnreachable.isOutage(e)) {
                // It answered, then went away in the middle of the check (a restart, a failover).
                throw new DatabaseUnreachable("Inbox subscription '" + settings.name() + "': the database at "
                        + settings.dataSource().describe() + " went away during the check of table '"
                        + settings.table().table() + "' (" + e.getMessage() + ")", e);
            }
            throw new ResourceException("Inbox subscription '" + settings.name() + "' cannot start: the database at "
                    + settings.dataSource().describe() + " cannot be reached to check table '"
                    + settings.table().table() + "' (" + e.getMessage() + "); check 'url', 'user' and 'password'"
                    + " and that the database is up.", e);
        } finally {
            closeQuietly(xa, settings.name());
        }
    }

    /**
     * Every statement prepared once, here: one the database refuses fails the activation, naming
     * it, rather than every claim or settlement after it (an outage that never ends).
     */
    @SafeVarargs
    private static void requirePreparable(SubscriptionSettings settings, Dialect dialect, Connection connection,
            java.util.Map<String, io.inboxra.dialect.Statement>... statements) throws SQLException,
            InvalidSettingsException {
        java.util.Map<String, io.inboxra.dialect.Statement> all = new java.util.LinkedHashMap<>();
        for (java.util.Map<String, io.inboxra.dialect.Statement> some : statements) {
            all.putAll(some);
        }
        List<String> refused = StatementPreparation.refused(connection, all);
        if (!refused.isEmpty()) {
            throw new InvalidSettingsException(settings.name(), List.of("The database refuses " + (refused.size() == 1
                    ? "a statement" : refused.size() + " statements") + " that dialect '" + dialect.name() + "' ("
                    + dialect.getClass().getName() + ") wrote for table '" + settings.table().table() + "': "
                    + String.join("; ", refused) + ". Fix the dialect's method of that name (or the table"
                    + " description, if a column it names is missing)."));
        }
    }

    /**
     * The retention sweep's query for partitions to drop is optional: where the database cannot
     * parse it (PostgreSQL before 10 has no declarative partitioning, nor its catalog), the sweep
     * deletes rows only, as it always did, and the activation says so once.
     */
    private static SubscriptionStatements partitionsIfParsed(SubscriptionSettings settings, Dialect dialect,
            Connection connection, SubscriptionStatements statements) throws SQLException {
        if (statements.expiredPartitions().isEmpty()) {
            return statements;
        }
        List<String> refused = StatementPreparation.refused(connection,
                java.util.Map.of("expiredPartitions", statements.expiredPartitions().get()));
        if (refused.isEmpty()) {
            return statements;
        }
        LOG.log(Level.INFO, "Inbox subscription '" + settings.name() + "': the database refuses the query of dialect '"
                + dialect.name() + "' for partitions to drop (" + refused.get(0) + "); the retention sweep"
                + " deletes processed rows one by one.");
        return statements.withoutExpiredPartitions();
    }

    /** {@code notifyChannel} needs a dialect that can listen ({@link io.inboxra.dialect.Notifications}), on this connection. */
    private static void requireListen(SubscriptionSettings settings, Dialect dialect, Connection connection)
            throws SQLException, Dialects.DialectException {
        if (settings.notifyChannel().isPresent()) {
            Dialects.requireNotifications(dialect, settings.notifyChannel().get(), connection);
        }
    }

    private static void closeQuietly(XAConnection xa, String name) {
        if (xa != null) {
            try {
                xa.close();
            } catch (SQLException e) {
                LOG.log(Level.DEBUG, () -> "Inbox subscription '" + name + "': closing the check connection: " + e);
            }
        }
    }
}
