package io.inboxra.bench;

import io.inboxra.dialect.Form;
import io.inboxra.harness.TestDatabase;

import java.nio.file.Files;
import java.time.Duration;

/**
 * Chaos mode: {@code --rows} rows (200,000 for the long run) per database and form ({@code --forms}), two servers,
 * one delivery in ten failing, the adapter's connections killed every second or so; every
 * row's effect exactly once. Not a speed test: the rate is printed only to size runs.
 */
final class ChaosMode {

    private ChaosMode() {
    }

    static void run(BenchOptions o) throws Exception {
        StringBuilder md = new StringBuilder("Chaos: two servers, 4 workers each, 10 % of deliveries failing after the"
                + " MDB's XA write, the adapter's connections killed about every second.\n\n| database | form | rows |"
                + " effects | duplicated | left | in doubt | kills | deliveries | seconds | exactly once |\n"
                + "|---|---|---|---|---|---|---|---|---|---|---|\n");
        boolean allOnce = true;
        for (TestDatabase db : o.databases) {
            for (Form form : o.forms) {
                io.inboxra.harness.ChaosRun.Result r = io.inboxra.harness.ChaosRun.run(db, form, o.rows, 0.1,
                        Duration.ofSeconds(1), Duration.ofHours(2));
                String row = String.format(java.util.Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %d | %d | %d | %.0f | %s |%n",
                        db, form, r.rows(), r.effects(), r.duplicated(), r.left(), r.inDoubt(), r.kills(),
                        r.deliveries(), r.seconds(), r.exactlyOnce() ? "yes" : "NO");
                System.out.print(row);
                md.append(row);
                allOnce &= r.exactlyOnce();
            }
        }
        Files.createDirectories(o.out);
        Files.writeString(o.out.resolve("chaos.md"), md.toString());
        System.out.println(md);
        if (!allOnce) {
            throw new IllegalStateException("a chaos run lost or repeated a row's effect; see " + o.out.resolve("chaos.md"));
        }
    }
}
