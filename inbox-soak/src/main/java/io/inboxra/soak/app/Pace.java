package io.inboxra.soak.app;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The producer: {@code soak.rate} rows per second from this instance, sent every 100 ms in one
 * transaction each. A tick that fails (the database down or the network half-open) loses its
 * rows, as a user's request would; what falls more than a second behind is not made up later,
 * so an outage is followed by the steady rate, not a burst. It stops for good once the runner's
 * flag file {@code soak.flags/stop} exists (a restarted instance sees it too).
 */
@Singleton
@Startup
public class Pace {

    private static final Logger LOG = Logger.getLogger(Pace.class.getName());

    @Resource
    private ManagedScheduledExecutorService scheduler;

    @EJB
    private Sender sender;

    private final double rate = Double.parseDouble(System.getProperty("soak.rate", "10"));
    private final Path stop = Path.of(System.getProperty("soak.flags", "/nonexistent"), "stop");
    private final long sequenceBase = Long.parseLong(System.getProperty("soak.instance", "0")) * 1_000_000_000L;
    private long sent;
    private long started;
    private ScheduledFuture<?> ticks;

    @PostConstruct
    void start() {
        started = System.nanoTime();
        ticks = scheduler.scheduleAtFixedRate(this::tick, 1000, 100, TimeUnit.MILLISECONDS);
        LOG.info("soak producer: " + rate + " rows/s");
    }

    @PreDestroy
    void end() {
        ticks.cancel(false);
    }

    private void tick() {
        if (Files.exists(stop)) {
            return;
        }
        double due = rate * (System.nanoTime() - started) / 1e9;
        if (due - sent > rate) {
            sent = (long) (due - rate);
        }
        int rows = (int) Math.min(1000, (long) due - sent);
        if (rows <= 0) {
            return;
        }
        try {
            sender.send(sequenceBase + sent, rows);
            Meter.sent(rows);
        } catch (RuntimeException e) {
            Meter.sendFailed();
            LOG.log(Level.WARNING, "soak producer: a send of " + rows + " rows failed: " + e);
        }
        sent += rows;
    }
}
