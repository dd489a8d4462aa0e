package io.inboxra.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The soak: Payara Micro instances with the RAR and the soak WAR, the producers at a steady rate,
 * the chaos for the whole run, the samples every interval; then the producers stopped, the inbox
 * drained, and the checks: every row's effect exactly once, nothing prepared, nothing in the
 * inbox, each series flat. Writes {@code samples.csv}, {@code events.csv}, a PNG per metric and
 * {@code summary.md} to the output folder; exits 1 when a check fails (docs/production.md).
 */
public final class Soak {

    private Soak() {
    }

    public static void main(String[] args) throws Exception {
        SoakOptions o = SoakOptions.parse(args);
        boolean passed = new Run(o).call();
        System.exit(passed ? 0 : 1);
    }

    /** One run, from the clean tables to the summary. */
    private static final class Run {

        private final SoakOptions o;
        private final SoakDatabase db;
        private final List<PayaraInstance> instances = new ArrayList<>();
        private final List<Sample> samples = new ArrayList<>();
        private long t0;
        private long lastSample;
        private boolean vacuumed;

        Run(SoakOptions o) {
            this.o = o;
            this.db = new SoakDatabase(o.database());
        }

        double clock() {
            return (System.nanoTime() - t0) / 1e9;
        }

        boolean call() throws Exception {
            prepareFolder();
            System.out.printf(Locale.ROOT, "soak: %s on %s, %d instances, %.1f rows/s, chaos %s every %s%n", o.duration(),
                    o.database(), o.instances(), o.rate(), o.chaos(), o.chaosEvery());
            db.reset();
            try (HalfOpenProxy proxy = new HalfOpenProxy(db.port())) {
                startInstances(proxy);
                t0 = System.nanoTime();
                lastSample = t0;
                Path csv = o.out().resolve("samples.csv");
                Files.writeString(csv, Sample.HEADER + "\n");
                sample(proxy, csv);
                samples.clear();
                Files.writeString(csv, Sample.HEADER + "\n");
                Chaos chaos = new Chaos(o, instances, proxy, db, this::clock);
                Thread chaosThread = new Thread(chaos, "soak-chaos");
                chaosThread.start();
                while (clock() < o.duration().toSeconds()) {
                    Thread.sleep(Math.max(0, o.sampleEvery().toMillis() - (System.nanoTime() - lastSample) / 1_000_000));
                    sample(proxy, csv);
                    vacuum();
                }
                chaos.stop();
                Files.writeString(o.out().resolve("flags").resolve("stop"), "stop");
                System.out.println("soak: the producers stop; waiting for the chaos event in course and the drain");
                chaosThread.join();
                for (PayaraInstance i : instances) {
                    if (!i.alive()) {
                        i.boot();
                    }
                }
                boolean drained = drain(proxy, csv);
                return report(chaos.events(), drained);
            } finally {
                for (PayaraInstance i : instances) {
                    i.stop();
                }
            }
        }

        private void prepareFolder() throws IOException {
            Files.createDirectories(o.out());
            try (Stream<Path> old = Files.list(o.out())) {
                for (Path p : old.filter(p -> !p.getFileName().toString().equals("lib")).toList()) {
                    deleteTree(p);
                }
            }
            Files.createDirectories(o.out().resolve("flags"));
        }

        private void startInstances(HalfOpenProxy proxy) throws Exception {
            Path war = WarFile.write(o.classes(), o.out().resolve("soak.war"), db.urlThrough(proxy.port()), db.user());
            Path preboot = o.out().resolve("preboot.txt");
            // The EJB container's pool (16 core threads by default) starts all its threads when it is made, so an
            // instance's thread count is level from boot, not rising over its first hour (docs/production.md).
            List<String> commands = new ArrayList<>(List.of(
                    "set configs.config.server-config.transaction-service.automatic-recovery=true",
                    "set configs.config.server-config.ejb-container.property.prestart-all-core-threads=true"));
            commands.addAll(db.effectsPoolCommands());
            Files.writeString(preboot, String.join("\n", commands) + "\n");
            Path driver = o.lib().resolve(db.postgres() ? "postgresql.jar" : "mariadb-java-client.jar");
            for (int n = 1; n <= o.instances(); n++) {
                List<String> jvm = List.of("-Dsoak.url=" + db.urlThrough(proxy.port()), "-Dsoak.user=" + db.user(),
                        String.format(Locale.ROOT, "-Dsoak.rate=%.3f", o.rate() / o.instances()),
                        "-Dsoak.flags=" + o.out().resolve("flags"), "-Dsoak.instance=" + n);
                instances.add(new PayaraInstance(n, o.out().resolve("instance-" + n), jvm, o.lib().resolve("payara-micro.jar"),
                        driver, List.of("--prebootcommandfile", preboot.toString(),
                                "--deploy", o.lib().resolve("inbox-rar.rar").toString(), "--deploy", war.toString())));
            }
            List<Thread> boots = new ArrayList<>();
            List<Exception> failures = new ArrayList<>();
            for (PayaraInstance i : instances) {
                Thread t = new Thread(() -> {
                    try {
                        i.boot();
                        System.out.println("soak: instance " + i.number + " runs (pid " + i.pid() + ")");
                    } catch (Exception e) {
                        synchronized (failures) {
                            failures.add(e);
                        }
                    }
                });
                t.start();
                boots.add(t);
            }
            for (Thread t : boots) {
                t.join();
            }
            if (!failures.isEmpty()) {
                throw failures.get(0);
            }
        }

