package io.inboxra.soak;

import io.inboxra.soak.e2e.E2eMeter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.inboxra.soak.E2eReport.median;
import static io.inboxra.soak.E2eReport.spread;

/**
 * The throughput phase: Payara Micro ÷ the harness, {@code batchSize} 1 and 50, rounds interleaved,
 * the first one a warm-up, medians. Keeps one instance's figures for the two-instance phase.
 */
final class ThroughputPhase {

    private final E2eOptions options;
    private final BacklogMeter meter;
    private final E2eReport report;
    private final Map<String, List<Double>> oneInstance = new HashMap<>();
    private final Map<Integer, String> oneCpu = new HashMap<>();

    ThroughputPhase(E2eOptions options, BacklogMeter meter, E2eReport report) {
        this.options = options;
        this.meter = meter;
        this.report = report;
    }

    void run(PayaraInstance instance) throws Exception {
        int rounds = options.integer("rounds");
        Map<String, List<Double>> rates = new java.util.LinkedHashMap<>();
        Map<String, List<Double>> cpus = new HashMap<>();
        for (int round = 0; round <= rounds; round++) {
            for (int batch : List.of(1, 50)) {
                int rows = options.integer("rows-b" + batch);
                BacklogMeter.Measured h = meter.harness(batch, rows);
                BacklogMeter.Measured p = meter.payara(List.of(instance), batch, rows);
                System.out.printf(Locale.ROOT, "e2e: round %d batchSize %d: harness %.0f rows/s, Payara %.0f rows/s (%.2f)%s%n",
                        round, batch, h.rate(), p.rate(), p.rate() / h.rate(), round == 0 ? " (warm-up, not counted)" : "");
                if (round > 0) {
                    rates.computeIfAbsent("harness b" + batch, k -> new ArrayList<>()).add(h.rate());
                    rates.computeIfAbsent("payara b" + batch, k -> new ArrayList<>()).add(p.rate());
                    rates.computeIfAbsent("ratio b" + batch, k -> new ArrayList<>()).add(p.rate() / h.rate());
                    cpus.computeIfAbsent("harness b" + batch, k -> new ArrayList<>()).add(h.cpuMsPerKRow()[0]);
                    cpus.computeIfAbsent("payara b" + batch, k -> new ArrayList<>()).add(p.cpuMsPerKRow()[0]);
                }
            }
        }
        StringBuilder md = report.md();
        md.append("## Throughput, Payara Micro ÷ harness\n\nRow lock form, ").append(E2eMeter.WORKERS)
                .append(" workers, poll ").append(E2eMeter.BUSY_POLL).append(" to ").append(E2eMeter.BUSY_MAX_POLL)
                .append(", MDB writing nothing; backlog ").append(options.get("rows-b1")).append(" rows (batchSize 1), ")
                .append(options.get("rows-b50")).append(" rows (batchSize 50); medians of ").append(rounds)
                .append(" interleaved rounds after a warm-up round, range in brackets. CPU: the process's CPU time"
                        + " per 1,000 rows (the harness: this runner's JVM from first to last delivery; Payara: the"
                        + " server's, from the backlog's insert to the last delivery).\n\n")
                .append("| batchSize | harness rows/s | Payara rows/s | ratio | target | harness CPU ms/1k rows | Payara CPU ms/1k rows |\n|---|---|---|---|---|---|---|\n");
        for (int batch : List.of(1, 50)) {
            double ratio = median(rates.get("ratio b" + batch));
            md.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | ≥ 0.8 | %.0f | %.0f |%n", batch,
                    spread(rates.get("harness b" + batch), "%.0f"), spread(rates.get("payara b" + batch), "%.0f"),
                    spread(rates.get("ratio b" + batch), "%.2f"), median(cpus.get("harness b" + batch)),
                    median(cpus.get("payara b" + batch))));
            report.csv(String.format(Locale.ROOT, "throughput,harness batchSize %d,%.0f,rows/s", batch, median(rates.get("harness b" + batch))));
            report.csv(String.format(Locale.ROOT, "throughput,payara batchSize %d,%.0f,rows/s", batch, median(rates.get("payara b" + batch))));
            report.csv(String.format(Locale.ROOT, "throughput,payara/harness batchSize %d,%.3f,ratio", batch, ratio));
        }
        md.append('\n');
        oneInstance.putAll(rates);
        for (int batch : List.of(1, 50)) {
            oneCpu.put(batch, String.format(Locale.ROOT, "%.0f", median(cpus.get("payara b" + batch))));
        }
    }

    /** One instance's median rows/s at this {@code batchSize}, from {@link #run}. */
    double oneInstanceRate(int batch) {
        return median(oneInstance.get("payara b" + batch));
    }

    /** One instance's median CPU ms per 1,000 rows at this {@code batchSize}, formatted; "-" if not measured. */
    String oneInstanceCpu(int batch) {
        return oneCpu.getOrDefault(batch, "-");
    }
}
