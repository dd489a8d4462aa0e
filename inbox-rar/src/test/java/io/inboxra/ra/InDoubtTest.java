package io.inboxra.ra;

import io.inboxra.dialect.Form;
import io.inboxra.harness.Await;
import io.inboxra.harness.ChildProcess;
import io.inboxra.harness.EffectWriter;
import io.inboxra.harness.Harness;
import io.inboxra.harness.Postgres;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.File;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A server that dies between the two phases of a delivery's commit leaves the adapter's branch
 * prepared and in doubt, holding its row. A later server rolls that branch back once it is
 * older than {@code inDoubtTimeout}, and the row is delivered exactly once.
 */
class InDoubtTest {

    private String table;
    private String effects;

    @AfterEach
    void cleanUp() throws SQLException {
        Postgres.execute("DROP TABLE IF EXISTS " + table);
        Postgres.execute("DROP TABLE IF EXISTS " + effects);
    }

    private long preparedBranches() throws SQLException {
        return Postgres.count("SELECT count(*) FROM pg_prepared_xacts WHERE database = current_database()");
    }

    @ParameterizedTest
    @EnumSource(value = Form.class, names = {"ROW_LOCK", "LEASE"})
    void aPreparedBranchLeftInDoubtIsRolledBackAndItsRowDeliveredOnce(Form form) throws Exception {
        table = Postgres.newInbox();
        effects = Postgres.newTable("effects", "row_id BIGINT NOT NULL");
        Postgres.execute("INSERT INTO " + table + " (payload) VALUES ('in doubt')");
        long before = preparedBranches();
        Map<String, String> p = DeliveryTest.properties(form, "in-doubt", table);
        p.put("lease", "PT2S");
        Map<String, String> args = new LinkedHashMap<>(p);
        args.put("mode", "halt-in-prepare");
        try (ChildProcess child = ChildProcess.start(args, new File("target/child-servers.log"))) {
            child.awaitExit(Duration.ofSeconds(30));
        }
        assertEquals(before + 1, preparedBranches(), "the adapter's branch is prepared and in doubt");
        assertEquals(1, Postgres.count("SELECT count(*) FROM " + table), "its row is still there");

        // The shortest timeout taken: the branch is rolled back once it is a minute old, at a check of
        // the resolver (every half timeout), so within about a minute and a half.
        p.put("inDoubtTimeout", "PT1M");
        try (Harness next = Harness.start(); EffectWriter writer = new EffectWriter(effects, ConcurrentHashMap.newKeySet())) {
            Harness.Activation mdb = next.activate(writer, p);
            Await.until("the row is delivered", Duration.ofSeconds(150),
                    () -> Postgres.count("SELECT count(*) FROM " + table) == 0);
            assertEquals(before, preparedBranches(), "the in-doubt branch was rolled back");
            assertEquals(1, Postgres.count("SELECT count(*) FROM " + effects), "the row's effect, exactly once");
            assertEquals(1, mdb.log().committed().size());
        }
    }
}
