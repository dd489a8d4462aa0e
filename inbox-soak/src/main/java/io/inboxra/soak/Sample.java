package io.inboxra.soak;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One instance's figures over one sampling interval. A value the instance could not give (it was
 * down) is {@code NaN}.
 *
 * @param time the interval's end, seconds since the producers started
 * @param throughput deliveries per second begun in the interval
 * @param p50 median latency from enqueue to {@code onMessage}, ms
 * @param p99 its 99th percentile, ms
 * @param heapAfterGc heap used after the last collections, MB
 * @param threads the JVM's live threads
 * @param connections the adapter's connections to the database (through the proxy), from {@code ss}
 * @param sent rows this instance's producer committed in the interval
 * @param sendFailures its transactions that failed in the interval
 */
record Sample(double time, int instance, double throughput, double p50, double p99, double heapAfterGc,
        double threads, double connections, double sent, double sendFailures) {

    static final String HEADER = "time_s,instance,throughput_rows_per_s,p50_ms,p99_ms,heap_after_gc_mb,threads,"
            + "adapter_connections,sent_rows,send_failures";

    /** The series the flatness check holds to its bound, and the charts draw. */
    record Metric(String name, String unit, ToDoubleFunction<Sample> value) {
    }

    static final List<Metric> METRICS = List.of(
            new Metric("throughput", "rows/s", Sample::throughput),
            new Metric("p50", "ms", Sample::p50),
            new Metric("p99", "ms", Sample::p99),
            new Metric("heap-after-gc", "MB", Sample::heapAfterGc),
            new Metric("threads", "threads", Sample::threads),
            new Metric("connections", "connections", Sample::connections));

    private static final Pattern FIELD = Pattern.compile("\"(\\w+)\":(-?[0-9.E]+)");

    /** @param json the soak application's answer ({@code Meter.readAndReset}), or null when it gave none */
    static Sample of(double time, int instance, double seconds, String json, double connections) {
        if (json == null) {
            return new Sample(time, instance, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, connections,
                    Double.NaN, Double.NaN);
        }
        java.util.Map<String, Double> f = new java.util.HashMap<>();
        Matcher m = FIELD.matcher(json);
        while (m.find()) {
            f.put(m.group(1), Double.parseDouble(m.group(2)));
        }
        double p50 = f.get("p50Ms") < 0 ? Double.NaN : f.get("p50Ms");
        double p99 = f.get("p99Ms") < 0 ? Double.NaN : f.get("p99Ms");
        return new Sample(time, instance, f.get("delivered") / seconds, p50, p99,
                f.get("heapAfterGcBytes") < 0 ? Double.NaN : f.get("heapAfterGcBytes") / (1024 * 1024), f.get("threads"), connections, f.get("sent"),
                f.get("sendFailures"));
    }

    String csv() {
        return String.format(Locale.ROOT, "%.1f,%d,%.2f,%.2f,%.2f,%.1f,%.0f,%.0f,%.0f,%.0f", time, instance, throughput,
                p50, p99, heapAfterGc, threads, connections, sent, sendFailures);
    }
}
