package io.inboxra.bench;

import io.inboxra.dialect.Form;

import java.nio.file.Files;
import java.util.Map;

/**
 * Partitions mode: the claim's latency and the adapter's rows/s at a backlog of
 * {@code --large-backlog} rows on PostgreSQL, plain and partitioned, in one run ({@link PartitionScale}).
 */
final class PartitionsMode {

    private PartitionsMode() {
    }

    static void run(BenchOptions o) throws Exception {
        int large = Integer.parseInt(o.largeBacklog);
        int window = Integer.parseInt(o.scaleWindow);
        PartitionScale partitions = new PartitionScale(large, o.partitionClaims, window, o.busy);
        StringBuilder md = new StringBuilder(PartitionScale.header(large, o.partitionClaims, window));
        for (Map.Entry<Form, Map<PartitionScale.Layout, PartitionScale.Measured>> m : partitions.measure(o.forms).entrySet()) {
            md.append(PartitionScale.rows(m.getKey(), m.getValue()));
        }
        Files.createDirectories(o.out);
        Files.writeString(o.out.resolve("partitions.md"), md.toString());
        System.out.println(md);
    }
}
