package io.inboxra.ra.dialect.common;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * The database engines that speak a built-in dialect's protocol but cannot keep the adapter's
 * promise (docs/shards.md has the table and the reasons): TiDB, whose {@code FOR UPDATE SKIP
 * LOCKED} takes no lock, so two claims take the same row; YugabyteDB, which has no
 * {@code PREPARE TRANSACTION}, so the claim's XA branch cannot be prepared beside the MDB's own
 * resource; a Galera cluster node, where XA transactions are not supported. Each is told apart by
 * what its driver reports and, for Galera, by a server variable the MySQL dialect reads
 * ({@link #wsrepOn}). The built-in dialect of the product refuses them
 * ({@link EngineRefusal}); the row lock check catches any other engine whose claim does not lock.
 */
public final class RefusedEngines {

    private RefusedEngines() {
    }

    /**
     * What tells the engines apart.
     *
     * @param product the driver's product name
     * @param version the driver's product version (TiDB: {@code 8.0.11-TiDB-v7.5.0}; YugabyteDB: {@code 11.2-YB-2.20.0.0-b0})
     * @param galera whether the MySQL-family server runs Galera replication ({@code wsrep_on = ON})
     */
    public record Engine(String product, String version, boolean galera) {
    }

    /** The MySQL family's engine behind the connection: TiDB by its version, Galera by {@code wsrep_on}. */
    public static Engine mysqlFamily(Connection connection) throws SQLException {
        String product = connection.getMetaData().getDatabaseProductName();
        String version = connection.getMetaData().getDatabaseProductVersion();
        return new Engine(product, version, !version.contains("TiDB") && wsrepOn(connection));
    }

    /** The engine behind the connection, read from the driver's metadata alone. */
    public static Engine byName(Connection connection) throws SQLException {
        return new Engine(connection.getMetaData().getDatabaseProductName(),
                connection.getMetaData().getDatabaseProductVersion(), false);
    }

    /** @return the refusal of this engine, or empty for one the adapter can work with */
    public static Optional<String> refusal(Engine engine, String where) {
        String seen = engine.product() + " " + engine.version();
        if (engine.version().contains("TiDB")) {
            return Optional.of("The database at " + where + " is TiDB (" + seen + "), which the adapter refuses: TiDB"
                    + " accepts FOR UPDATE SKIP LOCKED but takes no lock, so two claims would take the same row and"
                    + " deliver it twice, and it has no XA transactions for the claim's branch. Put the inbox on"
                    + " MySQL, MariaDB or PostgreSQL primaries instead, several as shards if one is not enough"
                    + " (docs/shards.md).");
        }
        if (engine.version().matches(".*-YB-.*")) {
            return Optional.of("The database at " + where + " is YugabyteDB (" + seen + "), which the adapter refuses:"
                    + " YugabyteDB has no PREPARE TRANSACTION, so the claim's XA branch cannot be prepared beside the"
                    + " MDB's own resource, nor recovered after a crash. Put the inbox on PostgreSQL primaries instead,"
                    + " several as shards if one is not enough (docs/shards.md).");
        }
        if (engine.galera()) {
            return Optional.of("The database at " + where + " is a Galera cluster node (" + seen + ", wsrep_on = ON),"
                    + " which the adapter refuses: Galera does not support XA transactions, which the claim's branch"
                    + " is. Put the inbox on a MariaDB or MySQL primary without Galera (asynchronous replicas are"
                    + " fine), several as shards if one is not enough (docs/shards.md).");
        }
        return Optional.empty();
    }

    /** {@code wsrep_on}: MariaDB always has the variable (OFF without Galera), MySQL none. */
    private static boolean wsrepOn(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SHOW VARIABLES LIKE 'wsrep_on'")) {
            return rs.next() && "ON".equalsIgnoreCase(rs.getString(2));
        }
    }
}
