package io.inboxra.tck;

import io.inboxra.dialect.Dialect;
import io.inboxra.dialect.TableSpec;
import io.inboxra.ra.dialect.Dialects;
import io.inboxra.ra.subscription.check.TableCheck;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A case that runs the dialect's own statements on the database under test, outside the adapter
 * ({@link CapabilityConformance}, {@link PendingRowConformance}): the dialect, resolved as an
 * activation resolves it, the connections the case opens and a thread for each statement that must
 * wait; all closed when the case ends, before its tables are dropped.
 */
abstract class DialectCase {

    // Read by the cases of the kit's subclasses; set once, before each case.
    DialectUnderTest target;
    Dialect dialect;
    ExecutorService background;
    private final List<Connection> open = new ArrayList<>();

    /**
     * Called before each case.
     *
     * @return the dialect to check and the database to check it on
     */
    protected abstract DialectUnderTest dialectUnderTest();

    /** Drops the case's tables, once its connections are closed; what the case's setup did not create is skipped. */
    abstract void dropTables() throws Exception;

    @BeforeEach
    void resolveDialect() throws Exception {
        target = dialectUnderTest();
        try (Connection c = target.connect()) {
            dialect = Dialects.resolve(Optional.of(target.dialect()), c.getMetaData(), getClass().getClassLoader());
        }
        background = Executors.newCachedThreadPool();
    }

    // One @AfterEach, not one in each subclass: JUnit runs a subclass's first, and a table is dropped
    // only once the connections whose transactions may hold its locks are closed.
    @AfterEach
    void closeConnections() throws Exception {
        try {
            for (Connection c : open) {
                try {
                    if (!c.getAutoCommit()) {
                        c.rollback();
                    }
                } catch (SQLException e) {
                    // closed below either way
                }
                c.close();
            }
            if (background != null) {
                background.shutdownNow();
            }
        } finally {
            dropTables();
        }
    }

    /** A connection in autocommit, closed when the case ends. */
    Connection connection() throws SQLException {
        Connection c = target.connect();
        open.add(c);
        return c;
    }

    /** A connection out of autocommit, rolled back and closed when the case ends. */
    Connection transaction() throws SQLException {
        Connection c = connection();
        c.setAutoCommit(false);
        return c;
    }

    /** Runs one of the kit's own statements (a table, an index) on a connection of its own. */
    void execute(String sql) throws SQLException {
        try (Connection c = target.connect(); java.sql.Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** The description, spelt as the database stores its names, as the adapter's activation checks it. */
    TableSpec spec(TableSpec.Builder builder) throws Exception {
        try (Connection c = target.connect()) {
            return TableCheck.check(c, builder.build());
        }
    }
}
