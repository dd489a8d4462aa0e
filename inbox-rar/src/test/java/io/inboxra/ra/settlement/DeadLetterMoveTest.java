package io.inboxra.ra.settlement;

import io.inboxra.dialect.TableSpec;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.TestTables;
import io.inboxra.ra.connection.ClaimedRow;
import io.inboxra.ra.connection.DatabaseConnection;
import io.inboxra.ra.dialect.postgres.PostgresDialect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A lease row's move to the dead letters (a failure's record at {@code maxAttempts}, in a local
 * transaction of its own) whose row another claim takes between the move's steps: its lease ran out
 * while the delivery's settlement hung, and the new lease is written after the copy into the dead
 * letters and before the delete. Committed, the message would be both a dead letter and a live row,
 * delivered again; the move refuses, so the transaction rolls back whole. The other claim is a
 * trigger on the dead-letter table, so that it comes exactly between the steps.
 */
class DeadLetterMoveTest {

    private static final TestDatabase DB = TestDatabase.POSTGRES;

    private final TestTables tables = new TestTables();

    private String function;

    @AfterEach
    void cleanUp() throws Exception {
        tables.dropAll();
        if (function != null) {
            DB.execute("DROP FUNCTION IF EXISTS " + function + "()");
        }
    }

    @Test
    void aRowLeasedAgainBetweenTheCopyAndTheDeleteIsNeitherCopiedNorDeleted() throws Exception {
        String table = tables.inbox(DB);
        String dead = tables.deadLetters(DB);
        DB.execute("INSERT INTO " + table + " (payload, attempts, locked_until) VALUES ('poison', 2, now() + interval '30 seconds')");
        function = table + "_claimed_again";
        DB.execute("CREATE FUNCTION " + function + "() RETURNS trigger AS $$ BEGIN"
                + " UPDATE " + table + " SET locked_until = locked_until + interval '1 minute' WHERE id = NEW.id;"
                + " RETURN NEW; END $$ LANGUAGE plpgsql");
        DB.execute("CREATE TRIGGER claimed_again AFTER INSERT ON " + dead + " FOR EACH ROW EXECUTE FUNCTION "
                + table + "_claimed_again()");
        TableSpec spec = TableSpec.builder(table).lockedUntilColumn("locked_until").dueColumn("due_at")
                .attemptColumn("attempts").deadLetterTable(dead).build();
        PostgresDialect dialect = new PostgresDialect();
        DeadLetterMove move = new DeadLetterMove(Optional.empty(), Optional.of(dead), dialect.deadLetter(spec),
                Optional.empty(), true);
        ClaimedRow row = leased(table);

        try (DatabaseConnection c = DatabaseConnection.open(DB.xaDataSource(), Connection.TRANSACTION_READ_COMMITTED,
                10, dialect)) {
            SQLException refused = assertThrows(SQLException.class,
                    () -> c.inTransaction(tx -> move.move(tx, row, "failed 3 times, the limit")));
            assertTrue(refused.getMessage().contains("row " + row.id()), refused.getMessage());
        }

        assertEquals(0, DB.count("SELECT count(*) FROM " + dead), "no dead letter");
        assertEquals(1, DB.count("SELECT count(*) FROM " + table), "the row stays, the other claim's");
    }

    /** @return the row as its claim saw it: its lease the fencing token */
    private static ClaimedRow leased(String table) throws SQLException {
        try (Connection c = DB.connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT id, payload, locked_until FROM " + table)) {
            rs.next();
            byte[] payload = rs.getString(2).getBytes();
            return new ClaimedRow(rs.getLong(1), payload, payload.length, 2, rs.getObject(3), null, null);
        }
    }
}
