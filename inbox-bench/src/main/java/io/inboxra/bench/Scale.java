package io.inboxra.bench;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;

import java.util.Locale;
import java.util.Map;

/**
 * Scale mode: how the cost of a delivery grows with the table. The same number of rows is
 * delivered from a small backlog and from a large one; the ratio of the two rates shows it.
 */
final class Scale {

    private final int window;
    private final Busy busy;

    Scale(int window, Busy busy) {
        this.window = window;
        this.busy = busy;
    }

    /**
     * @param retained whether the table also holds as many settled rows, marked by {@code processed_at}
     *        and older than the backlog (the subscription then marks rows instead of deleting them)
     * @return rows per second over the first {@code window} deliveries from a table of {@code backlog} rows
     */
    double measure(TestDatabase db, Form form, int backlog, int workers, boolean retained) throws Exception {
        String table = db.newInbox();
        try {
            if (retained) {
                // The index the README advises for processed-at tables, by which claims skip the marked rows:
                // PostgreSQL takes no order from an IS NULL prefix, so there a partial index.
                db.execute("CREATE INDEX " + table + "_unprocessed ON " + table + (db == TestDatabase.POSTGRES
                        ? " (id) WHERE processed_at IS NULL" : " (processed_at, id)"));
                db.execute("INSERT INTO " + table + " (payload, processed_at) SELECT REPEAT('x', 100), "
                        + db.minutesAgo("1") + " FROM " + db.series(backlog));
            }
            db.execute("INSERT INTO " + table + " (payload) SELECT REPEAT('x', 100) FROM " + db.series(backlog));
            Span delivered = new Span(window);
            Map<String, String> p = busy.properties(db, "scale", table, form, workers);
            if (retained) {
                p.put("processedAtColumn", "processed_at");
            }
            try (Harness server = Harness.start()) {
                server.activate(message -> {
                    delivered.delivered();
                    return Outcome.ack();
                }, p);
                while (delivered.count() < window) {
                    Thread.sleep(5);
                }
                return delivered.rate();
            }
        } finally {
            db.execute("DROP TABLE " + table);
        }
    }

    static String row(TestDatabase db, Form form, boolean retained, double small, double large) {
        return String.format(Locale.ROOT, "| %s | %s | %s | %.0f | %.0f | %.2f |%n", db, form.name().toLowerCase(),
                retained ? "marked, as many retained" : "deleted", small, large, large / small);
    }
}
