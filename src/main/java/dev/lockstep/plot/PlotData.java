package dev.lockstep.plot;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The lines of a plot, chosen from a sweep's results: one curve per value of the series axis, a
 * point per x value with the measure's mean and the half-width of its 95 % confidence interval.
 * Every axis other than x and the series must have one value among the points plotted (after
 * {@code --where}): otherwise a point would average over, or hide, a parameter the reader cannot
 * see.
 *
 * @param xLabel the x axis's name, {@code yLabel} the measure's
 * @param title null for none
 */
public record PlotData(String title, String xLabel, String yLabel, List<Curve> curves, boolean logX, boolean logY) {

    /** One line: its legend name and its points in increasing x. */
    public record Curve(String name, List<Datum> data) {}

    /** One point: x, the mean y, and the confidence interval's half-width (NaN below two runs: no bar). */
    public record Datum(double x, double y, double ci95) {}

    /**
     * The bottom of a logarithmic y axis: below every mean and every interval's positive lower end.
     * An interval reaching 0 or below (a wide one over few runs) cannot be drawn on it: its bar
     * runs off the bottom, with no cap, rather than ending at a made-up bound.
     */
    public double logFloor() {
        double low = Double.POSITIVE_INFINITY;
        for (Curve c : curves) {
            for (Datum d : c.data()) {
                low = Math.min(low, d.y());
                if (!Double.isNaN(d.ci95()) && d.y() - d.ci95() > 0) low = Math.min(low, d.y() - d.ci95());
            }
        }
        return low / 1.25;
    }

    /** The lower end of a point's bar on a log axis: its interval's, or below the floor when that is not positive. */
    public double logLower(Datum d) {
        double e = Double.isNaN(d.ci95()) ? 0 : d.ci95();
        return d.y() - e > 0 ? d.y() - e : logFloor() / 10;
    }

    /** The number of points over all curves. */
    public int size() {
        return curves.stream().mapToInt(c -> c.data().size()).sum();
    }

    /** Chooses the points of {@code spec} from {@code results}; a {@link PlotException} says what does not fit. */
    public static PlotData select(Results results, PlotSpec spec) throws PlotException {
        String src = results.source();
        if (!results.measures().contains(spec.y())) {
            throw new PlotException(src + ": no measure \"" + spec.y() + "\"; the measures are: " + String.join(", ", results.measures()));
        }
        checkStat(results, spec.stat());
        checkAxis(results, spec.x(), "--x");
        if (spec.series() != null) {
            checkAxis(results, spec.series(), "--series");
            if (spec.series().equals(spec.x())) throw new PlotException("--series " + spec.series() + " is also --x: choose another axis for the lines");
        }
        List<Results.Row> rows = new ArrayList<>(results.rows());
        for (Map.Entry<String, String> w : new java.util.TreeMap<>(spec.where()).entrySet()) {
            checkAxis(results, w.getKey(), "--where");
            Set<String> values = values(rows, w.getKey());
            rows.removeIf(r -> !same(r.axisValues().get(w.getKey()), w.getValue()));
            if (rows.isEmpty()) {
                throw new PlotException("--where " + w.getKey() + "=" + w.getValue() + " matches no point; "
                        + w.getKey() + " takes the values " + String.join(", ", values) + (spec.where().size() > 1 ? " (among the points the other filters keep)" : ""));
            }
        }
        List<String> varying = new ArrayList<>();
        for (String a : results.axes()) {
            if (a.equals(spec.x()) || a.equals(spec.series())) continue;
            Set<String> values = values(rows, a);
            if (values.size() > 1) varying.add(a + " (" + String.join(", ", values) + ")");
        }
        if (!varying.isEmpty()) {
            String first = varying.get(0).substring(0, varying.get(0).indexOf(" ("));
            String value = rows.get(0).axisValues().get(first);
            throw new PlotException(src + ": besides --x " + spec.x() + (spec.series() == null ? "" : " and --series " + spec.series())
                    + ", the results vary " + String.join(" and ", varying) + "; pick one value" + (varying.size() > 1 ? " of each" : "") + " with --where"
                    + " (e.g. --where " + first + "=" + value + ")" + (spec.series() == null ? " or make one the --series" : ""));
        }
        Map<String, List<Datum>> byCurve = new LinkedHashMap<>();
        for (Results.Row r : rows) {
            String xText = r.axisValues().get(spec.x());
            double x;
            try {
                x = Double.parseDouble(xText);
            } catch (NumberFormatException e) {
                throw new PlotException("--x " + spec.x() + " needs numbers, but it takes the value " + xText
                        + "; plot a numeric axis along x" + (spec.series() == null ? " and this one as --series" : ""));
            }
            boolean mean = spec.stat().equals("mean");
            double y = mean ? r.stat(spec.y(), "mean") : r.overRuns(spec.y(), spec.stat());
            if (Double.isNaN(y)) continue; // no run of this point had a value (nothing acquired): no point
            String curve = spec.series() == null ? spec.y() : seriesName(spec.series(), r.axisValues().get(spec.series()));
            byCurve.computeIfAbsent(curve, k -> new ArrayList<>()).add(new Datum(x, y, mean ? r.stat(spec.y(), "ci95") : Double.NaN));
        }
        if (byCurve.isEmpty()) throw new PlotException(src + ": " + spec.y() + " has no value at any point plotted");
        List<Curve> curves = new ArrayList<>();
        for (var e : byCurve.entrySet()) {
            List<Datum> data = new ArrayList<>(e.getValue());
            data.sort(java.util.Comparator.comparingDouble(Datum::x));
            checkLog(spec, e.getKey(), data);
            curves.add(new Curve(e.getKey(), List.copyOf(data)));
        }
        return new PlotData(spec.title(), spec.xLabel() == null ? spec.x() : spec.xLabel(), spec.yLabel() != null ? spec.yLabel() : spec.stat().equals("mean") ? spec.y() : spec.y() + " (" + spec.stat() + ")",
                List.copyOf(curves), spec.logX(), spec.logY());
    }

