package io.inboxra.ra;

import io.inboxra.harness.Await;
import io.inboxra.harness.Postgres;
import io.inboxra.harness.TestDatabase;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;

/** Ways to make the transaction and the database fail for real (see shared/FAULTS.md), and the checks after. */
final class Faults {

    /** How often {@code INNODB_TRX} is asked: less often than it is refreshed (see {@link #assertNoTransactionLeftOpen}). */
    private static final Duration INNODB_TRX_PACE = Duration.ofMillis(150);

    private Faults() {
    }

    /**
     * Makes every commit of an effect row matching {@code condition} (on {@code NEW}) fail at
     * prepare: a deferred constraint trigger, which PostgreSQL runs at {@code PREPARE TRANSACTION}.
     */
    static void failPrepareOfEffects(String effects, String condition) throws SQLException {
        Postgres.execute("CREATE FUNCTION " + effects + "_check() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                + " IF " + condition.replace("row_id", "NEW.row_id") + " THEN RAISE EXCEPTION 'the deferred check"
                + " refuses this effect'; END IF; RETURN NEW; END $$");
        Postgres.execute("CREATE CONSTRAINT TRIGGER " + effects + "_check AFTER INSERT ON " + effects
                + " DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION " + effects + "_check()");
    }

    /**
     * Rolls back what a test left prepared in PostgreSQL on its own tables, so no lock outlives it;
     * prepared branches of anyone else (another suite, a server's test) are left alone.
     */
    static void rollBackPreparedBranchesOn(List<String> tables) throws SQLException {
        for (String gid : preparedBranchesOn(tables)) {
            try {
                Postgres.execute("ROLLBACK PREPARED '" + gid.replace("'", "''") + "'");
            } catch (SQLException e) {
                if (!"42704".equals(e.getSQLState())) {
                    throw e;
                }
                // Finished meanwhile (by the transaction manager's retry, or the adapter's own recovery).
            }
        }
    }

    /** @return the prepared branches in PostgreSQL that hold locks on any of the tables */
    static List<String> preparedBranchesOn(List<String> tables) throws SQLException {
        return Postgres.preparedBranchesOn(tables);
    }

    /**
     * No connection of the subscription stays inside a transaction (an orphan would hold its rows for ever, so
     * the 30 s are only a bound). MariaDB's {@code INNODB_TRX} is one snapshot for the whole server, refreshed
     * only when nobody has read it for 0.1 s: it is asked every 150 ms, else its first answer (a claim open for
     * a few milliseconds as it was read) would repeat until the bound, as it did within 5 s with six test JVMs.
     */
    static void assertNoTransactionLeftOpen(TestDatabase db, String subscription) throws Exception {
        String open = db == TestDatabase.POSTGRES
                ? "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'inbox-ra:" + subscription + "'"
                        + " AND state LIKE 'idle in transaction%'"
                : "SELECT count(*) FROM information_schema.INNODB_TRX t JOIN information_schema.PROCESSLIST p"
                        + " ON p.ID = t.trx_mysql_thread_id WHERE p.USER = '"
                        + TestDatabase.mariaDbAdapterUser() + "'";
        try {
            Await.until("no transaction of the adapter's stays open", Duration.ofSeconds(30), INNODB_TRX_PACE,
                    () -> db.count(open) == 0);
        } catch (AssertionError e) {
            Thread.sleep(INNODB_TRX_PACE.toMillis());
            // Which transaction, from which statement: a repeat of a rare failure says what was left.
            throw new AssertionError(e.getMessage() + "; open now: " + db.openTransactions(), e);
        }
    }

    /** @return whether the database answers now: after a restart, it does once it is back */
    static boolean answers(TestDatabase db) {
        try {
            return db.count("SELECT 1") == 1;
        } catch (SQLException e) {
            return false;
        }
    }

    /**
     * Restarts PostgreSQL's cluster, as FAULTS.md says, stopping it in {@code mode}: {@code fast}
     * (as an upgrade or failover does) or {@code immediate} (as in a crash: no checkpoint, and what
     * the log held unflushed is lost).
     */
    static void restartPostgres(String mode) throws Exception {
        Process process = new ProcessBuilder("sh", "-c", "pg_ctlcluster --skip-systemctl-redirect -m " + mode
                + " $(ls /etc/postgresql | head -n 1) main restart").redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            throw new IllegalStateException("pg_ctlcluster -m " + mode + " restart failed: " + output);
        }
    }
}
