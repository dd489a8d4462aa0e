package io.inboxra.soak;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.DoubleSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The run's chaos, on a thread of its own: from the end of the warm-up, every {@code chaosEvery},
 * the next of the kinds asked for, in turn (a database restart only once), one at a time, until
 * the producers stop. Each event is recorded with when it began and when the system was whole
 * again.
 */
final class Chaos implements Runnable {

    private static final Logger LOG = Logger.getLogger(Chaos.class.getName());

    private final SoakOptions options;
    private final List<PayaraInstance> instances;
    private final HalfOpenProxy proxy;
    private final SoakDatabase database;
    private final DoubleSupplier clock;
    private final List<ChaosEvent> events = new ArrayList<>();
    private final Random random = new Random();
    private volatile boolean stopped;

    Chaos(SoakOptions options, List<PayaraInstance> instances, HalfOpenProxy proxy, SoakDatabase database,
            DoubleSupplier clock) {
        this.options = options;
        this.instances = instances;
        this.proxy = proxy;
        this.database = database;
        this.clock = clock;
    }

    synchronized List<ChaosEvent> events() {
        return List.copyOf(events);
    }

    void stop() {
        stopped = true;
    }

    @Override
    public void run() {
        List<ChaosKind> turns = new ArrayList<>(options.chaos());
        if (turns.isEmpty()) {
            return;
        }
        Set<ChaosKind> done = EnumSet.noneOf(ChaosKind.class);
        double next = options.warmUp().toSeconds();
        int turn = 0;
        while (!stopped) {
            if (clock.getAsDouble() < next) {
                sleep(200);
                continue;
            }
            if (clock.getAsDouble() > options.duration().toSeconds() - 5) {
                return;
            }
            ChaosKind kind = turns.get(turn++ % turns.size());
            if (kind == ChaosKind.DB_RESTART && done.contains(kind)) {
                continue;
            }
            done.add(kind);
            try {
                cause(kind);
            } catch (Exception e) {
                LOG.log(Level.SEVERE, "soak: the chaos event " + kind.option + " failed", e);
                record(new ChaosEvent(kind, "failed: " + e, clock.getAsDouble(), clock.getAsDouble()));
            }
            next += options.chaosEvery().toSeconds();
        }
    }

    private void cause(ChaosKind kind) throws Exception {
        double start = clock.getAsDouble();
        String detail;
        switch (kind) {
            case KILL_INSTANCE -> {
                List<PayaraInstance> alive = instances.stream().filter(PayaraInstance::alive).toList();
                PayaraInstance victim = alive.get(random.nextInt(alive.size()));
                log("kill -9 instance " + victim.number + " (pid " + victim.pid() + ")");
                victim.kill();
                sleep(5000);
                victim.boot();
                detail = "instance " + victim.number + " killed, restarted on its root folder";
            }
            case KILL_BACKENDS -> {
                int killed = database.killBackends(proxy.backendPorts());
                detail = killed + " adapter sessions ended";
            }
            case HALF_OPEN -> {
                int cut = proxy.halfOpen();
                log("the proxy is half-open (" + cut + " connections cut off) for " + options.halfOpenFor());
                sleep(options.halfOpenFor().toMillis());
                proxy.heal();
                detail = cut + " connections cut off for " + options.halfOpenFor().toSeconds() + " s";
            }
            case DB_RESTART -> {
                log("restarting the database");
                database.restart();
                detail = "database restarted";
            }
            default -> throw new IllegalStateException(kind.toString());
        }
        ChaosEvent e = new ChaosEvent(kind, detail, start, clock.getAsDouble());
        record(e);
        log(String.format(java.util.Locale.ROOT, "chaos at %.0f s: %s, %s (whole again at %.0f s)", e.start(), kind.option,
                detail, e.end()));
    }

    private synchronized void record(ChaosEvent e) {
        events.add(e);
    }

    private static void log(String line) {
        System.out.println("soak: " + line);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
