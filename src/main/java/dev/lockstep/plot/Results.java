package dev.lockstep.plot;

import dev.lockstep.experiment.Manifest;
import dev.lockstep.experiment.RunLog;
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
    static final String MEAN = "_mean";

    /** One point: its id, its axis values (as the summary writes them) and its cells by column name. */
    public record Row(String point, Map<String, String> axisValues, int runs, Map<String, String> cells) {
        /** A measure's statistic (mean, sd, ci95) at this point; NaN when empty (no value, or fewer than two). */
        public double stat(String measure, String stat) {
            String c = cells.getOrDefault(measure + "_" + stat, "");
            return c.isEmpty() ? Double.NaN : Double.parseDouble(c);
        }
    }

    /**
     * Reads a sweep's output directory, its {@code summary.csv}, or its {@code runs.jsonl}. A
     * directory without a summary (a sweep still running, or killed) is summarised from its runs
     * so far, as {@code sweep} will summarise them.
     */
    public static Results load(Path given) throws IOException {
        if (!Files.exists(given)) throw new PlotException(given + ": no such file or directory (expected a sweep's output directory, its summary.csv or its runs.jsonl)");
        Path name = given.getFileName();
        if (Files.isDirectory(given)) {
            Path summary = given.resolve(SummaryTable.FILE);
            return Files.exists(summary) ? of(summary.toString(), SummaryTable.read(summary)) : fromRuns(given);
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
        return of(dir.resolve(RunLog.FILE).toString(), SummaryTable.of(m, runs));
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
            rows.add(new Row(cells.get(0), values, runs, byColumn));
        }
        return new Results(source, axes, List.copyOf(measures), List.copyOf(rows));
    }
}
