package io.inboxra.bench;

import io.inboxra.dialect.Form;
import io.inboxra.harness.TestDatabase;

import java.nio.file.Files;

/**
 * Scale mode: the same deliveries from a backlog of 10,000 rows and of 1,000,000, 4 workers; then
 * again with as many settled rows retained (processed-at tables). The measurement is {@link Scale}'s.
 */
final class ScaleMode {

    private ScaleMode() {
    }

    static void run(BenchOptions o) throws Exception {
        int small = Integer.parseInt(o.smallBacklog);
        int large = Integer.parseInt(o.largeBacklog);
        Scale scale = new Scale(Integer.parseInt(o.scaleWindow), o.busy);
        StringBuilder md = new StringBuilder(String.format(java.util.Locale.ROOT, "Scale: rows/s over the first %s"
                + " deliveries, 4 workers, from a backlog of %,d rows and of %,d rows; settled rows deleted, or marked"
                + " with as many marked rows retained.%n%n| database | form | settled rows | %,d rows | %,d rows |"
                + " ratio |%n|---|---|---|---|---|---|%n", o.scaleWindow, small, large, small, large));
        for (TestDatabase db : o.databases) {
            for (boolean retained : new boolean[] {false, true}) {
                for (Form form : Form.values()) {
                    String row = Scale.row(db, form, retained, scale.measure(db, form, small, 4, retained),
                            scale.measure(db, form, large, 4, retained));
                    System.out.print(row);
                    md.append(row);
                }
            }
        }
        md.append("\nTarget: the large backlog at 0.9 or more of the small one's rate.\n");
        Files.createDirectories(o.out);
        Files.writeString(o.out.resolve("scale.md"), md.toString());
        System.out.println(md);
    }
}
