package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Postgres;
import jakarta.resource.ResourceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Bad input fails its own activation with a message naming the property, the value and the fix. */
class ActivationErrorsTest {

    @RegisterExtension
    static final ActivationTable table = new ActivationTable();

    private static String failure(Consumer<Map<String, String>> change) throws Exception {
        Map<String, String> p = table.properties("bad");
        change.accept(p);
        return ActivationTable.refusal(ResourceException.class, p);
    }

    @Test
    void aMissingTableIsNamedWithTheFix() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Table 'no_such_table' (property 'table') does not"
                + " exist in the database at " + Postgres.URL + " for user postgres: create it before the"
                + " subscription starts, or correct 'table'.",
                failure(p -> p.put("table", "no_such_table")));
    }

    @Test
    void aMissingColumnIsNamedWithTheColumnsThatExist() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Column 'body' (property 'payloadColumn') does not"
                + " exist in table '" + table.name() + "', which has id, payload, queue, due_at, priority,"
                + " processed_at, attempts, locked_until: add the column, or set 'payloadColumn' to one of those.",
                failure(p -> p.put("payloadColumn", "body")));
    }

    @Test
    void aTableNameThatIsNotAPlainIdentifierIsRefused() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Property 'table' is 'jobs; DROP TABLE x': not a"
                + " plain identifier (letters, digits, _ and $, starting with a letter or _, at most 63"
                + " characters); name the table (or schema.table) without quotes, spaces or semicolons.",
                failure(p -> p.put("table", "jobs; DROP TABLE x")));
    }

    @Test
    void aColumnNameThatIsNotAPlainIdentifierIsRefused() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Property 'idColumn' is 'id\" OR 1=1': not a plain"
                + " identifier (letters, digits, _ and $, starting with a letter or _, at most 63 characters);"
                + " name the column without quotes, spaces or semicolons.",
                failure(p -> p.put("idColumn", "id\" OR 1=1")));
    }

    @Test
    void workersBelowOneAreRefused() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Property 'workers' is '0': it must be a whole"
                + " number from 1 to 256 (each worker is a thread of the server and, in the row lock and advisory"
                + " forms, a connection; keep it at most the server's MDB pool size); set it within that range.",
                failure(p -> p.put("workers", "0")));
    }

    @Test
    void anUnknownDialectIsRefused() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Property 'dialect' is 'oracle': not a built-in"
                + " dialect (h2, mariadb, mysql, postgres, sqlite) nor a class name; name a built-in dialect, the fully qualified class"
                + " of your own io.inboxra.dialect.Dialect, or remove 'dialect' to detect it.",
                failure(p -> p.put("dialect", "oracle")));
    }

    @Test
    void aQueueWithoutAQueueColumnIsRefused() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Property 'queue' is 'invoices' but 'queueColumn'"
                + " is not set: name the column that holds each row's queue in 'queueColumn', or remove 'queue'.",
                failure(p -> p.put("queue", "invoices")));
    }

    @Test
    void twoFormsAtOnceAreRefused() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Properties 'lockedUntilColumn' ('locked_until') and"
                + " 'advisoryLock' ('id') select two forms: keep 'lockedUntilColumn' for the lease form, or"
                + " 'advisoryLock' for the advisory lock form.",
                failure(p -> {
                    p.put("lockedUntilColumn", "locked_until");
                    p.put("advisoryLock", "id");
                }));
    }

    @Test
    void aLeaseBelowOneSecondIsRefused() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Property 'lease' is 'PT0.5S': it must be from PT1S to"
                + " PT24H (a lease shorter than one second expires before its heartbeat can extend it); set it within"
                + " that range.",
                failure(p -> {
                    p.put("lockedUntilColumn", "locked_until");
                    p.put("lease", "PT0.5S");
                }));
    }

    @Test
    void aBatchSizeBelowOneIsRefused() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Property 'batchSize' is '0': it must be a whole"
                + " number from 1 to 1000 (the rows one claim takes wait in memory and are delivered in one"
                + " transaction); set it within that range.",
                failure(p -> p.put("batchSize", "0")));
    }

    @Test
    void anAdvisoryLockThatIsNeitherAColumnNorAPlainExpressionIsRefused() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Property 'advisoryLock' is 'id); SELECT pg_sleep(1'"
                + ": it must be a column, or columns joined by ||, + or , and grouped by parentheses (no function"
                + " calls, literals, quotes, semicolons, comments or $); name the key column, for example"
                + " advisoryLock=id, or join columns, for example advisoryLock=customer || order_no.",
                failure(p -> p.put("advisoryLock", "id); SELECT pg_sleep(1")));
        assertEquals("Inbox subscription 'bad' cannot start: Property 'advisoryLock' is 'id -- x': it must be a"
                + " column, or columns joined by ||, + or , and grouped by parentheses (no function calls, literals,"
                + " quotes, semicolons, comments or $); name the key column, for example advisoryLock=id, or join"
                + " columns, for example advisoryLock=customer || order_no.",
                failure(p -> p.put("advisoryLock", "id -- x")));
    }

    @Test
    void aMissingLockedUntilColumnIsNamed() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Column 'lease_until' (property 'lockedUntilColumn')"
                + " does not exist in table '" + table.name() + "', which has id, payload, queue, due_at, priority,"
                + " processed_at, attempts, locked_until: add the column, or set 'lockedUntilColumn' to one of those.",
                failure(p -> p.put("lockedUntilColumn", "lease_until")));
    }

    @Test
    void maxAttemptsWithoutAnAttemptColumnOrADeadLetterPlaceIsRefused() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Property 'maxAttempts' is '5' but 'attemptColumn' is not"
                + " set: name the integer column that counts a row's failed deliveries in 'attemptColumn'. Property"
                + " 'maxAttempts' is '5' but rows have nowhere to go when it is reached: set 'deadLetterTable' (rows"
                + " move there) or 'deadAtColumn' (rows are marked).",
                failure(p -> {
                    p.put("maxAttempts", "5");
                    p.put("dueColumn", "due_at");
                }));
    }

    /** Accepted before, a poison row then came back for ever: the statement that counts a failure is the reschedule. */
    @Test
    void maxAttemptsWithoutADueColumnIsRefused() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Property 'maxAttempts' is '3' but 'dueColumn' is not set:"
                + " a failed delivery is counted as its row is rescheduled by its due time, so no attempt would be"
                + " counted and a row that always fails would come back for ever: name that column in 'dueColumn', or"
                + " remove 'maxAttempts'.",
                failure(p -> {
                    p.put("maxAttempts", "3");
                    p.put("attemptColumn", "attempts");
                    p.put("deadAtColumn", "processed_at");
                }));
    }

    @Test
    void backoffWithoutADueColumnIsRefused() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Property 'retryDelay' is 'PT5S' but 'dueColumn' is not"
                + " set: a retry waits by moving the row's due time; name that column in 'dueColumn'.",
                failure(p -> p.put("retryDelay", "PT5S")));
    }

    @Test
    void aMissingDeadLetterTableIsNamed() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Table 'no_dead_letters' (property 'deadLetterTable') does"
                + " not exist: create it with the columns id, payload, attempts, reason, dead_at before the"
                + " subscription starts, or correct 'deadLetterTable'.",
                failure(p -> p.put("deadLetterTable", "no_dead_letters")));
    }

    @Test
    void aDeadLetterTableWithoutItsColumnsIsNamed() throws Exception {
        String dead = Postgres.newTable("dead", "id BIGINT, payload TEXT");
        try {
            assertEquals("Inbox subscription 'bad' cannot start: Table '" + dead + "' (property 'deadLetterTable')"
                    + " lacks the column(s) attempts, reason, dead_at that a dead letter fills (it has id, payload):"
                    + " add them.",
                    failure(p -> p.put("deadLetterTable", dead)));
        } finally {
            Postgres.execute("DROP TABLE " + dead);
        }
    }

    @Test
    void retentionWithoutAProcessedAtColumnIsRefused() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Property 'retention' is 'P7D' but 'processedAtColumn' is"
                + " not set: only rows marked processed are kept, and then deleted after their retention; set"
                + " 'processedAtColumn', or remove 'retention'.",
                failure(p -> p.put("retention", "P7D")));
    }

    @Test
    void aMissingFifoColumnIsNamed() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Column 'customer' (property 'fifoColumn') does not exist"
                + " in table '" + table.name() + "', which has id, payload, queue, due_at, priority, processed_at,"
                + " attempts, locked_until: add the column, or set 'fifoColumn' to one of those.",
                failure(p -> p.put("fifoColumn", "customer")));
    }

    @Test
    void aReferenceTheServerDidNotSubstituteIsNamed() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Property 'url' is '${MPCONFIG=db.url}': the server did"
                + " not substitute the reference (Payara resolves ${MPCONFIG=...} in activation config from"
                + " server-level sources only: system properties, environment variables, the domain's config);"
                + " set the key there, or set inbox.bad.url in the application's microprofile-config.properties"
                + " instead.",
                failure(p -> p.put("url", "${MPCONFIG=db.url}")));
    }

    @Test
    void everyProblemIsReportedAtOnce() throws Exception {
        assertEquals("Inbox subscription 'bad' cannot start: Property 'workers' is 'many': it must be a whole"
                + " number from 1 to 256 (each worker is a thread of the server and, in the row lock and advisory"
                + " forms, a connection; keep it at most the server's MDB pool size); set it within that range."
                + " Property 'pollInterval' is '1s': it must be a"
                + " positive ISO-8601 duration, for example PT1S or PT0.5S.",
                failure(p -> {
                    p.put("workers", "many");
                    p.put("pollInterval", "1s");
                }));
    }

    @Test
    void oneBadSubscriptionLeavesTheOthersWorking() throws Exception {
        Postgres.insertRows(table.name(), 20);
        try (Harness server = Harness.start()) {
            Map<String, String> bad = table.properties("bad");
            bad.put("payloadColumn", "body");
            assertThrows(ResourceException.class, () -> server.activate(message -> Outcome.ack(), bad));
            Harness.Activation good = server.activate(message -> Outcome.ack(), table.properties("good"));
            Await.until("the good subscription delivers every row", Duration.ofSeconds(30),
                    () -> good.log().committed().size() == 20);
        }
    }
}
