package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.appdialect.MisspelledMariaDbDialect;
import io.inboxra.appdialect.MisspelledPostgresDialect;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import jakarta.resource.ResourceException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every statement of a subscription is prepared on the database at activation: a statement it
 * refuses fails the activation, naming the statement, rather than failing every settlement after
 * it (each delivery rolled back, the row delivered again, for ever).
 */
class StatementPreparationTest {

    private final TestTables tables = new TestTables();

    @AfterEach
    void dropTables() throws SQLException {
        tables.dropAll();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.inboxra.ra.DeliveryTest#everyDatabaseAndForm")
    void aStatementTheDatabaseRefusesFailsTheActivationNamingIt(TestDatabase db, Form form) throws Exception {
        String table = tables.inbox(db);
        db.insertRows(table, 1);
        String dialect = (db == TestDatabase.MARIADB ? MisspelledMariaDbDialect.class : MisspelledPostgresDialect.class)
                .getName();
        List<Object> delivered = new CopyOnWriteArrayList<>();
        try (Harness server = Harness.start()) {
            Map<String, String> p = db.properties("misspelled-" + db + "-" + form, table, form);
            p.put("dialect", dialect);
            p.put("batchSize", "3");
            String message = assertThrows(ResourceException.class, () -> server.activate(message1 -> {
                delivered.add(message1.id());
                return Outcome.ack();
            }, p), "the activation fails").getMessage();
            assertTrue(message.startsWith("Inbox subscription 'misspelled-" + db + "-" + form + "' cannot start: The"
                    + " database refuses a statement that dialect 'misspelled-"), message);
            assertTrue(message.contains("(" + dialect + ") wrote for table '" + table + "': settle (DELETEX FROM ")
                    || message.contains("(" + dialect + ") wrote for table '" + table + "': settle (UPDATEX "), message);
            assertTrue(message.endsWith("Fix the dialect's method of that name (or the table description, if a column"
                    + " it names is missing)."), message);
            assertEquals(List.of(), delivered, "nothing was delivered");
        }
        assertEquals(1, db.count("SELECT count(*) FROM " + table), "the row waits");
    }
}
