package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A MariaDB server whose {@code completion_type} chains a new transaction to every {@code COMMIT},
 * or ends the session with it: the lease form's claims commit and leave their pooled connection
 * out of autocommit for the next claim, and its settlements start XA branches on it. A chained
 * transaction would fail every {@code XA START}, a released session every next statement. Exclusive:
 * the setting is the server's, for every new session.
 */
@Exclusive
@Exclusive.Uses(TestDatabase.MARIADB)
class CompletionTypeTest {

    private static final TestDatabase DB = TestDatabase.MARIADB;
    private final TestTables tables = new TestTables();

    @AfterEach
    void restore() throws SQLException {
        DB.execute("SET GLOBAL completion_type = 'NO_CHAIN'");
        tables.dropAll();
    }

    @ParameterizedTest
    @ValueSource(strings = {"CHAIN", "RELEASE"})
    void leaseClaimsAndSettlementsWorkWhateverCommitCompletes(String completion) throws Exception {
        String table = tables.inbox(DB);
        DB.insertRows(table, 20);
        DB.execute("SET GLOBAL completion_type = '" + completion + "'");
        try (Harness server = Harness.start()) {
            Map<String, String> p = DB.properties("completion", table);
            p.put("lockedUntilColumn", "locked_until");
            p.put("workers", "2");
            p.put("connections", "2");
            Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
            Await.until("the twenty rows are settled", Duration.ofSeconds(30), () -> mdb.log().committed().size() >= 20);
            List<Object> committed = mdb.log().committed();
            assertEquals(20, new HashSet<>(committed).size(), "each row settled once: " + committed);
            assertEquals(List.of(), mdb.log().rolledBack());
            assertEquals(0, DB.count("SELECT count(*) FROM " + table));
        }
    }
}
