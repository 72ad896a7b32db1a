package dev.lockstep.app.experiments;

import dev.lockstep.experiment.Axis;
import dev.lockstep.experiment.GridPoint;
import dev.lockstep.experiment.RunRecord;
import dev.lockstep.experiment.SweepSpec;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The runs of a sweep seen so far, by point and seed, and what the window draws of them: a
 * measure's mean and sd per grid point (the table), and per (series value, x value) pair (the
 * chart; runs of points that differ only in the other axes are pooled). Statistics go over each
 * point's runs in the spec's seed order, so they do not depend on the order runs finished in.
 */
public final class LiveResults {
    /** Messages and broadcasts by type: one chartable measure per type seen, named as summary.csv's columns. */
    private static final Map<String, String> BY_TYPE = Map.of("messagesByType", "messages.", "broadcastsByType", "broadcasts.");

    /** One line of the chart: the runs whose series axis has this value, at each x. */
    public record Series(String name, List<ChartPoint> points) {}

    /** A chart point: x (the axis value, or its index for a value that is not a number), its label, and the measure's statistics. */
    public record ChartPoint(double x, String xLabel, RunningStat stat) {}

    /** A table row: a grid point, the runs it has, and the measure's statistics over them. */
    public record Row(GridPoint point, int runs, RunningStat stat) {}

    /** What "Open run" opens: a point's scenario file and a seed it ran with. */
    public record RunToOpen(Path scenario, long seed, String description) {}

    private final SweepSpec spec;
    private final List<GridPoint> points;
    private final Map<String, GridPoint> byId = new HashMap<>();
    private final Map<String, Map<Long, Run>> runs = new HashMap<>();
    private final TreeSet<String> typeColumns = new TreeSet<>();
    /** The spec's numeric measures (all but the by-type ones) and their place in a run's values. */
    private final Map<String, Integer> scalars = new LinkedHashMap<>();
    private int count;

    /**
     * A run as numbers only (a sweep of 10⁵ runs must fit beside the window): the spec's numeric
     * measures in order (NaN where the run has no value) and its counts by message type.
     */
    private record Run(long seed, double[] values, Map<String, Double> byType) {}

    public LiveResults(SweepSpec spec, List<GridPoint> points) {
        this.spec = spec;
        this.points = List.copyOf(points);
        for (GridPoint p : points) byId.put(p.id(), p);
        for (String m : spec.measures()) if (!BY_TYPE.containsKey(m)) scalars.put(m, scalars.size());
    }

    /** Adds a run; false if it is not of this grid or was already added (a resumed sweep's runs are read once). */
    public boolean add(RunRecord r) {
        if (!byId.containsKey(r.point()) || !spec.seeds().contains(r.seed())) return false;
        Map<Long, Run> at = runs.computeIfAbsent(r.point(), k -> new HashMap<>());
        if (at.containsKey(r.seed())) return false;
        double[] values = new double[scalars.size()];
        for (var e : scalars.entrySet()) {
            values[e.getValue()] = r.measures().get(e.getKey()) instanceof JsonValue.Num n ? n.doubleValue() : Double.NaN;
        }
        Map<String, Double> byType = new HashMap<>();
        for (var e : BY_TYPE.entrySet()) {
            if (r.measures().get(e.getKey()) instanceof JsonValue.Obj o) {
                for (var t : o.members().entrySet()) {
                    typeColumns.add(e.getValue() + t.getKey());
                    if (t.getValue() instanceof JsonValue.Num n) byType.put(e.getValue() + t.getKey(), n.doubleValue());
                }
            }
        }
        at.put(r.seed(), new Run(r.seed(), values, byType.isEmpty() ? Map.of() : byType));
        count++;
        return true;
    }

    public int runsDone() {
        return count;
    }

    public List<GridPoint> points() {
        return points;
    }

    public List<String> axes() {
        return spec.axes().stream().map(Axis::name).toList();
    }

    /** The x axis a chart starts with: of the axes that vary (two values or more), a numeric one with the most values; else the first. */
    public String defaultX() {
        Axis best = null;
        for (Axis a : spec.axes()) {
            if (a.values().size() < 2) continue;
            if (best == null || rank(a) > rank(best)) best = a;
        }
        return best != null ? best.name() : spec.axes().isEmpty() ? null : spec.axes().get(0).name();
    }

    private static int rank(Axis a) {
        boolean numeric = a.values().stream().allMatch(v -> v instanceof JsonValue.Num);
        return (numeric ? 1_000_000 : 0) + a.values().size();
    }

    /** The series axis a chart starts with: of the other axes that vary, the one with the fewest values (the fewest lines); or none. */
    public String defaultSeries(String xAxis) {
        Axis best = null;
        for (Axis a : spec.axes()) {
            if (a.values().size() < 2 || a.name().equals(xAxis)) continue;
            if (best == null || a.values().size() < best.values().size()) best = a;
        }
        return best == null ? null : best.name();
    }

    /** The axes that vary but are neither x nor the series: a chart point pools the runs over their values. */
    public List<String> pooled(String xAxis, String seriesAxis) {
        return spec.axes().stream().filter(a -> a.values().size() > 1 && !a.name().equals(xAxis) && !a.name().equals(seriesAxis))
                .map(Axis::name).toList();
    }

