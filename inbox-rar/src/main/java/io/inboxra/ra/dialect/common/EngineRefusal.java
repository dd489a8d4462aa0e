package io.inboxra.ra.dialect.common;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/**
 * A built-in dialect's refusal of an engine that speaks its database's protocol but cannot keep
 * the adapter's promise (TiDB, YugabyteDB, a Galera node: {@link RefusedEngines}). Asked at
 * activation of the built-in dialect of the database's product, whichever dialect the
 * subscription names ({@link io.inboxra.ra.dialect.Dialects#refuseUnworkableEngine}).
 */
public interface EngineRefusal {

    /**
     * @param connection the activation check's connection
     * @param where the database, as messages describe it
     * @return why the adapter refuses the engine, naming it and the fix; empty for one it can work with
     * @throws SQLException when the engine cannot be told
     */
    Optional<String> refusal(Connection connection, String where) throws SQLException;
}