        /** As autovacuum would, where the database's is off ({@link SoakDatabase#vacuumWithoutAutovacuum}). */
        private void vacuum() {
            try {
                if (db.vacuumWithoutAutovacuum() && !vacuumed) {
                    vacuumed = true;
                    System.out.println("soak: the database's autovacuum is off: the soak vacuums its tables after each sample");
                }
            } catch (SQLException e) {
                // During a database restart, say; the next sample's vacuum tries again.
                System.out.println("soak: vacuum failed: " + e.getMessage());
            }
        }

        private void sample(HalfOpenProxy proxy, Path csv) throws IOException {
            long now = System.nanoTime();
            double seconds = (now - lastSample) / 1e9;
            lastSample = now;
            Map<Long, Connections.Owned> connections = Connections.byProcess(proxy, db);
            StringBuilder lines = new StringBuilder();
            StringBuilder console = new StringBuilder(String.format(Locale.ROOT, "soak: %6.0f s", clock()));
            for (PayaraInstance i : instances) {
                String json = i.alive() ? i.sample().orElse(null) : null;
                Sample s = Sample.of(clock(), i.number, seconds, json,
                        i.alive() ? connections.getOrDefault(i.pid(), Connections.Owned.NONE) : null);
                samples.add(s);
                lines.append(s.csv()).append('\n');
                console.append(String.format(Locale.ROOT, " | #%d %.1f/s p50 %.1f p99 %.1f ms heap %.0f MB %.0f thr %.0f conn",
                        i.number, s.throughput(), s.p50(), s.p99(), s.heapAfterGc(), s.threads(), s.connections()));
                if (!Double.isNaN(s.producerPool())) {
                    console.append(String.format(Locale.ROOT, " (+%.0f producer pool)", s.producerPool()));
                }
            }
            Files.writeString(csv, lines.toString(), java.nio.file.StandardOpenOption.APPEND);
            System.out.println(console);
        }

        /** @return whether the inbox emptied and no branch of the run stayed prepared within the drain's time */
        private boolean drain(HalfOpenProxy proxy, Path csv) throws Exception {
            long deadline = System.currentTimeMillis() + o.drain().toMillis();
            while (System.currentTimeMillis() < deadline) {
                long unsettled = db.unsettled();
                List<String> prepared = db.preparedSinceStart();
                System.out.printf(Locale.ROOT, "soak: drain: %d rows unsettled, %d branches prepared%n", unsettled, prepared.size());
                if (unsettled == 0 && prepared.isEmpty()) {
                    Thread.sleep(3000);
                    return db.unsettled() == 0 && db.preparedSinceStart().isEmpty();
                }
                Thread.sleep(5000);
            }
            return false;
        }

        private boolean report(List<ChaosEvent> events, boolean drained) throws Exception {
            List<SoakDatabase.Verdict> verdicts = db.verdicts();
            List<String> prepared = db.preparedSinceStart();
            List<Flatness.Series> flatness = Flatness.check(samples, events, o, o.instances());
            Files.writeString(o.out().resolve("events.csv"), "start_s,end_s,kind,detail\n"
                    + events.stream().map(ChaosEvent::csv).collect(Collectors.joining("\n")) + "\n");
            SoakCharts.write(samples, events, o.instances(), "Soak on " + o.database(), o.out());
            boolean exactlyOnce = verdicts.stream().allMatch(SoakDatabase.Verdict::exactlyOnce);
            boolean flat = flatness.stream().allMatch(Flatness.Series::flat);
            StringBuilder md = new StringBuilder();
            md.append(String.format(Locale.ROOT, "# Soak on %s: %s, %d instances, %.1f rows/s%n%n", o.database(),
                    o.duration(), o.instances(), o.rate()));
            md.append("Chaos: ").append(o.chaos().stream().map(k -> k.option).collect(Collectors.joining(", ")))
                    .append(", every ").append(o.chaosEvery()).append("; ").append(events.size()).append(" events.\n\n");
            md.append("## End of the run\n\n");
            for (SoakDatabase.Verdict v : verdicts) {
                md.append("- ").append(v.exactlyOnce() ? "PASS " : "FAIL ").append(v).append('\n');
            }
            md.append("- ").append(prepared.isEmpty() ? "PASS " : "FAIL ").append(prepared.size())
                    .append(" branches of the run prepared or in doubt").append(prepared.isEmpty() ? "" : ": " + prepared).append('\n');
            md.append("- ").append(drained ? "PASS " : "FAIL ").append("the inbox drained within ")
                    .append(o.drain()).append(" after the producers stopped\n\n");
            md.append(String.format(Locale.ROOT, "## Flatness (after %s, away from chaos events: within %.0f %% of each median)%n%n",
                    o.warmUp(), o.tolerance() * 100));
            md.append(flat ? "Every series judged is flat.\n\n" : "Series out of the bound: "
                    + flatness.stream().filter(s -> !s.flat()).map(s -> "instance " + s.instance() + " " + s.metric())
                            .collect(Collectors.joining(", ")) + (o.strictFlatness() ? "" : " (reported, not failed: --strict-flatness false)") + "\n\n");
            md.append("```\n");
            flatness.forEach(s -> md.append(s).append('\n'));
            md.append("```\n\n## Chaos events\n\n| start (s) | whole again (s) | event | detail |\n|---|---|---|---|\n");
            for (ChaosEvent e : events) {
                md.append(String.format(Locale.ROOT, "| %.0f | %.0f | %s | %s |%n", e.start(), e.end(), e.kind().option, e.detail()));
            }
            Files.writeString(o.out().resolve("summary.md"), md.toString());
            System.out.println(md);
            return exactlyOnce && prepared.isEmpty() && drained && (flat || !o.strictFlatness());
        }

        private static void deleteTree(Path p) throws IOException {
            if (!Files.exists(p)) {
                return;
            }
            try (Stream<Path> walk = Files.walk(p)) {
                for (Path q : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(q);
                }
            }
        }
    }
}
