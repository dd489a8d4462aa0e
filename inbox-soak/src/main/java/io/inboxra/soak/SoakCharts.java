package io.inboxra.soak;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** One PNG per metric (XChart): a line per instance over the run's minutes, a grey bar at each chaos event. */
final class SoakCharts {

    private static final Color[] INSTANCES = {new Color(31, 119, 180), new Color(214, 39, 40), new Color(44, 160, 44),
        new Color(148, 103, 189), new Color(255, 127, 14)};

    private SoakCharts() {
    }

    static void write(List<Sample> samples, List<ChaosEvent> events, int instances, String title, Path dir)
            throws IOException {
        for (Sample.Metric metric : Sample.METRICS) {
            XYChart chart = new XYChartBuilder().width(1000).height(360)
                    .title(title + ": " + metric.name() + " per instance")
                    .xAxisTitle("minutes").yAxisTitle(metric.unit()).build();
            chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
            chart.getStyler().setChartBackgroundColor(Color.WHITE);
            chart.getStyler().setMarkerSize(3);
            double max = 0;
            int drawn = 0;
            for (int i = 1; i <= instances; i++) {
                int instance = i;
                List<Sample> mine = samples.stream().filter(s -> s.instance() == instance)
                        .filter(s -> !Double.isNaN(metric.value().applyAsDouble(s))).toList();
                if (mine.isEmpty()) {
                    continue;
                }
                double[] x = mine.stream().mapToDouble(s -> s.time() / 60).toArray();
                double[] y = mine.stream().mapToDouble(metric.value()).toArray();
                for (double v : y) {
                    max = Math.max(max, v);
                }
                drawn++;
                XYSeries series = chart.addSeries("instance " + i, x, y);
                series.setLineColor(INSTANCES[(i - 1) % INSTANCES.length]);
                series.setMarkerColor(INSTANCES[(i - 1) % INSTANCES.length]);
            }
            if (drawn == 0) {
                // No values at all (the producer pool on MariaDB, whose sessions carry no name): no chart.
                continue;
            }
            int n = 0;
            for (ChaosEvent e : events) {
                n++;
                XYSeries bar = chart.addSeries(n == 1 ? "chaos events" : "chaos " + n + ": " + e.kind().option,
                        new double[] {e.start() / 60, e.start() / 60, e.end() / 60, e.end() / 60},
                        new double[] {0, max * 1.05, max * 1.05, 0});
                bar.setLineColor(new Color(150, 150, 150));
                bar.setMarker(SeriesMarkers.NONE);
                bar.setShowInLegend(n == 1);
            }
            String file = dir.resolve(metric.name() + ".png").toString();
            BitmapEncoder.saveBitmap(chart, file.substring(0, file.length() - ".png".length()), BitmapEncoder.BitmapFormat.PNG);
        }
    }
}
