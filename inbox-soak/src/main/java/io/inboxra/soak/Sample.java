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
 * @param connections the subscriptions' connections to the database (workers, listener, recovery: the
 *        ones the adapter opens and replaces itself), through the proxy ({@link Connections}); on
 *        MariaDB, whose sessions carry no name, every connection of the instance through the proxy
 * @param sent rows this instance's producer committed in the interval
 * @param sendFailures its transactions that failed in the interval
 * @param producerPool the connections of the server's pool for the producer factory, through the
 *        proxy ({@code NaN} on MariaDB): the server opens, keeps and replaces them by its pool settings
 * @param proxyConnections every connection of the instance through the proxy, the two above and any
 *        the half-open proxy holds in its handshake
 */
record Sample(double time, int instance, double throughput, double p50, double p99, double heapAfterGc,
        double threads, double connections, double sent, double sendFailures, double producerPool,
        double proxyConnections) {

    static final String HEADER = "time_s,instance,throughput_rows_per_s,p50_ms,p99_ms,heap_after_gc_mb,threads,"
            + "subscription_connections,sent_rows,send_failures,producer_pool_connections,proxy_connections";

    /**
     * A series the charts draw; the flatness check holds the judged ones to its bound.
     *
     * @param judged whether the flatness check holds it to its bound: not the producer pool's, which
     *        the server sizes (docs/production.md)
     */
    record Metric(String name, String unit, ToDoubleFunction<Sample> value, boolean judged) {
    }

    static final List<Metric> METRICS = List.of(
            new Metric("throughput", "rows/s", Sample::throughput, true),
            new Metric("p50", "ms", Sample::p50, true),
            new Metric("p99", "ms", Sample::p99, true),
            new Metric("heap-after-gc", "MB", Sample::heapAfterGc, true),
            new Metric("threads", "threads", Sample::threads, true),
            new Metric("connections", "connections", Sample::connections, true),
            new Metric("producer-pool", "connections", Sample::producerPool, false));

    private static final Pattern FIELD = Pattern.compile("\"(\\w+)\":(-?[0-9.E]+)");

    /**
     * @param json the soak application's answer ({@code Meter.readAndReset}), or null when it gave none
     * @param connections the instance's connections through the proxy, or null when it is down
     */
    static Sample of(double time, int instance, double seconds, String json, Connections.Owned connections) {
        double subscriptions = connections == null ? Double.NaN : connections.subscriptions();
        double producerPool = connections == null ? Double.NaN : connections.producerPool();
        double proxy = connections == null ? Double.NaN : connections.total();
        if (json == null) {
            return new Sample(time, instance, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, subscriptions,
                    Double.NaN, Double.NaN, producerPool, proxy);
        }
        java.util.Map<String, Double> f = new java.util.HashMap<>();
        Matcher m = FIELD.matcher(json);
        while (m.find()) {
            f.put(m.group(1), Double.parseDouble(m.group(2)));
        }
        double p50 = f.get("p50Ms") < 0 ? Double.NaN : f.get("p50Ms");
        double p99 = f.get("p99Ms") < 0 ? Double.NaN : f.get("p99Ms");
        return new Sample(time, instance, f.get("delivered") / seconds, p50, p99,
                f.get("heapAfterGcBytes") < 0 ? Double.NaN : f.get("heapAfterGcBytes") / (1024 * 1024), f.get("threads"), subscriptions, f.get("sent"),
                f.get("sendFailures"), producerPool, proxy);
    }

    String csv() {
        return String.format(Locale.ROOT, "%.1f,%d,%.2f,%.2f,%.2f,%.1f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f", time, instance,
                throughput, p50, p99, heapAfterGc, threads, connections, sent, sendFailures, producerPool, proxyConnections);
    }
}