    /** The measures a chart can show: the spec's numeric ones, then one per message or broadcast type seen so far. */
    public List<String> measures() {
        List<String> m = new ArrayList<>(scalars.keySet());
        m.addAll(typeColumns);
        return m;
    }

    /** The measure's value in a run; null if the run has none (a wait when nothing was acquired). A type not sent counts 0. */
    private Double value(Run r, String measure) {
        Integer at = scalars.get(measure);
        if (at != null) return Double.isNaN(r.values()[at]) ? null : r.values()[at];
        for (String prefix : BY_TYPE.values()) if (measure.startsWith(prefix)) return r.byType().getOrDefault(measure, 0.0);
        return null;
    }

    /** The point's runs, in the spec's seed order. */
    private List<Run> runsOf(GridPoint p) {
        Map<Long, Run> at = runs.get(p.id());
        List<Run> out = new ArrayList<>();
        if (at == null) return out;
        for (long seed : spec.seeds()) {
            Run r = at.get(seed);
            if (r != null) out.add(r);
        }
        return out;
    }

    /** The seeds a point has run with so far, in the spec's order. */
    public List<Long> seedsDone(String pointId) {
        GridPoint p = byId.get(pointId);
        return p == null ? List.of() : runsOf(p).stream().map(Run::seed).toList();
    }

    /** Every grid point in grid order, with the measure's statistics over its runs so far. */
    public List<Row> rows(String measure) {
        List<Row> rows = new ArrayList<>();
        for (GridPoint p : points) {
            List<Run> rs = runsOf(p);
            rows.add(new Row(p, rs.size(), stat(rs, measure)));
        }
        return rows;
    }

    private RunningStat stat(List<Run> rs, String measure) {
        RunningStat s = new RunningStat();
        for (Run r : rs) {
            Double v = measure == null ? null : value(r, measure);
            if (v != null) s.add(v);
        }
        return s;
    }

    /**
     * The chart: one series per value of {@code seriesAxis} (one series, named after the measure, if
     * null), in the axis's order; in each, one point per value of {@code xAxis} that has a value
     * yet, the mean over the runs of the points with those two values. Without an x axis (a spec
     * without axes) every run is at x = 0.
     */
    public List<Series> chart(String measure, String xAxis, String seriesAxis) {
        Axis x = axis(xAxis);
        Axis s = seriesAxis == null || seriesAxis.equals(xAxis) ? null : axis(seriesAxis);
        Map<String, Map<Integer, RunningStat>> groups = new LinkedHashMap<>();
        if (s == null) groups.put(measure, new LinkedHashMap<>());
        else for (JsonValue v : s.values()) groups.putIfAbsent(text(v), new LinkedHashMap<>());
        for (GridPoint p : points) {
            String key = s == null ? measure : text(p.params().get(s.name()));
            int xi = x == null ? 0 : x.values().indexOf(p.params().get(x.name()));
            RunningStat stat = groups.get(key).computeIfAbsent(xi, k -> new RunningStat());
            for (Run r : runsOf(p)) {
                Double v = value(r, measure);
                if (v != null) stat.add(v);
            }
        }
        boolean numeric = x != null && x.values().stream().allMatch(v -> v instanceof JsonValue.Num);
        List<Series> series = new ArrayList<>();
        for (var g : groups.entrySet()) {
            List<ChartPoint> pts = new ArrayList<>();
            for (var e : new java.util.TreeMap<>(g.getValue()).entrySet()) {
                if (e.getValue().n() == 0) continue;
                JsonValue v = x == null ? null : x.values().get(e.getKey());
                double at = numeric ? ((JsonValue.Num) v).doubleValue() : e.getKey();
                pts.add(new ChartPoint(at, v == null ? "" : text(v), e.getValue()));
            }
            series.add(new Series(g.getKey(), pts));
        }
        return series;
    }

    /** Whether the x axis's values are all numbers (drawn at their values) or not (drawn at 0, 1, 2, ... and labelled). */
    public boolean numericAxis(String name) {
        Axis a = axis(name);
        return a != null && a.values().stream().allMatch(v -> v instanceof JsonValue.Num);
    }

    /** The label of a position on a non-numeric axis: the value at that index, or "". */
    public String label(String axisName, double x) {
        Axis a = axis(axisName);
        if (a == null) return "";
        long i = Math.round(x);
        return Math.abs(x - i) < 1e-9 && i >= 0 && i < a.values().size() ? text(a.values().get((int) i)) : "";
    }

    private Axis axis(String name) {
        if (name == null) return null;
        for (Axis a : spec.axes()) if (a.name().equals(name)) return a;
        return null;
    }

    /** The run of a point with a seed it ran with, as a scenario file the main window opens (the one {@code run} takes). */
    public RunToOpen open(String pointId, long seed, Path dir) {
        GridPoint p = byId.get(pointId);
        if (p == null) throw new IllegalArgumentException("no point " + pointId);
        return new RunToOpen(p.file(dir, seed), seed, pointId + " (" + GridPoint.describe(p.params()) + "), seed " + seed);
    }

    /** An axis value as the window prints it: a string as itself, anything else as its JSON. */
    public static String text(JsonValue v) {
        return v instanceof JsonValue.Str s ? s.value() : v == null ? "" : new JsonWriter().value(v).toString();
    }
}
