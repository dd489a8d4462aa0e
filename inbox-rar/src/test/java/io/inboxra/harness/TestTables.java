package io.inboxra.harness;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.transaction.xa.XAException;
import javax.transaction.xa.Xid;

/**
 * The tables one test creates, each on its database, dropped after the test: a test class
 * holds one and calls {@link #dropAll()} from its {@code @AfterEach}, or opens one in a
 * try-with-resources block, where a failing drop is added to the test's own failure instead of
 * replacing it.
 */
public final class TestTables implements AutoCloseable {

    private record Created(TestDatabase db, String table) {
    }

    private record Prepared(TestDatabase db, Xid xid) {
    }

    private final List<Created> created = new ArrayList<>();
    private final List<Prepared> prepared = new ArrayList<>();

    /** @return a new inbox table with the claim-order index (see {@link TestDatabase#newInbox()}) */
    public String inbox(TestDatabase db) throws SQLException {
        return remember(db, db.newInbox());
    }

    /** @return a new table of a fresh name starting with {@code prefix} */
    public String create(TestDatabase db, String prefix, String columns) throws SQLException {
        return remember(db, db.newTable(prefix, columns));
    }

    /** @return the effects table of an MDB's own writes: one row per delivery it made */
    public String effects(TestDatabase db) throws SQLException {
        return create(db, "effects", "row_id BIGINT NOT NULL");
    }

    /** @return a dead-letter table in the shape the adapter writes */
    public String deadLetters(TestDatabase db) throws SQLException {
        return create(db, "dead", "id BIGINT PRIMARY KEY, queue " + db.text() + ", payload " + db.text()
                + ", attempts INT, reason " + db.text() + ", dead_at " + db.timestamp());
    }

    private String remember(TestDatabase db, String table) {
        created.add(new Created(db, table));
        return table;
    }

    /** @return the tables created so far on {@code db} */
    public List<String> on(TestDatabase db) {
        return created.stream().filter(c -> c.db() == db).map(Created::table).toList();
    }

    /**
     * A branch the test prepared that writes into its tables: rolled back before they are dropped if the
     * database still lists it (a test that failed left it), or the drop would wait on its locks.
     *
     * @return the branch
     */
    public Xid preparedBranch(TestDatabase db, Xid xid) {
        prepared.add(new Prepared(db, xid));
        return xid;
    }

    public void dropAll() throws SQLException {
        for (Prepared p : prepared) {
            try {
                PreparedBranches.rollBackIfPrepared(p.db(), p.xid());
            } catch (XAException e) {
                throw new SQLException("could not roll back the prepared branch " + p.xid() + " left by the test", e);
            }
        }
        prepared.clear();
        for (Created c : created) {
            try {
                c.db().execute("DROP TABLE IF EXISTS " + c.table());
            } catch (SQLException e) {
                // A drop waits for whoever still holds the table: a lock left behind is the finding, so name it.
                throw new SQLException("could not drop " + c.table() + "; open transactions then: "
                        + c.db().openTransactions(), e.getSQLState(), e);
            }
        }
        created.clear();
    }

    @Override
    public void close() throws SQLException {
        dropAll();
    }
}
