package io.inboxra.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The end-to-end run's report, built up by the phases: the markdown of {@code e2e.md} and the lines of {@code e2e.csv}. */
final class E2eReport {

    private final List<String> csv = new ArrayList<>(List.of("section,case,value,unit"));
    private final StringBuilder md = new StringBuilder();

    /** The markdown so far, for a phase to append its section to. */
    StringBuilder md() {
        return md;
    }

    void csv(String line) {
        csv.add(line);
    }

    /** One measure, as a row of the section's table and a line of the CSV. */
    void row(String section, String what, double value, String unit, String target) {
        md.append(String.format(Locale.ROOT, "| %s | %.1f | %s |%n", what, value, target));
        csv.add(String.format(Locale.ROOT, "%s,%s,%.3f,%s", section, what, value, unit));
    }

    void write(Path out) throws IOException {
        Files.writeString(out.resolve("e2e.csv"), String.join("\n", csv) + "\n");
        Files.writeString(out.resolve("e2e.md"), md.toString());
    }

    String markdown() {
        return md.toString();
    }

    /** The median, and the range in brackets, each in format {@code f}. */
    static String spread(List<Double> v, String f) {
        List<Double> s = v.stream().sorted().toList();
        return String.format(Locale.ROOT, f + " [" + f + "–" + f + "]", median(v), s.get(0), s.get(s.size() - 1));
    }

    static double median(List<Double> v) {
        List<Double> s = v.stream().sorted().toList();
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }
}
