package io.inboxra.soak;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

/**
 * A soak run's settings, from the command line ({@link #parse}); {@code --smoke} gives the CI smoke's.
 *
 * @param duration how long the producers send (the drain and the checks come after)
 * @param rate rows per second, all instances together
 * @param instances Payara Micro processes (2 or 3 make sense on two cores)
 * @param database {@code postgres} or {@code mariadb}
 * @param chaos the kinds of chaos event the run causes, taking turns
 * @param chaosEvery the time between two events (the first one after {@code warmUp})
 * @param halfOpenFor how long the proxy stays half-open
 * @param warmUp samples before this are not held to the flatness bound
 * @param sampleEvery the sampler's interval
 * @param settle after a chaos event ends, samples this long are not held to the flatness bound either
 * @param tolerance the flatness bound, as a fraction of each series' median
 * @param strictFlatness whether a series out of the bound fails the run (the smoke only reports it)
 * @param drain how long, after the producers stop, the inbox may take to empty and the prepared branches to end
 */
record SoakOptions(Duration duration, double rate, int instances, String database, Set<ChaosKind> chaos,
        Duration chaosEvery, Duration halfOpenFor, Duration warmUp, Duration sampleEvery, Duration settle,
        double tolerance, boolean strictFlatness, Duration drain, Path lib, Path classes, Path out) {

    static SoakOptions parse(String[] args) {
        Duration duration = Duration.ofHours(1);
        double rate = 20;
        int instances = 3;
        String database = "postgres";
        Set<ChaosKind> chaos = EnumSet.of(ChaosKind.KILL_INSTANCE, ChaosKind.KILL_BACKENDS, ChaosKind.HALF_OPEN);
        Duration chaosEvery = Duration.ofMinutes(5);
        Duration halfOpenFor = Duration.ofSeconds(30);
        Duration warmUp = Duration.ofMinutes(3);
        Duration sampleEvery = Duration.ofMinutes(1);
        Duration settle = Duration.ofSeconds(90);
        double tolerance = 0.15;
        boolean strict = true;
        Duration drain = Duration.ofMinutes(6);
        Path lib = null;
        Path classes = null;
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--smoke" -> {
                    duration = Duration.ofSeconds(100);
                    rate = 10;
                    instances = 2;
                    chaosEvery = Duration.ofSeconds(25);
                    halfOpenFor = Duration.ofSeconds(12);
                    warmUp = Duration.ofSeconds(20);
                    sampleEvery = Duration.ofSeconds(10);
                    settle = Duration.ofSeconds(20);
                    strict = false;
                    drain = Duration.ofMinutes(2);
                }
                case "--duration" -> duration = Duration.parse(args[++i]);
                case "--rate" -> rate = Double.parseDouble(args[++i]);
                case "--instances" -> instances = Integer.parseInt(args[++i]);
                case "--database" -> database = args[++i];
                case "--chaos" -> chaos = ChaosKind.parse(args[++i]);
                case "--chaos-every" -> chaosEvery = Duration.parse(args[++i]);
                case "--half-open-for" -> halfOpenFor = Duration.parse(args[++i]);
                case "--warm-up" -> warmUp = Duration.parse(args[++i]);
                case "--sample-every" -> sampleEvery = Duration.parse(args[++i]);
                case "--settle" -> settle = Duration.parse(args[++i]);
                case "--tolerance" -> tolerance = Double.parseDouble(args[++i]);
                case "--strict-flatness" -> strict = Boolean.parseBoolean(args[++i]);
                case "--drain" -> drain = Duration.parse(args[++i]);
                case "--lib" -> lib = Path.of(args[++i]);
                case "--classes" -> classes = Path.of(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("Unknown option '" + a + "'; the options are --smoke,"
                        + " --duration, --rate, --instances, --database, --chaos, --chaos-every, --half-open-for,"
                        + " --warm-up, --sample-every, --settle, --tolerance, --strict-flatness, --drain (docs/production.md)");
            }
        }
        if (!database.equals("postgres") && !database.equals("mariadb")) {
            throw new IllegalArgumentException("Option --database is '" + database + "': use postgres or mariadb");
        }
        if (instances < 1 || instances > 5) {
            throw new IllegalArgumentException("Option --instances is " + instances + ": use 1 to 5");
        }
        if (rate <= 0) {
            throw new IllegalArgumentException("Option --rate is " + rate + ": use a positive number of rows per second");
        }
        if (lib == null || classes == null || out == null) {
            throw new IllegalArgumentException("Options --lib, --classes and --out are required: run it through"
                    + " Maven, mvn -Psoak verify -pl inbox-soak (docs/production.md)");
        }
        return new SoakOptions(duration, rate, instances, database, chaos, chaosEvery, halfOpenFor, warmUp,
                sampleEvery, settle, tolerance, strict, drain, lib, classes, out);
    }
}
