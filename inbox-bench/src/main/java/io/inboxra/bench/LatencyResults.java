package io.inboxra.bench;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The latency mode's percentiles, by database, subject, wake-up and rate: as Markdown with the
 * ratio of each p50 to the plain-JDBC baseline's in the same run (same rate, same wake-up), as
 * CSV, and the targets with how far each is.
 */
final class LatencyResults {

    /** Target with wake-up on PostgreSQL at 20 rows/s, in milliseconds. */
    static final double P50_TARGET = 5;
    static final double P99_TARGET = 20;
    static final int TARGET_RATE = 20;

    record Row(String database, Latency.Subject subject, int rate, long rows, double p50, double p95, double p99) {
    }

    private final List<Row> rows = new ArrayList<>();

    Row add(String database, Latency.Subject subject, int rate, Histogram h) {
        Row row = new Row(database, subject, rate, h.getTotalCount(), h.getValueAtPercentile(50) / 1000.0,
                h.getValueAtPercentile(95) / 1000.0, h.getValueAtPercentile(99) / 1000.0);
        rows.add(row);
        return row;
    }

    /** @return the results a run wrote as {@link #csv()}, for the charts to be drawn again */
    static LatencyResults fromCsv(String csv) {
        LatencyResults results = new LatencyResults();
        csv.lines().skip(1).filter(line -> !line.isBlank()).forEach(line -> {
            String[] f = line.split(",");
            io.inboxra.dialect.Form form = f[1].equals("plain JDBC") ? null
                    : io.inboxra.dialect.Form.valueOf(f[1].toUpperCase(Locale.ROOT).replace(' ', '_'));
            results.rows.add(new Row(f[0], new Latency.Subject(form, Boolean.parseBoolean(f[2])), Integer.parseInt(f[3]),
                    Long.parseLong(f[4]), Double.parseDouble(f[5]), Double.parseDouble(f[6]), Double.parseDouble(f[7])));
        });
        return results;
    }

    List<Row> rows() {
        return List.copyOf(rows);
    }

    String markdown() {
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "Latency: enqueue to onMessage, 4 workers;"
                + " milliseconds. Polling only: pollInterval %s up to %s, autocommitted inserts. Wake-up:"
                + " notifyChannel, the insert and its NOTIFY in one transaction, pollInterval %s up to %s (the"
                + " defaults). The last column is p50 over the plain-JDBC baseline's p50 in the same case.%n%n"
                + "| database | subject | wake-up | rows/s | rows | p50 | p95 | p99 | p50 / plain JDBC |%n"
                + "|---|---|---|---|---|---|---|---|---|%n", Latency.POLL, Latency.MAX_POLL, Latency.WAKE_POLL,
                Latency.WAKE_MAX_POLL));
        rows.forEach(r -> md.append(line(r)));
        return md.toString();
    }

    String line(Row r) {
        return String.format(Locale.ROOT, "| %s | %s | %s | %d | %d | %.1f | %.1f | %.1f | %s |%n", r.database(),
                r.subject().name(), r.subject().wakeUp() ? "yes" : "no", r.rate(), r.rows(), r.p50(), r.p95(),
                r.p99(), ratio(r));
    }

    private String ratio(Row r) {
        return rows.stream()
                .filter(b -> b.subject().form() == null && b.subject().wakeUp() == r.subject().wakeUp()
                        && b.database().equals(r.database()) && b.rate() == r.rate())
                .findFirst()
                .map(b -> String.format(Locale.ROOT, "%.2f", r.p50() / b.p50()))
                .orElse("–");
    }

    String csv() {
        StringBuilder csv = new StringBuilder("database,subject,wake_up,rate,rows,p50_ms,p95_ms,p99_ms\n");
        rows.forEach(r -> csv.append(String.format(Locale.ROOT, "%s,%s,%s,%d,%d,%.3f,%.3f,%.3f%n", r.database(),
                r.subject().name(), r.subject().wakeUp(), r.rate(), r.rows(), r.p50(), r.p95(), r.p99())));
        return csv.toString();
    }

    /** @return each form's wake-up at 20 rows/s on PostgreSQL against the targets, with how far each is */
    String targets() {
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT, "Targets with wake-up on PostgreSQL at %d"
                + " rows/s: p50 <= %.0f ms, p99 <= %.0f ms.%n%n", TARGET_RATE, P50_TARGET, P99_TARGET));
        rows.stream()
                .filter(r -> r.database().equals("POSTGRES") && r.subject().wakeUp() && r.rate() == TARGET_RATE)
                .forEach(r -> t.append(String.format(Locale.ROOT, "- %s: p50 %.1f ms (%s), p99 %.1f ms (%s)%n",
                        r.subject().name(), r.p50(), far(r.p50(), P50_TARGET), r.p99(), far(r.p99(), P99_TARGET))));
        return t.toString();
    }

    private static String far(double measured, double target) {
        return measured <= target
                ? String.format(Locale.ROOT, "met, %.1f ms under", target - measured)
                : String.format(Locale.ROOT, "MISSED by %.1f ms, %.1fx the target", measured - target, measured / target);
    }
}
