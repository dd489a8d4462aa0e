package io.inboxra.bench;

import io.inboxra.Outcome;
import io.inboxra.dialect.Form;
import io.inboxra.harness.Harness;
import io.inboxra.harness.TestDatabase;
import io.inboxra.harness.XaConnectionManager;
import io.inboxra.producer.InboxProducer;
import io.inboxra.producer.InboxProducerFactory;
import io.inboxra.producer.SendOptions;
import io.inboxra.ra.outbound.ProducerConnectionFactory;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Traces mode: what tracing across the inbox costs. As the keys mode ({@link Keys}): rows sent
 * through the producer by {@value Keys#SENDERS} threads (each send commits by itself, each under
 * a span of the sending application's own, on both sides) while a row lock subscription
 * delivers and deletes them, one row or a batch of {@value Keys#BATCH} per transaction; rows/s
 * from the first send until the table is empty. With traces: the producer factory and the
 * subscription name the trace column, so each send stores its context and each delivery is a
 * span, through the OpenTelemetry SDK with a batch processor and an exporter that drops what it
 * is given (the SDK's cost, not a collector's); without: the same table and SDK, no
 * {@code traceColumn}.
 */
final class Traces {

    static final String PLAIN = "without traces, batch 1";
    static final String TRACED = "with traces, batch 1";
    static final String PLAIN_BATCH = "without traces, batch " + Keys.BATCH;
    static final String TRACED_BATCH = "with traces, batch " + Keys.BATCH;
    static final List<String> SUBJECTS = List.of(PLAIN, TRACED, PLAIN_BATCH, TRACED_BATCH);

    private final int rows;
    private final Busy busy;
    private final Tracer tracer;

    Traces(int rows, Busy busy) {
        this.rows = rows;
        this.busy = busy;
        GlobalOpenTelemetry.resetForTest();
        OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder()
                .addSpanProcessor(BatchSpanProcessor.builder(new Dropped()).build()).build()).build();
        GlobalOpenTelemetry.set(sdk);
        tracer = sdk.getTracer("inbox-bench");
    }

    /** An exporter that exports nothing: the cost measured is the adapter's and the SDK's. */
    private static final class Dropped implements SpanExporter {
        @Override
        public CompletableResultCode export(Collection<SpanData> spans) {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }

    /**
     * @return rows per second, sent and delivered, once every row is gone, and the JVM's CPU time
     *         per row over the same time (the senders' and the subscription's)
     */
    Throughput.Measurement measure(TestDatabase db, String subject, int workers) throws Exception {
        boolean traced = subject.startsWith("with traces");
        int batchSize = subject.endsWith("batch " + Keys.BATCH) ? Keys.BATCH : 1;
        String table = db.newTable("trc_bench", db.inboxColumns() + ", trace_context VARCHAR(600)");
        io.inboxra.bench.Span span = new io.inboxra.bench.Span(rows);
        try {
            db.execute("CREATE INDEX " + table + "_claim ON " + table + " (queue, priority, due_at, id)");
            Map<String, String> p = busy.properties(db, "bench-traces", table, Form.ROW_LOCK, workers);
            p.put("batchSize", String.valueOf(batchSize));
            if (traced) {
                p.put("traceColumn", "trace_context");
            }
            try (Harness server = Harness.start()) {
                server.activate(message -> {
                    span.delivered();
                    return Outcome.ack();
                }, p);
                InboxProducerFactory producers = producers(server, p, traced);
                AtomicInteger next = new AtomicInteger();
                long started = System.nanoTime();
                long cpuAtStart = io.inboxra.bench.Span.processCpuNanos();
                Throughput.onThreads(Keys.SENDERS, () -> {
                    try (InboxProducer inbox = producers.open()) {
                        for (int i = next.getAndIncrement(); i < rows; i = next.getAndIncrement()) {
                            Span send = tracer.spanBuilder("send").startSpan();
                            try (Scope ignored = send.makeCurrent()) {
                                inbox.send(table, "x", SendOptions.now());
                            } finally {
                                send.end();
                            }
                        }
                    }
                });
                Throughput.untilEmpty(db, table, span, rows);
                return new Throughput.Measurement(rows / ((System.nanoTime() - started) / 1e9),
                        (io.inboxra.bench.Span.processCpuNanos() - cpuAtStart) / 1e3 / rows, Double.NaN);
            }
        } finally {
            db.execute("DROP TABLE " + table);
        }
    }

    private static InboxProducerFactory producers(Harness server, Map<String, String> p, boolean traced) throws Exception {
        ProducerConnectionFactory factory = new ProducerConnectionFactory();
        factory.setResourceAdapter(server.adapter());
        factory.setUrl(p.get("url"));
        factory.setUser(p.get("user"));
        factory.setPassword(p.get("password"));
        if (traced) {
            factory.setTraceColumn("trace_context");
        }
        return (InboxProducerFactory) factory.createConnectionFactory(new XaConnectionManager());
    }

    /**
     * Runs every subject on each database: once unrecorded (a warm-up), then {@code repeats}
     * times, interleaved, every other run in the opposite order; writes traces.md and traces.csv.
     */
    void run(List<TestDatabase> databases, List<Integer> workerCounts, int repeats, int payloadBytes, Path out)
            throws Exception {
        Results results = new Results(rows, payloadBytes);
        for (TestDatabase db : databases) {
            for (String subject : SUBJECTS) {
                measure(db, subject, workerCounts.get(0));
            }
            for (int repeat = 1; repeat <= repeats; repeat++) {
                for (int workers : workerCounts) {
                    List<String> order = new ArrayList<>(SUBJECTS);
                    if (repeat % 2 == 0) {
                        Collections.reverse(order);
                    }
                    for (String subject : order) {
                        Throughput.Measurement m = measure(db, subject, workers);
                        results.add(new Results.Sample(db.name(), subject, workers, repeat, m.rate(),
                                m.cpuMicrosPerRow(), Double.NaN));
                        System.out.printf("%s %s, %d workers, run %d: %.0f rows/s, %.0f CPU us/row%n", db, subject,
                                workers, repeat, m.rate(), m.cpuMicrosPerRow());
                    }
                }
            }
        }
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "Traces: %,d rows sent through the producer by"
                + " %d threads (each send commits by itself, under a span of the sender's own) while a row lock"
                + " subscription delivers and deletes them; rows/s from the first send until the table is empty,"
                + " medians of %d runs, range in brackets. With traces: traceColumn on the producer factory and the"
                + " subscription, the OpenTelemetry SDK with a batch span processor and an exporter that drops"
                + " the spans; without: the same SDK, no traceColumn. JVM CPU: the process's CPU time (senders,"
                + " subscription, SDK, collector and compiler) per row over the same time, the steadier figure on a"
                + " shared machine.%n%n"
                + "| database | subject | workers | rows/s | with traces ÷ without | JVM CPU µs/row | CPU with ÷ without |%n"
                + "|---|---|---|---|---|---|---|%n",
                rows, Keys.SENDERS, repeats));
        StringBuilder targets = new StringBuilder("Target: tracing costs less than 10 % of throughput (with traces at"
                + " 0.90 or more of without), with and without batches.\n\n");
        for (String database : results.databases()) {
            for (int workers : workerCounts) {
                for (String subject : SUBJECTS) {
                    double median = results.median(database, subject, workers);
                    if (Double.isNaN(median)) {
                        continue;
                    }
                    String ratio = "";
                    String cpuRatio = "";
                    if (subject.startsWith("with traces")) {
                        cpuRatio = String.format(Locale.ROOT, "%.2f", results.cpu(database, subject, workers)
                                / results.cpu(database, subject.replace("with traces", "without traces"), workers));
                        double r = median / results.median(database, subject.replace("with traces", "without traces"),
                                workers);
                        ratio = String.format(Locale.ROOT, "%.2f", r);
                        targets.append(String.format(Locale.ROOT, "- %s, %d workers, %s: %.2f (%s)%n", database, workers,
                                subject.substring("with traces, ".length()), r,
                                r >= 0.9 ? "met" : String.format(Locale.ROOT, "%.2f short", 0.9 - r)));
                    }
                    md.append(String.format(Locale.ROOT, "| %s | %s | %d | %.0f [%s] | %s | %.0f | %s |%n", database,
                            subject, workers, median, results.range(database, subject, workers), ratio,
                            results.cpu(database, subject, workers), cpuRatio));
                }
            }
        }
        md.append('\n').append(targets);
        Files.createDirectories(out);
        Files.writeString(out.resolve("traces.md"), md.toString());
        Files.writeString(out.resolve("traces.csv"), results.csv());
        System.out.println(md);
    }
}
