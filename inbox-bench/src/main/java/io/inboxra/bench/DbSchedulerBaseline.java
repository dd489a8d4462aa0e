package io.inboxra.bench;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerBuilder;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.inboxra.harness.TestDatabase;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;

/**
 * The second baseline: db-scheduler executing one-time tasks that do nothing, on the same
 * database with as many threads as the adapter has workers. It polls every 50 ms (the adapter's
 * busy subscriptions at most 50 ms apart), with its select-for-update strategy (lock and fetch,
 * {@code SKIP LOCKED}) where it offers it (PostgreSQL; its MariaDB support has it switched off)
 * and its default (fetch, then lock each execution by version) elsewhere, from a Hikari pool of
 * as many connections as threads plus two.
 * Each task is one row of db-scheduler's own table, deleted when it has run.
 */
final class DbSchedulerBaseline {

    static final String TABLE = "bench_scheduled_tasks";

    private DbSchedulerBaseline() {
    }

    /** db-scheduler's table (its DDL for each database), empty. */
    static void createTable(TestDatabase db) throws SQLException {
        db.execute("DROP TABLE IF EXISTS " + TABLE);
        String time = db == TestDatabase.POSTGRES ? "TIMESTAMP WITH TIME ZONE" : "TIMESTAMP(6) NULL";
        String text = db == TestDatabase.POSTGRES ? "TEXT" : "VARCHAR(100)";
        String bytes = db == TestDatabase.POSTGRES ? "BYTEA" : "BLOB";
        db.execute("CREATE TABLE " + TABLE + " (task_name " + text + " NOT NULL, task_instance " + text + " NOT NULL,"
                + " task_data " + bytes + ", execution_time " + time.replace(" NULL", "") + " NOT NULL,"
                + " picked BOOLEAN NOT NULL, picked_by " + text + ", last_success " + time + ", last_failure " + time
                + ", consecutive_failures INT, last_heartbeat " + time + ", version BIGINT NOT NULL, priority SMALLINT,"
                + " PRIMARY KEY (task_name, task_instance))");
        db.execute("CREATE INDEX " + TABLE + "_execution_time ON " + TABLE + " (execution_time)");
        db.execute("CREATE INDEX " + TABLE + "_last_heartbeat ON " + TABLE + " (last_heartbeat)");
    }

    /** {@code rows} one-time tasks, due now. */
    static void preload(TestDatabase db, int rows) throws SQLException {
        String now = db == TestDatabase.POSTGRES ? "now()" : "NOW(6)";
        db.execute("INSERT INTO " + TABLE + " (task_name, task_instance, execution_time, picked, version)"
                + " SELECT 'bench', CONCAT('task-', n), " + now + ", FALSE, 1 FROM " + db.series(rows));
    }

    /** Starts a scheduler, waits until every task has run, stops it. */
    /** @param p where to connect ({@code url}, {@code user}, {@code password}), as the adapter would */
    static void runUntilEmpty(TestDatabase db, Map<String, String> p, int threads, int rows, Span executed)
            throws Exception {
        OneTimeTask<Void> task = Tasks.oneTime("bench", Void.class)
                .execute((instance, context) -> executed.delivered());
        try (HikariDataSource pool = pool(p, threads + 2)) {
            SchedulerBuilder builder = Scheduler.create(pool, task)
                    .tableName(TABLE)
                    .threads(threads)
                    .pollingInterval(Duration.ofMillis(50));
            if (db == TestDatabase.POSTGRES) {
                builder.pollUsingLockAndFetch(0.5, 1.0);
            }
            Scheduler scheduler = builder.build();
            scheduler.start();
            try {
                Throughput.untilEmpty(db, TABLE, executed, rows);
            } finally {
                scheduler.stop();
            }
        }
    }

    private static HikariDataSource pool(Map<String, String> p, int size) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(p.get("url"));
        config.setUsername(p.get("user"));
        if (p.get("password") != null) {
            config.setPassword(p.get("password"));
        }
        config.setMaximumPoolSize(size);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        return new HikariDataSource(config);
    }
}
