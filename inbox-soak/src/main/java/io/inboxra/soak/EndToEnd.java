package io.inboxra.soak;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The end-to-end figures of issue 25, all from one run on PostgreSQL (docs/production.md,
 * "End-to-end figures"):
 *
 * <ol>
 * <li>latency in Payara Micro with {@code notifyChannel}: the runner inserts rows at {@code --rate}
 * rows/s, each with its {@code NOTIFY} in the insert's transaction, from the moment the instance
 * is ready (every subscription said it delivers rows and Payara said it is ready; nothing of the
 * application was called before): the first rows are the cold start, the rest the steady state;</li>
 * <li>throughput in Payara Micro ÷ the harness (inbox-rar's in-process container on Narayana, in this
 * JVM): the row lock form, 4 workers, the same poll, {@code batchSize} 1 and 50, an MDB that writes
 * nothing, a preloaded backlog, rows/s from the first delivery to the last; rounds interleaved, the
 * first one a warm-up, medians;</li>
 * <li>two instances ÷ one on the same tables, next to the CPU each instance used (/proc).</li>
 * </ol>
 *
 * Writes {@code e2e.md}, {@code e2e.csv} and {@code latency.csv} to {@code --out}.
 */
public final class EndToEnd {

    private static final List<Logger> QUIET = List.of(Logger.getLogger("io.inboxra"), Logger.getLogger("com.arjuna"));

    private final E2eOptions o;
    private final Path out;
    private final E2eClient client = new E2eClient();
    private final E2eReport report = new E2eReport();
    private final List<PayaraInstance> instances = new ArrayList<>();

    private EndToEnd(E2eOptions o) {
        this.o = o;
        this.out = Path.of(o.get("out"));
    }

    public static void main(String[] args) throws Exception {
        E2eOptions o = E2eOptions.parse(args);
        List<String> phases = List.of(o.get("phases").split(","));
        if (phases.contains("two") && !phases.contains("throughput")) {
            // Two instances are compared with one instance's figures, which only the throughput phase measures.
            System.err.println("--phases " + o.get("phases") + ": the phase 'two' needs 'throughput' too (two instances"
                    + " are compared with the one-instance figures it measures); add it, e.g. --phases throughput,two");
            System.exit(2);
        }
        for (Logger l : QUIET) {
            l.setLevel(Level.WARNING);
        }
        EndToEnd run = new EndToEnd(o);
        try {
            run.call();
        } finally {
            for (PayaraInstance i : run.instances) {
                i.stop();
            }
        }
        System.exit(0);
    }

    private void call() throws Exception {
        Files.createDirectories(out);
        E2eDatabase.createTables();
        report.md().append("# End-to-end figures\n\nRun ").append(LocalDateTime.now(ZoneOffset.UTC).withNano(0)).append(" UTC on PostgreSQL, ")
                .append(Runtime.getRuntime().availableProcessors()).append(" cores; options ").append(o).append(".\n\n");
        Path war = WarFile.write(Path.of(o.get("classes")), "io/inboxra/soak/e2e", out.resolve("e2e.war"), null);
        Path lib = Path.of(o.get("lib"));
        PayaraInstance first = instance(1, war, lib, Boolean.parseBoolean(o.get("diagnose")));
        List<String> phases = List.of(o.get("phases").split(","));
        BacklogMeter meter = new BacklogMeter(client);
        ThroughputPhase throughput = new ThroughputPhase(o, meter, report);
        if (phases.contains("latency")) {
            new LatencyPhase(o, client, report, out).run(first);
        } else {
            first.boot();
        }
        if (phases.contains("throughput")) {
            throughput.run(first);
        }
        if (phases.contains("two") && o.integer("instances") >= 2) {
            PayaraInstance second = instance(2, war, lib, false);
            second.boot();
            new TwoInstancesPhase(o, meter, report, throughput).run(first, second);
        }
        E2eDatabase.dropTables();
        report.write(out);
        System.out.println(report.markdown());
    }

    private PayaraInstance instance(int n, Path war, Path lib, boolean diagnose) throws Exception {
        Path dir = out.resolve("instance-" + n);
        List<String> jvm = new ArrayList<>(List.of("-De2e.url=" + E2eDatabase.URL, "-De2e.user=postgres"));
        if (diagnose) {
            jvm.add("-Xlog:class+load=info:file=" + dir.resolve("classload.log") + ":time,uptime,tid");
            jvm.add("-XX:StartFlightRecording=filename=" + dir.resolve("run.jfr") + ",settings=profile");
        }
        PayaraInstance i = new PayaraInstance(n, dir, jvm, lib.resolve("payara-micro.jar"), lib.resolve("postgresql.jar"),
                List.of("--deploy", rar().toString(), "--deploy", war.toString()), "e2e-",
                List.of("Inbox subscription 'E2eLatency' delivers rows", "Inbox subscription 'E2eBatch1' delivers rows",
                        "Inbox subscription 'E2eBatch50' delivers rows", " ready in "), null, 5);
        instances.add(i);
        return i;
    }

    /**
     * The RAR deployed: the build's, or {@code --rar} (another build's, to compare; the file is
     * copied to {@code inbox-rar.rar} so that its deployment has the same name).
     */
    private Path rar() throws java.io.IOException {
        Path built = Path.of(o.get("lib")).resolve("inbox-rar.rar");
        if (!o.has("rar")) {
            return built;
        }
        Path dir = Files.createDirectories(out.resolve("rar"));
        return Files.copy(Path.of(o.get("rar")), dir.resolve("inbox-rar.rar"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
}
