package io.inboxra.bench;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The throughput results of one database as a PNG bar chart (XChart): rows/s by workers, one bar per subject. */
final class Chart {

    private Chart() {
    }

    static void write(Results results, String database, Path png) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(900).height(480)
                .title("Throughput on " + database + " (rows/s, median)")
                .xAxisTitle("workers (threads)").yAxisTitle("rows/s").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        // Baselines in greys, the adapter's forms in colours.
        chart.getStyler().setSeriesColors(new Color[] {new Color(90, 90, 90), new Color(170, 170, 170),
                new Color(31, 119, 180), new Color(44, 160, 44), new Color(214, 39, 40), new Color(148, 103, 189)});
        List<Integer> workers = results.workerCounts();
        for (String subject : results.subjects()) {
            List<Double> medians = workers.stream().map(w -> results.median(database, subject, w))
                    .map(m -> m.isNaN() ? 0.0 : m).toList();
            chart.addSeries(subject, workers.stream().map(String::valueOf).toList(), medians);
        }
        String file = png.toString();
        BitmapEncoder.saveBitmap(chart, file.substring(0, file.length() - ".png".length()), BitmapEncoder.BitmapFormat.PNG);
    }
}
