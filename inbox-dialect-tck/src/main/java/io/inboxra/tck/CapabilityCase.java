package io.inboxra.tck;

import io.inboxra.dialect.Param;
import io.inboxra.dialect.Statement;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A case of {@link CapabilityConformance}: the kit's table ({@link KitInbox}) and any other
 * table the case makes, and what more than one capability's cases do with them.
 */
abstract class CapabilityCase extends DialectCase {

    /** How long anything the contract waits for may take. */
    static final Duration BOUND = Duration.ofSeconds(10);
    /** How long a statement that must wait is given to show that it does not end. */
    static final long WAITS_MILLIS = 500;

    KitInbox inbox;
    private final List<String> dropLater = new ArrayList<>();

    @BeforeEach
    void createTable() throws Exception {
        inbox = KitInbox.create(target);
    }

    @Override
    void dropTables() throws Exception {
        try {
            for (String table : dropLater) {
                execute("DROP TABLE " + table);
            }
        } finally {
            if (inbox != null) {
                inbox.close();
            }
        }
    }

    /** Creates a table of the case's own besides the kit's, dropped when the case ends. */
    void createCaseTable(String table, String columns) throws SQLException {
        execute("CREATE TABLE " + table + " (" + columns + ")");
        dropLater.add(table);
    }

    /** @return the dialect as the capability, or the case skipped, naming what the dialect lacks */
    <T> T capability(Class<T> type) {
        Assumptions.assumeTrue(type.isInstance(dialect), "dialect '" + dialect.name() + "' (" + dialect.getClass().getName()
                + ") has no " + type.getSimpleName());
        return type.cast(dialect);
    }

    static long number(Connection c, String sql) throws SQLException {
        try (java.sql.Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), "no row from " + sql);
            return rs.getLong(1);
        }
    }

    /** Runs a dialect's statement, its ID parameters the given ids in order; its result, if any, unread. */
    void run(Connection c, Statement statement, List<Object> ids) throws SQLException {
        try (PreparedStatement ps = bound(c, statement, ids)) {
            ps.execute();
        }
    }

    PreparedStatement bound(Connection c, Statement statement, List<Object> ids) throws SQLException {
        PreparedStatement ps = c.prepareStatement(statement.sql());
        int index = 1;
        int next = 0;
        for (Param param : statement.params()) {
            switch (param) {
                case LIMIT -> ps.setInt(index, 10);
                case ID -> ps.setObject(index, ids.get(next++));
                case IDS -> dialect.bindIds(c, ps, index, ids);
                default -> throw new AssertionError("the kit binds no " + param + " here: " + statement.sql());
            }
            index++;
        }
        return ps;
    }

    /** @return how a statement that should have waited ended, for the failure's message */
    static String outcome(Future<?> done) {
        try {
            done.get();
            return "it ended at once";
        } catch (Exception e) {
            return "it failed: " + (e.getCause() == null ? e : e.getCause());
        }
    }
}
