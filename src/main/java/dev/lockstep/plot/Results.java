package dev.lockstep.plot;

import dev.lockstep.experiment.Manifest;
import dev.lockstep.experiment.RunLog;
import dev.lockstep.experiment.RunRecord;
import dev.lockstep.experiment.SummaryTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sweep's results as plots read them: the axes, the numeric measures, and one row per point with
 * its axis values and each measure's mean, sd and ci95 (the columns of {@code summary.csv}).
 *
 * @param source what was read, for messages
 * @param axes the grid's axes, in the summary's order
 * @param measures the measures with statistics ({@code messagesPerCs}, {@code messages.Req_CS}, ...)
 * @param rows one per point that has runs, in grid order
 */
public record Results(String source, List<String> axes, List<String> measures, List<Row> rows) {
    /** The statistics over runs {@code --stat} offers besides the mean: percentiles by nearest rank, as the measures'. */
    public static final List<String> STATS = List.of("mean", "median", "min", "max", "pNN (p10, p90, ...)");
    static final String MEAN = "_mean";

    /**
     * One point: its id, its axis values (as the summary writes them), its cells by column name,
     * and its runs' records when read from a sweep's directory (for statistics the summary lacks).
     */
    public record Row(String point, Map<String, String> axisValues, int runs, Map<String, String> cells, List<RunRecord> records) {
        /** A measure's statistic (mean, sd, ci95) at this point; NaN when empty (no value, or fewer than two). */
        public double stat(String measure, String stat) {
            String c = cells.getOrDefault(measure + "_" + stat, "");
            return c.isEmpty() ? Double.NaN : Double.parseDouble(c);
        }

        /**
         * The measure's median, minimum, maximum or percentile over the point's runs (nearest
         * rank: a value some run had); NaN when no run has a value.
         */
        public double overRuns(String measure, String stat) {
            List<Double> xs = new ArrayList<>(SummaryTable.columnValues(records, measure));
            if (xs.isEmpty()) return Double.NaN;
            java.util.Collections.sort(xs);
            double p = switch (stat) {
                case "min" -> 0;
                case "max" -> 100;
                case "median" -> 50;
                default -> Double.parseDouble(stat.substring(1));
            };
            int rank = (int) Math.ceil(p / 100 * xs.size());
            return xs.get(Math.max(rank, 1) - 1);
        }
    }

    /**
     * Reads a sweep's output directory, its {@code summary.csv}, or its {@code runs.jsonl}. A
     * directory without a summary (a sweep still running, or killed) is summarised from its runs
     * so far, as {@code sweep} will summarise them.
     */
    public static Results load(Path given) throws IOException {
        return load(given, true);
    }

    /** As {@link #load(Path)}; {@code perRun}: also each point's runs, for {@code --stat} (a large sweep's runs.jsonl takes a while to read). */
    public static Results load(Path given, boolean perRun) throws IOException {
        if (!Files.exists(given)) throw new PlotException(given + ": no such file or directory (expected a sweep's output directory, its summary.csv or its runs.jsonl)");
        Path name = given.getFileName();
        if (Files.isDirectory(given)) {
            Path summary = given.resolve(SummaryTable.FILE);
            if (!Files.exists(summary)) return fromRuns(given);
            Results r = of(summary.toString(), SummaryTable.read(summary));
            return perRun ? withRuns(given, r) : r;
        }
        if (name != null && name.toString().endsWith(".jsonl")) {
            Path dir = given.toAbsolutePath().getParent();
            return fromRuns(dir);
        }
        return of(given.toString(), SummaryTable.read(given));
    }

    private static Results fromRuns(Path dir) throws IOException {
        Manifest m = Manifest.read(dir);
        var runs = RunLog.records(dir);
        if (runs.isEmpty()) throw new PlotException(dir.resolve(RunLog.FILE) + ": no runs yet");
        return withRuns(dir, of(dir.resolve(RunLog.FILE).toString(), SummaryTable.of(m, runs)));
    }

    /** The rows with their runs' records, when the directory has them. */
    private static Results withRuns(Path dir, Results r) throws IOException {
        if (!Files.exists(dir.resolve(RunLog.FILE))) return r;
        Map<String, List<RunRecord>> byPoint = new LinkedHashMap<>();
        for (RunRecord run : RunLog.records(dir)) byPoint.computeIfAbsent(run.point(), k -> new ArrayList<>()).add(run);
        List<Row> rows = new ArrayList<>();
        for (Row row : r.rows()) rows.add(new Row(row.point(), row.axisValues(), row.runs(), row.cells(), byPoint.getOrDefault(row.point(), List.of())));
        return new Results(r.source(), r.axes(), r.measures(), List.copyOf(rows));
    }

    /** Whether the rows carry their runs (a directory or runs.jsonl was read, not a summary.csv alone). */
    public boolean hasRuns() {
        return rows.stream().anyMatch(row -> !row.records().isEmpty());
    }

    /** The summary's columns: {@code point}, the axes, {@code runs}, then each measure's {@code _mean, _sd, _ci95}. */
    static Results of(String source, SummaryTable.Csv csv) throws PlotException {
        List<String> h = csv.header();
        int runsAt = h.indexOf("runs");
        if (h.isEmpty() || !h.get(0).equals("point") || runsAt < 0) {
            throw new PlotException(source + ": not a sweep's summary.csv (its first line must start with point, the axes, runs)");
        }
        List<String> axes = List.copyOf(h.subList(1, runsAt));
        List<String> measures = new ArrayList<>();
        for (String c : h.subList(runsAt + 1, h.size())) {
            if (c.endsWith(MEAN)) measures.add(c.substring(0, c.length() - MEAN.length()));
        }
        List<Row> rows = new ArrayList<>();
        int line = 1;
        for (List<String> cells : csv.rows()) {
            line++;
            if (cells.size() != h.size()) throw new PlotException(source + ":" + line + ": " + cells.size() + " cells, but the header has " + h.size());
            Map<String, String> byColumn = new LinkedHashMap<>();
            for (int i = 0; i < h.size(); i++) byColumn.put(h.get(i), cells.get(i));
            Map<String, String> values = new LinkedHashMap<>();
            for (String a : axes) values.put(a, byColumn.get(a));
            int runs;
            try {
                runs = Integer.parseInt(byColumn.get("runs"));
            } catch (NumberFormatException e) {
                throw new PlotException(source + ":" + line + ": runs is not a number: " + byColumn.get("runs"));
            }
            rows.add(new Row(cells.get(0), values, runs, byColumn, List.of()));
        }
        return new Results(source, axes, List.copyOf(measures), List.copyOf(rows));
    }
}
