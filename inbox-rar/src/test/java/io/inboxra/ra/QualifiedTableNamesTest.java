package io.inboxra.ra;

import io.inboxra.Outcome;
import io.inboxra.harness.Await;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A qualified table name names one schema (PostgreSQL) or database (MariaDB) exactly: the
 * metadata lookup takes LIKE patterns, where {@code tenant_1} would also match {@code tenant11}.
 */
class QualifiedTableNamesTest {

    @ParameterizedTest
    @EnumSource(TestDatabase.class)
    void aQualifiedTableIsFoundInItsOwnSchemaNotInOneItsNameMatchesAsAPattern(TestDatabase db) throws Exception {
        String prefix = "tq" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffL);
        String mine = prefix + "_1";    // the schema the subscription names
        String other = prefix + "11";   // sorts before it, and matches 'prefix_1' as a LIKE pattern
        String keyword = db == TestDatabase.POSTGRES ? "SCHEMA" : "DATABASE";
        db.execute("CREATE " + keyword + " " + mine);
        db.execute("CREATE " + keyword + " " + other);
        try {
            for (String schema : new String[] {mine, other}) {
                db.execute("CREATE TABLE " + schema + ".jobs (" + db.inboxColumns() + ")");
                db.execute("INSERT INTO " + schema + ".jobs (payload) VALUES ('row of " + schema + "')");
            }
            try (Harness server = Harness.start()) {
                Map<String, String> p = db.properties("tenant", mine + ".jobs");
                Harness.Activation mdb = server.activate(message -> Outcome.ack(), p);
                Await.until("the tenant's row is delivered", Duration.ofSeconds(60),
                        () -> db.count("SELECT count(*) FROM " + mine + ".jobs") == 0);
                mdb.deactivate();
                assertEquals(1, mdb.log().committed().size(), "one row delivered");
                assertEquals(1, db.count("SELECT count(*) FROM " + other + ".jobs WHERE payload = 'row of " + other
                        + "'"), "the other schema's row stays where it is");
            }
        } finally {
            db.execute("DROP " + keyword + " " + mine + (db == TestDatabase.POSTGRES ? " CASCADE" : ""));
            db.execute("DROP " + keyword + " " + other + (db == TestDatabase.POSTGRES ? " CASCADE" : ""));
        }
    }
}
