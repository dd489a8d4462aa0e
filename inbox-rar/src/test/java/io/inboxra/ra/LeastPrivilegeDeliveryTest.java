package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.LeastPrivilege;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The main delivery cases as the README's least-privilege user, in every form on PostgreSQL and
 * MariaDB: with FIFO groups, retries and a dead-letter table, granted exactly what the README's
 * "Database roles" lists, every row is delivered once and settled, and the poison row is
 * dead-lettered.
 */
@Exclusive
class LeastPrivilegeDeliveryTest {

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    @ParameterizedTest
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void withOnlyTheReadmeGrantsEveryRowIsDeliveredOnceAndThePoisonIsDeadLettered(TestDatabase db, Form form)
            throws Exception {
        String table = tables.create(db, "least", db.inboxColumns() + ", grp " + db.text() + " NOT NULL");
        db.execute("CREATE INDEX " + table + "_group ON " + table + " (grp, id)");
        String dead = tables.deadLetters(db);
        // The README's grants for this configuration: UPDATE for the retries (and the lease), DELETE to
        // settle, INSERT and DELETE for the dead letters' move and the operator's requeue.
        LeastPrivilege.grant(db, "SELECT, INSERT, UPDATE, DELETE", table);
        LeastPrivilege.grant(db, "SELECT, INSERT, UPDATE, DELETE", dead);
        db.execute("INSERT INTO " + table + " (payload, grp) SELECT CONCAT('row ', n), CONCAT('g', MOD(n, 5)) FROM "
                + db.series(200));
        db.execute("INSERT INTO " + table + " (payload, grp) VALUES ('poison', 'g0')");
        List<Object> delivered;
        try (Harness server = Harness.start()) {
            Map<String, String> p = LeastPrivilege.properties(db, "least", table, form);
            p.put("fifoColumn", "grp");
            p.put("workers", "4");
            p.put("dueColumn", "due_at");
            p.put("attemptColumn", "attempts");
            p.put("maxAttempts", "2");
            p.put("retryDelay", "PT0.1S");
            p.put("deadLetterTable", dead);
            Harness.Activation mdb = server.activate(message -> {
                if (message.text().equals("poison")) {
                    throw new IllegalStateException("poison");
                }
                return Outcome.ack();
            }, p);
            Await.until("every row is settled", Duration.ofSeconds(120),
                    () -> db.count("SELECT count(*) FROM " + table) == 0);
            mdb.deactivate();
            delivered = mdb.log().committed();
        }
        Map<Object, Long> counts = delivered.stream().collect(Collectors.groupingBy(id -> id, Collectors.counting()));
        assertEquals(200, counts.size(), "every good row delivered");
        assertEquals(List.of(), counts.entrySet().stream().filter(e -> e.getValue() > 1).toList(), "none twice");
        assertEquals(1, db.count("SELECT count(*) FROM " + dead + " WHERE payload = 'poison' AND attempts = 2"),
                "the poison row is dead-lettered after its two attempts");
    }
}