    private static void checkLog(PlotSpec spec, String curve, List<Datum> data) throws PlotException {
        for (Datum d : data) {
            if (spec.logX() && d.x() <= 0) throw new PlotException("--log-x: " + spec.x() + " = " + d.x() + " is not positive");
            if (spec.logY() && d.y() <= 0) throw new PlotException("--log-y: " + spec.y() + " is " + d.y() + " at " + spec.x() + " = " + d.x() + " (" + curve + "), not positive");
        }
    }

    private static void checkStat(Results results, String stat) throws PlotException {
        if (stat.equals("mean")) return;
        boolean known = stat.equals("median") || stat.equals("min") || stat.equals("max");
        if (!known && stat.matches("p\\d{1,2}(\\.\\d+)?")) known = Double.parseDouble(stat.substring(1)) > 0;
        if (!known) throw new PlotException("--stat " + stat + ": unknown; the statistics are " + String.join(", ", Results.STATS));
        if (!results.hasRuns()) {
            throw new PlotException("--stat " + stat + " needs each run's values: give the sweep's directory (or its runs.jsonl), not " + results.source());
        }
    }

    private static void checkAxis(Results results, String axis, String option) throws PlotException {
        if (!results.axes().contains(axis)) {
            throw new PlotException(option + " " + axis + ": no such axis in " + results.source() + "; the axes are: " + String.join(", ", results.axes()));
        }
    }

    private static Set<String> values(List<Results.Row> rows, String axis) {
        Set<String> values = new LinkedHashSet<>();
        for (Results.Row r : rows) values.add(r.axisValues().get(axis));
        return values;
    }

    /** A cell and a --where value: equal as text, or as numbers ({@code 1} and {@code 1.0}). */
    static boolean same(String cell, String wanted) {
        if (cell.equals(wanted)) return true;
        try {
            return Double.parseDouble(cell) == Double.parseDouble(wanted);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** {@code K = 4}; a JSON object value (a scheduler) as its fields, {@code policy=synchronous, activation=0.5}. */
    static String seriesName(String axis, String value) {
        if (value.startsWith("{") && value.endsWith("}")) {
            return value.substring(1, value.length() - 1).replace("\"", "").replace(":", "=").replace(",", ", ");
        }
        return axis + " = " + value;
    }
}
