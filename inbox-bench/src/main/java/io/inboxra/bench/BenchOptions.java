package io.inboxra.bench;

import io.inboxra.dialect.Form;
import io.inboxra.harness.TestDatabase;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The bench's settings, from the command line's {@code --name value} pairs ({@link Arguments}) over the
 * defaults docs/performance.md lists; a value that names nothing known is refused here, before anything runs.
 */
final class BenchOptions {

    final int rows;
    final int payloadBytes;
    final int repeats;
    final List<Integer> workerCounts;
    final List<TestDatabase> databases;
    final Path out;
    final List<String> modes;
    final Set<String> subjects;
    final Busy busy;
    final List<Integer> latencyRates;
    final String latencySeconds;
    final String smallBacklog;
    final String largeBacklog;
    final String scaleWindow;
    final int partitionClaims;
    final List<Form> forms;
    final int tripRows;
    final int warmUpRows;

    private static final List<String> MODES = List.of("throughput", "latency", "scale", "partitions", "writes", "keys",
            "traces", "chaos", "chart");

    BenchOptions(Map<String, String> args) {
        this.rows = Integer.parseInt(args.getOrDefault("rows", "100000"));
        this.payloadBytes = Integer.parseInt(args.getOrDefault("payload", "100"));
        this.repeats = Integer.parseInt(args.getOrDefault("repeats", "3"));
        this.workerCounts = Arguments.integers(args, "workers", "1,4,8,16");
        this.databases = List.of(args.getOrDefault("databases", "POSTGRES,MARIADB").split(",")).stream()
                .map(name -> named(TestDatabase.class, "databases", name)).toList();
        this.out = Path.of(args.getOrDefault("out", "results"));
        this.busy = new Busy(Integer.parseInt(args.getOrDefault("lease-batch", "1")));
        this.subjects = Subject.select(args.getOrDefault("subjects", String.join(",",
                Subject.all().stream().map(Subject::name).toList())));
        this.modes = List.of(args.getOrDefault("modes", "throughput").split(","));
        this.latencyRates = Arguments.integers(args, "rates", "20,200,1000");
        this.latencySeconds = args.getOrDefault("seconds", "10");
        this.smallBacklog = args.getOrDefault("small-backlog", "10000");
        this.largeBacklog = args.getOrDefault("large-backlog", "1000000");
        this.scaleWindow = args.getOrDefault("window", "5000");
        this.partitionClaims = Integer.parseInt(args.getOrDefault("claims", "2000"));
        this.forms = List.of(args.getOrDefault("forms", "ROW_LOCK,LEASE,ADVISORY").split(",")).stream()
                .map(name -> named(Form.class, "forms", name)).toList();
        this.tripRows = Integer.parseInt(args.getOrDefault("trip-rows", "2000"));
        this.warmUpRows = Integer.parseInt(args.getOrDefault("warm-up", "0"));
        for (String mode : modes) {
            if (!MODES.contains(mode)) {
                throw new IllegalArgumentException("--modes has unknown mode '" + mode + "'; the modes are "
                        + String.join(", ", MODES));
            }
        }
    }

    private static <E extends Enum<E>> E named(Class<E> type, String option, String name) {
        try {
            return Enum.valueOf(type, name.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--" + option + " has unknown value '" + name + "'; known: "
                    + String.join(", ", java.util.Arrays.stream(type.getEnumConstants()).map(Enum::name).toList()), e);
        }
    }
}
