package io.inboxra.ra.subscription;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Optional;

/**
 * Refuses, at activation and by name, the database engines that speak a supported database's
 * protocol but cannot keep the adapter's promise (docs/shards.md has the table and the reasons):
 * TiDB, whose {@code FOR UPDATE SKIP LOCKED} takes no lock, so two claims take the same row;
 * YugabyteDB, which has no {@code PREPARE TRANSACTION}, so the claim's XA branch cannot be
 * prepared beside the MDB's own resource; a Galera cluster node, where XA transactions are not
 * supported. Each is told apart by what its driver reports; the row lock check
 * ({@link RowLockCheck}) catches any other engine whose claim does not lock.
 */
final class EngineCheck {

    private EngineCheck() {
    }

    /**
     * What tells the engines apart.
     *
     * @param product the driver's product name
     * @param version the driver's product version (TiDB: {@code 8.0.11-TiDB-v7.5.0}; YugabyteDB: {@code 11.2-YB-2.20.0.0-b0})
     * @param galera whether the MySQL-family server runs Galera replication ({@code wsrep_on = ON})
     */
    record Engine(String product, String version, boolean galera) {
    }

    /**
     * @param connection the check's connection
     * @param where the database, as messages describe it
     * @throws EngineException naming the engine, why it cannot work and the fix
     */
    static void require(Connection connection, String where) throws SQLException, EngineException {
        Optional<String> refusal = refusal(engine(connection), where);
        if (refusal.isPresent()) {
            throw new EngineException(refusal.get());
        }
    }

    static Engine engine(Connection connection) throws SQLException {
        DatabaseMetaData metadata = connection.getMetaData();
        String product = metadata.getDatabaseProductName();
        String version = metadata.getDatabaseProductVersion();
        return new Engine(product, version, mysqlFamily(product, version) && !version.contains("TiDB")
                && wsrepOn(connection));
    }

    /** @return the refusal of this engine, or empty for one the adapter can work with */
    static Optional<String> refusal(Engine engine, String where) {
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

    private static boolean mysqlFamily(String product, String version) {
        String lower = product.toLowerCase(Locale.ROOT);
        return lower.contains("mysql") || lower.contains("mariadb") || version.contains("MariaDB");
    }

    /** {@code wsrep_on}: MariaDB always has the variable (OFF without Galera), MySQL none. */
    private static boolean wsrepOn(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SHOW VARIABLES LIKE 'wsrep_on'")) {
            return rs.next() && "ON".equalsIgnoreCase(rs.getString(2));
        }
    }

    /** An engine the adapter cannot work with, with the message that names it and the fix. */
    static final class EngineException extends Exception {
        private static final long serialVersionUID = 1L;

        EngineException(String message) {
            super(message);
        }
    }
}
