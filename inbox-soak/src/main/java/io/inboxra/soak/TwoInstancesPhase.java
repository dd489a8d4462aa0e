package io.inboxra.soak;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.inboxra.soak.E2eReport.median;
import static io.inboxra.soak.E2eReport.spread;

/**
 * The two-instance phase: two instances ÷ one on the same tables, the same backlogs, next to the
 * CPU each instance used (/proc); one instance's figures are the throughput phase's.
 */
final class TwoInstancesPhase {

    private final E2eOptions options;
    private final BacklogMeter meter;
    private final E2eReport report;
    private final ThroughputPhase throughput;

    TwoInstancesPhase(E2eOptions options, BacklogMeter meter, E2eReport report, ThroughputPhase throughput) {
        this.options = options;
        this.meter = meter;
        this.report = report;
        this.throughput = throughput;
    }

    void run(PayaraInstance first, PayaraInstance second) throws Exception {
        int rounds = options.integer("rounds");
        Map<String, List<Double>> v = new java.util.LinkedHashMap<>();
        for (int round = 0; round <= rounds; round++) {
            for (int batch : List.of(1, 50)) {
                int rows = options.integer("rows-b" + batch);
                BacklogMeter.Measured two = meter.payara(List.of(first, second), batch, rows);
                System.out.printf(Locale.ROOT, "e2e: round %d batchSize %d: two instances %.0f rows/s, CPU ms/1k rows %.0f + %.0f%s%n",
                        round, batch, two.rate(), two.cpuMsPerKRow()[0], two.cpuMsPerKRow()[1], round == 0 ? " (warm-up)" : "");
                if (round > 0) {
                    v.computeIfAbsent("two b" + batch, k -> new ArrayList<>()).add(two.rate());
                    v.computeIfAbsent("cpu1 b" + batch, k -> new ArrayList<>()).add(two.cpuMsPerKRow()[0]);
                    v.computeIfAbsent("cpu2 b" + batch, k -> new ArrayList<>()).add(two.cpuMsPerKRow()[1]);
                }
            }
        }
        StringBuilder md = report.md();
        md.append("## Two instances ÷ one\n\nThe same backlogs, the same tables, both instances' subscriptions claiming"
                + " from them; one instance's figures are those of the throughput section above (the second instance"
                + " not yet started). CPU: each server process's CPU time (/proc) per 1,000 rows of the whole backlog,"
                + " from the backlog's insert to the last delivery. Both share the machine's cores with each other,"
                + " with PostgreSQL and with this runner.\n\n")
                .append("| batchSize | one instance rows/s | two instances rows/s | two ÷ one | CPU ms/1k rows, one instance | CPU ms/1k rows, instance 1 + instance 2 |\n|---|---|---|---|---|---|\n");
        for (int batch : List.of(1, 50)) {
            double one = throughput.oneInstanceRate(batch);
            double two = median(v.get("two b" + batch));
            md.append(String.format(Locale.ROOT, "| %d | %.0f | %s | %.2f | %s | %.0f + %.0f |%n", batch, one,
                    spread(v.get("two b" + batch), "%.0f"), two / one, throughput.oneInstanceCpu(batch),
                    median(v.get("cpu1 b" + batch)), median(v.get("cpu2 b" + batch))));
            report.csv(String.format(Locale.ROOT, "two-instances,two batchSize %d,%.0f,rows/s", batch, two));
            report.csv(String.format(Locale.ROOT, "two-instances,two/one batchSize %d,%.3f,ratio", batch, two / one));
            report.csv(String.format(Locale.ROOT, "two-instances,cpu instance 1 batchSize %d,%.0f,ms/1k rows", batch, median(v.get("cpu1 b" + batch))));
            report.csv(String.format(Locale.ROOT, "two-instances,cpu instance 2 batchSize %d,%.0f,ms/1k rows", batch, median(v.get("cpu2 b" + batch))));
        }
        md.append('\n');
    }
}
