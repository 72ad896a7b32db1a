package dev.lockstep.app.experiments;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.shape.LineTo;
import javafx.scene.shape.MoveTo;
import javafx.scene.shape.Path;

/**
 * A line chart whose points carry their spread: a data item's extra value, when a positive
 * number, is drawn as a bar from mean − spread to mean + spread in its series' colour, and the y
 * axis's range takes the bars in. (JavaFX's charts have no error bars of their own.)
 */
final class SpreadChart extends LineChart<Number, Number> {
    static final String BAR = "spread-bar";
    private static final double CAP = 4;
    private static final double DODGE = 4;
    private final Map<Data<Number, Number>, Path> bars = new IdentityHashMap<>();

    SpreadChart(NumberAxis x, NumberAxis y) {
        super(x, y);
    }

    /** The bars drawn now (tests count them). */
    int bars() {
        return bars.size();
    }

    private static double spread(Data<Number, Number> d) {
        return d.getExtraValue() instanceof Double s && s > 0 && !s.isInfinite() ? s : 0;
    }

    private void addBar(Series<Number, Number> s, Data<Number, Number> d) {
        if (spread(d) == 0 || bars.containsKey(d)) return;
        Path p = new Path();
        p.getStyleClass().setAll("chart-series-line", BAR, "default-color" + (getData().indexOf(s) % 8));
        p.setStyle("-fx-stroke-width: 1.5px;");
        p.setManaged(false);
        bars.put(d, p);
        getPlotChildren().add(p);
    }

    private void removeBar(Data<Number, Number> d) {
        Path p = bars.remove(d);
        if (p != null) getPlotChildren().remove(p);
    }

    @Override
    protected void seriesAdded(Series<Number, Number> series, int seriesIndex) {
        super.seriesAdded(series, seriesIndex);
        for (Data<Number, Number> d : series.getData()) addBar(series, d);
    }

    @Override
    protected void seriesRemoved(Series<Number, Number> series) {
        super.seriesRemoved(series);
        for (Data<Number, Number> d : series.getData()) removeBar(d);
    }

    @Override
    protected void dataItemAdded(Series<Number, Number> series, int itemIndex, Data<Number, Number> item) {
        super.dataItemAdded(series, itemIndex, item);
        addBar(series, item);
    }

    @Override
    protected void dataItemRemoved(Data<Number, Number> item, Series<Number, Number> series) {
        super.dataItemRemoved(item, series);
        removeBar(item);
    }

    /** The y range takes in the bars, and a margin, so that no bar end or symbol is cut at the plot's edge. */
    @Override
    protected void updateAxisRange() {
        super.updateAxisRange();
        NumberAxis y = (NumberAxis) getYAxis();
        if (!y.isAutoRanging()) return;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Series<Number, Number> s : getData()) {
            for (Data<Number, Number> d : s.getData()) {
                double m = d.getYValue().doubleValue();
                double e = spread(d);
                lo = Math.min(lo, m - e);
                hi = Math.max(hi, m + e);
            }
        }
        if (lo > hi) return;
        double margin = hi > lo ? (hi - lo) * 0.05 : Math.max(1, Math.abs(hi) * 0.05);
        // a measure that cannot be negative (all of them but a difference) does not get a negative margin
        double bottom = lo >= 0 && lo - margin < 0 ? 0 : lo - margin;
        y.invalidateRange(List.of(bottom, hi + margin));
    }

    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        NumberAxis x = (NumberAxis) getXAxis();
        NumberAxis y = (NumberAxis) getYAxis();
        int n = getData().size();
        for (int i = 0; i < n; i++) {
            // bars of series at the same x are set a little apart, so that neither hides the other
            double dodge = (i - (n - 1) / 2.0) * DODGE;
            for (Data<Number, Number> d : getData().get(i).getData()) {
                Path bar = bars.get(d);
                if (bar == null) continue;
                double m = d.getYValue().doubleValue();
                double s = spread(d);
                double px = x.getDisplayPosition(d.getXValue()) + dodge;
                double lo = y.getDisplayPosition(m - s);
                double hi = y.getDisplayPosition(m + s);
                bar.getElements().setAll(new MoveTo(px, lo), new LineTo(px, hi), new MoveTo(px - CAP, lo), new LineTo(px + CAP, lo),
                        new MoveTo(px - CAP, hi), new LineTo(px + CAP, hi));
            }
        }
    }
}
