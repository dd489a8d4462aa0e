package io.inboxra.bench;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The results of one database as PNG bar charts (XChart): throughput as rows/s by workers, one
 * bar per subject; latency as p50 and p99 by rate, one bar per subject with and without wake-up.
 */
final class Chart {

    private Chart() {
    }

    static void write(Results results, String database, Path png) throws IOException {
        write(results, "Throughput on " + database + " (rows/s, median)", database, png);
    }

    static void write(Results results, String title, String database, Path png) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(900).height(480)
                .title(title)
                .xAxisTitle("workers (threads)").yAxisTitle("rows/s").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        // Baselines in greys, the adapter's forms in colours.
        chart.getStyler().setSeriesColors(new Color[] {new Color(90, 90, 90), new Color(170, 170, 170),
                new Color(31, 119, 180), new Color(44, 160, 44), new Color(214, 39, 40), new Color(148, 103, 189)});
        List<Integer> workers = results.workerCounts();
        if (workers.isEmpty()) {
            return; // nothing measured: XChart cannot draw an empty chart
        }
        for (String subject : results.subjects()) {
            List<Double> medians = workers.stream().map(w -> results.median(database, subject, w))
                    .map(m -> m.isNaN() ? 0.0 : m).toList();
            chart.addSeries(subject, workers.stream().map(String::valueOf).toList(), medians);
        }
        String file = png.toString();
        BitmapEncoder.saveBitmap(chart, file.substring(0, file.length() - ".png".length()), BitmapEncoder.BitmapFormat.PNG);
    }

    static void latency(LatencyResults results, String database, Path png) throws IOException {
        List<LatencyResults.Row> rows = results.rows().stream().filter(r -> r.database().equals(database)).toList();
        if (rows.isEmpty()) {
            return;
        }
        CategoryChart chart = new CategoryChartBuilder().width(900).height(480)
                .title("Latency on " + database + ", enqueue to onMessage (ms, p50 and p99 of each subject)")
                .xAxisTitle("rows/s").yAxisTitle("ms").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        List<Integer> rates = rows.stream().map(LatencyResults.Row::rate).distinct().sorted().toList();
        List<String> series = rows.stream().map(Chart::seriesName).distinct().toList();
        for (String name : series) {
            for (boolean p99 : new boolean[] {false, true}) {
                List<Double> values = rates.stream().map(rate -> rows.stream()
                        .filter(r -> r.rate() == rate && seriesName(r).equals(name)).findFirst()
                        .map(r -> p99 ? r.p99() : r.p50()).orElse(0.0)).toList();
                chart.addSeries(name + (p99 ? " p99" : " p50"), rates.stream().map(String::valueOf).toList(), values);
            }
        }
        String file = png.toString();
        BitmapEncoder.saveBitmap(chart, file.substring(0, file.length() - ".png".length()), BitmapEncoder.BitmapFormat.PNG);
    }

    private static String seriesName(LatencyResults.Row r) {
        return r.subject().name() + (r.subject().wakeUp() ? ", wake-up" : ", polling");
    }
}
