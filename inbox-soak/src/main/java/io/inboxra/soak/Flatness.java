package io.inboxra.soak;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The flatness check: after the warm-up, and away from every chaos event (from one sampling
 * interval before it began to {@code settle} after it ended), each instance's series must stay
 * within {@code tolerance} of its own median.
 */
final class Flatness {

    /** One series' result. */
    record Series(int instance, String metric, int samples, double median, double worstDeviation, boolean flat) {

        @Override
        public String toString() {
            if (samples < 3) {
                return String.format(Locale.ROOT, "instance %d %-13s not judged: %d samples away from chaos", instance,
                        metric, samples);
            }
            return String.format(Locale.ROOT, "instance %d %-13s %s: %3d samples, median %9.2f, worst %+6.1f%%",
                    instance, metric, flat ? "flat" : "NOT FLAT", samples, median, worstDeviation * 100);
        }
    }

    private Flatness() {
    }

    static List<Series> check(List<Sample> samples, List<ChaosEvent> events, SoakOptions o, int instances) {
        double warmUp = o.warmUp().toSeconds();
        double before = o.sampleEvery().toSeconds();
        double settle = o.settle().toSeconds();
        double end = o.duration().toSeconds();
        List<Series> results = new ArrayList<>();
        for (int i = 1; i <= instances; i++) {
            for (Sample.Metric metric : Sample.METRICS) {
                if (!metric.judged()) {
                    continue;
                }
                int instance = i;
                double[] values = samples.stream()
                        .filter(s -> s.instance() == instance && s.time() >= warmUp && s.time() <= end)
                        .filter(s -> events.stream().noneMatch(e -> s.time() >= e.start() - before && s.time() <= e.end() + before + settle))
                        .mapToDouble(metric.value()).filter(v -> !Double.isNaN(v)).toArray();
                if (values.length < 3) {
                    results.add(new Series(i, metric.name(), values.length, Double.NaN, 0, true));
                    continue;
                }
                double[] sorted = values.clone();
                Arrays.sort(sorted);
                double median = sorted[sorted.length / 2];
                double worst = 0;
                for (double v : values) {
                    double d = median == 0 ? (v == 0 ? 0 : 1) : (v - median) / median;
                    if (Math.abs(d) > Math.abs(worst)) {
                        worst = d;
                    }
                }
                results.add(new Series(i, metric.name(), values.length, median, worst, Math.abs(worst) <= o.tolerance()));
            }
        }
        return results;
    }
}
