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

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Keys mode: what receiving each message once costs. Rows are sent through the producer by
 * {@value #SENDERS} threads (each send commits by itself) while a row lock subscription delivers
 * and deletes them, one row or a batch of {@value #BATCH} per transaction; rows/s from the first
 * send until the table is empty. With keys, each send carries a key of its own and the table has the key
 * column's unique index, which every send's insert-if-absent and every settlement's delete keep;
 * without, the same table, column and sends without the key or the index.
 */
final class Keys {

    static final int SENDERS = 4;
    static final int BATCH = 10;
    static final String PLAIN = "without keys, batch 1";
    static final String KEYED = "with keys, batch 1";
    static final String PLAIN_BATCH = "without keys, batch " + BATCH;
    static final String KEYED_BATCH = "with keys, batch " + BATCH;
    static final List<String> SUBJECTS = List.of(PLAIN, KEYED, PLAIN_BATCH, KEYED_BATCH);

    private final int rows;
    private final Busy busy;

    Keys(int rows, Busy busy) {
        this.rows = rows;
        this.busy = busy;
    }

    /**
     * @return rows per second, sent and delivered, once every row is gone, and the JVM's CPU time
     *         per row over the same time (the senders' and the subscription's)
     */
    Throughput.Measurement measure(TestDatabase db, String subject, int workers) throws Exception {
        boolean keyed = subject.startsWith("with keys");
        int batchSize = subject.endsWith("batch " + BATCH) ? BATCH : 1;
        String table = db.newTable("it_key_bench", db.inboxColumns() + ", message_key VARCHAR(200)");
        Span span = new Span(rows);
        try {
            db.execute("CREATE INDEX " + table + "_claim ON " + table + " (queue, priority, due_at, id)");
            if (keyed) {
                db.execute("CREATE UNIQUE INDEX " + table + "_key ON " + table + " (message_key)");
            }
            Map<String, String> p = busy.properties(db, "bench-keys", table, Form.ROW_LOCK, workers);
            p.put("batchSize", String.valueOf(batchSize));
            try (Harness server = Harness.start()) {
                server.activate(message -> {
                    span.delivered();
                    return Outcome.ack();
                }, p);
                InboxProducerFactory producers = producers(server, p, keyed);
                AtomicInteger next = new AtomicInteger();
                long started = System.nanoTime();
                long cpuAtStart = Span.processCpuNanos();
                Throughput.onThreads(SENDERS, () -> {
                    try (InboxProducer inbox = producers.open()) {
                        for (int i = next.getAndIncrement(); i < rows; i = next.getAndIncrement()) {
                            SendOptions options = keyed ? SendOptions.now().key("message-" + i) : SendOptions.now();
                            if (inbox.send(table, "x", options).duplicate()) {
                                throw new IllegalStateException("message-" + i + " taken for a duplicate");
                            }
                        }
                    }
                });
                Throughput.untilEmpty(db, table, span, rows);
                // Not the span's rate: a batch whose settlement fails (MariaDB's deadlocks between a batch's
                // DELETE and the inserts beside it) rolls back and is delivered again, counted twice.
                return new Throughput.Measurement(rows / ((System.nanoTime() - started) / 1e9),
                        (Span.processCpuNanos() - cpuAtStart) / 1e3 / rows, Double.NaN);
            }
        } finally {
            db.execute("DROP TABLE " + table);
        }
    }

    private static InboxProducerFactory producers(Harness server, Map<String, String> p, boolean keyed) throws Exception {
        ProducerConnectionFactory factory = new ProducerConnectionFactory();
        factory.setResourceAdapter(server.adapter());
        factory.setUrl(p.get("url"));
        factory.setUser(p.get("user"));
        factory.setPassword(p.get("password"));
        if (keyed) {
            factory.setKeyColumn("message_key");
        }
        return (InboxProducerFactory) factory.createConnectionFactory(new XaConnectionManager());
    }

    /** @return the target lines: with keys at 0.90 or more of without, each batch size */
    static String targets(Results results, List<Integer> workerCounts) {
        StringBuilder text = new StringBuilder("Target: keys cost less than 10 % of throughput (with keys at 0.90 or"
                + " more of without), with and without batches.\n\n");
        for (String database : List.of("POSTGRES", "MARIADB")) {
            for (int workers : workerCounts) {
                for (String[] pair : new String[][] {{PLAIN, KEYED}, {PLAIN_BATCH, KEYED_BATCH}}) {
                    double without = results.median(database, pair[0], workers);
                    double with = results.median(database, pair[1], workers);
                    if (Double.isNaN(without) || Double.isNaN(with)) {
                        continue;
                    }
                    double ratio = with / without;
                    text.append(String.format(Locale.ROOT, "- %s, %d workers, %s: %.2f (%s)%n", database, workers,
                            pair[1].substring("with keys, ".length()), ratio,
                            ratio >= 0.9 ? "met" : String.format(Locale.ROOT, "%.2f short", 0.9 - ratio)));
                }
            }
        }
        return text.toString();
    }
}
