package io.inboxra.bench;

import io.inboxra.dialect.Form;
import io.inboxra.harness.TestDatabase;

import java.util.Map;

/**
 * The activation config of a subscription kept busy: it polls often, has a pool as large as its
 * workers, and in the lease form claims {@code leaseBatch} rows at a time.
 *
 * @param leaseBatch the lease form's {@code batchSize} (option {@code --lease-batch})
 */
record Busy(int leaseBatch) {

    Map<String, String> properties(TestDatabase db, String name, String table, Form form, int workers) {
        Map<String, String> p = db.properties(name, table, form);
        if (form == Form.LEASE) {
            p.put("batchSize", String.valueOf(leaseBatch));
        }
        p.put("workers", String.valueOf(workers));
        p.put("connections", String.valueOf(Math.max(4, workers)));
        p.put("pollInterval", "PT0.01S");
        p.put("maxPollInterval", "PT0.05S");
        return p;
    }
}
