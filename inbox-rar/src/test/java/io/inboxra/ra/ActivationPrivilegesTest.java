package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Harness;
import io.inboxra.harness.LeastPrivilege;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import jakarta.resource.ResourceException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A grant left out, one at a time, as the least-privilege user: the activation fails naming the
 * privilege, the table, the feature that needs it and the GRANT to run, instead of every row
 * failing later; what only degrades is one warning.
 */
@Exclusive
class ActivationPrivilegesTest {

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    private static String grant(TestDatabase db, String privileges, String table) {
        return db == TestDatabase.POSTGRES ? "GRANT " + privileges + " ON " + table + " TO " + LeastPrivilege.USER + ";"
                : "GRANT " + privileges + " ON `test`.`" + table + "` TO '" + LeastPrivilege.USER + "'@'%';";
    }

    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void withoutDeleteOnTheInboxTheActivationFailsNamingTheGrant(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        LeastPrivilege.grant(db, "SELECT, UPDATE", table);
        String refusal = ActivationTable.refusal(ResourceException.class,
                LeastPrivilege.properties(db, "nodelete", table, Form.ROW_LOCK));
        assertEquals("Inbox subscription 'nodelete' cannot start: User " + LeastPrivilege.USER + " lacks DELETE on"
                + " table '" + table + "' (a settlement deletes the delivered row). Have an administrator run: "
                + grant(db, "DELETE", table), refusal);
    }

    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void withoutInsertOnTheDeadLetterTableTheActivationFailsNamingTheGrant(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        String dead = tables.deadLetters(db);
        LeastPrivilege.grant(db, "SELECT, INSERT, UPDATE, DELETE", table);
        LeastPrivilege.grant(db, "SELECT, UPDATE, DELETE", dead);
        Map<String, String> p = LeastPrivilege.properties(db, "noinsert", table, Form.ROW_LOCK);
        p.put("deadLetterTable", dead);
        p.put("dueColumn", "due_at");
        p.put("attemptColumn", "attempts");
        p.put("maxAttempts", "3");
        String refusal = ActivationTable.refusal(ResourceException.class, p);
        assertEquals("Inbox subscription 'noinsert' cannot start: User " + LeastPrivilege.USER + " lacks INSERT on"
                + " table '" + dead + "' (a dead letter's move writes it there). Have an administrator run: "
                + grant(db, "INSERT", dead), refusal);
    }

    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void withoutUpdateTheLeaseFormFailsNamingTheGrant(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        LeastPrivilege.grant(db, "SELECT, DELETE", table);
        String refusal = ActivationTable.refusal(ResourceException.class,
                LeastPrivilege.properties(db, "noupdate", table, Form.LEASE));
        assertEquals("Inbox subscription 'noupdate' cannot start: User " + LeastPrivilege.USER + " lacks UPDATE on"
                + " table '" + table + "' (the lease form writes lockedUntilColumn). Have an administrator run: "
                + grant(db, "UPDATE", table), refusal);
    }

    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void withProcessedAtUpdateIsNeededAndDeleteIsNot(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        LeastPrivilege.grant(db, "SELECT", table);
        Map<String, String> p = LeastPrivilege.properties(db, "marks", table, Form.ADVISORY);
        p.put("processedAtColumn", "processed_at");
        String refusal = ActivationTable.refusal(ResourceException.class, p);
        assertEquals("Inbox subscription 'marks' cannot start: User " + LeastPrivilege.USER + " lacks UPDATE on"
                + " table '" + table + "' (a settlement marks processedAtColumn). Have an administrator run: "
                + grant(db, "UPDATE", table), refusal);
    }

    /**
     * With every grant the subscription needs, it starts; what it lacks that only degrades is one
     * warning: on MariaDB, PROCESS (the INNODB_TRX lock waits); PostgreSQL here has two-phase commit on.
     */
    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void withEveryNeededGrantItStartsAndWarnsOnceOfWhatDegrades(TestDatabase db) throws Exception {
        String table = tables.inbox(db);
        LeastPrivilege.grant(db, "SELECT, UPDATE, DELETE", table);
        List<LogRecord> warnings = new CopyOnWriteArrayList<>();
        Logger logger = Logger.getLogger("io.inboxra.ra.subscription.check.PrivilegeCheck");
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                    warnings.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        logger.addHandler(capture);
        try (Harness server = Harness.start()) {
            db.execute("INSERT INTO " + table + " (payload) VALUES ('one')");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(),
                    LeastPrivilege.properties(db, "granted", table, Form.ROW_LOCK));
            io.inboxra.harness.Await.until("the row is delivered", java.time.Duration.ofSeconds(60),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
            mdb.deactivate();
        } finally {
            logger.removeHandler(capture);
        }
        if (db == TestDatabase.POSTGRES) {
            assertEquals(List.of(), warnings.stream().map(LogRecord::getMessage).toList());
        } else {
            assertEquals(1, warnings.size(), "one warning: " + warnings.stream().map(LogRecord::getMessage).toList());
            String warning = warnings.get(0).getMessage();
            assertTrue(warning.startsWith("Inbox subscription 'granted': The user lacks PROCESS"), warning);
            assertTrue(warning.endsWith("Run GRANT PROCESS ON *.* TO '" + LeastPrivilege.USER + "'@'%'."), warning);
        }
    }
}
