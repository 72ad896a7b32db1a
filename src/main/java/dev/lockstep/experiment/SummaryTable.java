package dev.lockstep.experiment;

import dev.lockstep.io.AtomicFile;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code summary.csv}: one row per point that has runs, in grid order: the point's id, its axis
 * values, the run count, and for each numeric measure its mean, sample standard deviation (n − 1)
 * and the half-width of its 95 % confidence interval (Student's t: mean ± ci95). Messages and
 * broadcasts by type become one measure per type, {@code messages.TYPE} and {@code broadcasts.TYPE}
 * (0 in a run that sent none of that type).
 * A measure with no value in a run (a wait when nothing was acquired) is left out of that run's
 * statistics; sd and ci95 are empty below two values.
 */
public final class SummaryTable {
    public static final String FILE = "summary.csv";
    /** The measures counted by message type, and their columns' prefix. */
    static final Map<String, String> BY_TYPE = java.util.Collections.unmodifiableSortedMap(
            new java.util.TreeMap<>(Map.of("messagesByType", "messages.", "broadcastsByType", "broadcasts.")));

    private SummaryTable() {}

    /** Statistics of one measure at one point. */
    record Stat(int n, double mean, double sd, double ci95) {
        static Stat of(List<Double> xs) {
            int n = xs.size();
            if (n == 0) return new Stat(0, Double.NaN, Double.NaN, Double.NaN);
            double sum = 0;
            for (double x : xs) sum += x;
            double mean = sum / n;
            if (n == 1) return new Stat(1, mean, Double.NaN, Double.NaN);
            double sq = 0;
            for (double x : xs) sq += (x - mean) * (x - mean);
            double sd = Math.sqrt(sq / (n - 1));
            return new Stat(n, mean, sd, StudentT.quantile975(n - 1) * sd / Math.sqrt(n));
        }
    }

    /** A summary read back (for plots): the header's column names and each row's cells, as written. */
    public record Csv(List<String> header, List<List<String>> rows) {}

    /** Reads a {@code summary.csv}. */
    public static Csv read(Path file) throws IOException {
        return parse(java.nio.file.Files.readString(file));
    }

    /** The summary of {@code runs} as {@link #read} would read it once written: for a sweep still running. */
    public static Csv of(Manifest m, List<RunRecord> runs) {
        return parse(text(m, runs));
    }

    /** A summary column's values over {@code runs} ({@code messagesPerCs}, {@code messages.Req_CS}): what its statistics are of. */
    public static List<Double> columnValues(List<RunRecord> runs, String column) {
        return values(runs, column);
    }

    /** Splits CSV text as {@link #row} writes it (a quoted cell may hold commas, quotes and newlines). */
    static Csv parse(String text) {
        List<List<String>> lines = new ArrayList<>();
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c != '"') cell.append(c);
                else if (i + 1 < text.length() && text.charAt(i + 1) == '"') cell.append(text.charAt(++i));
                else quoted = false;
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else if (c == '\n') {
                cells.add(cell.toString());
                cell.setLength(0);
                lines.add(cells);
                cells = new ArrayList<>();
            } else if (c != '\r') {
                cell.append(c);
            }
        }
        if (cell.length() > 0 || !cells.isEmpty()) {
            cells.add(cell.toString());
            lines.add(cells);
        }
        if (lines.isEmpty()) return new Csv(List.of(), List.of());
        return new Csv(List.copyOf(lines.get(0)), List.copyOf(lines.subList(1, lines.size())));
    }

    static void write(Path dir, Manifest m, List<RunRecord> runs) throws IOException {
        String text = text(m, runs);
        AtomicFile.write(dir.resolve(FILE), out -> out.write(text));
    }

    static String text(Manifest m, List<RunRecord> runs) {
        // each point's runs in the seeds' order, whatever order they finished in: the sums, and so
        // the last digits of the means, must not depend on the thread count
        List<RunRecord> sorted = new ArrayList<>(runs);
        Map<Long, Integer> seedIndex = new java.util.HashMap<>();
        for (long seed : m.seeds()) seedIndex.put(seed, seedIndex.size());
        sorted.sort(java.util.Comparator.comparingInt((RunRecord r) -> seedIndex.getOrDefault(r.seed(), -1)));
        Map<String, List<RunRecord>> byPoint = new LinkedHashMap<>();
        for (RunRecord r : sorted) byPoint.computeIfAbsent(r.point(), k -> new ArrayList<>()).add(r);
        List<String> columns = columns(m, runs);
        StringBuilder sb = new StringBuilder();
        List<String> header = new ArrayList<>();
        header.add("point");
        header.addAll(m.axes());
        header.add("runs");
        for (String c : columns) header.addAll(List.of(c + "_mean", c + "_sd", c + "_ci95"));
        row(sb, header);
        for (GridPoint p : m.points()) {
            List<RunRecord> at = byPoint.get(p.id());
            if (at == null) continue;
            List<String> cells = new ArrayList<>();
            cells.add(p.id());
            for (String a : m.axes()) cells.add(cell(p.params().get(a)));
            cells.add(String.valueOf(at.size()));
            for (String c : columns) {
                Stat s = Stat.of(values(at, c));
                cells.addAll(List.of(number(s.mean()), number(s.sd()), number(s.ci95())));
            }
            row(sb, cells);
        }
        return sb.toString();
    }

    /** The numeric measures in order; messagesByType as one column per type seen in any run. */
    static List<String> columns(Manifest m, List<RunRecord> runs) {
        List<String> columns = new ArrayList<>();
        for (String measure : m.measures()) {
            String prefix = BY_TYPE.get(measure);
            if (prefix == null) {
                columns.add(measure);
                continue;
            }
            TreeSet<String> types = new TreeSet<>();
            for (RunRecord r : runs) {
                if (r.measures().get(measure) instanceof JsonValue.Obj o) types.addAll(o.members().keySet());
            }
            for (String t : types) columns.add(prefix + t);
        }
        return columns;
    }

    /** A column's values over runs; a missing message type counts 0, a null measure is left out. */
    static List<Double> values(List<RunRecord> runs, String column) {
        String byType = null;
        String type = null;
        for (var e : BY_TYPE.entrySet()) {
            if (column.startsWith(e.getValue())) {
                byType = e.getKey();
                type = column.substring(e.getValue().length());
            }
        }
        List<Double> xs = new ArrayList<>();
        for (RunRecord r : runs) {
            JsonValue v = r.measures().get(byType == null ? column : byType);
            if (byType != null) {
                JsonValue count = v instanceof JsonValue.Obj o ? o.get(type) : null;
                xs.add(count instanceof JsonValue.Num n ? n.doubleValue() : 0.0);
            } else if (v instanceof JsonValue.Num n) {
                xs.add(n.doubleValue());
            }
        }
        return xs;
    }

    private static String number(double d) {
        return Double.isNaN(d) ? "" : JsonWriter.number(d);
    }

    /** An axis value as a cell: a string as itself, anything else as its JSON. */
    private static String cell(JsonValue v) {
        return v instanceof JsonValue.Str s ? s.value() : new JsonWriter().value(v).toString();
    }

    private static void row(StringBuilder sb, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) sb.append(',');
            String c = cells.get(i);
            boolean quote = c.contains(",") || c.contains("\"") || c.contains("\n") || c.contains("\r");
            sb.append(quote ? "\"" + c.replace("\"", "\"\"") + "\"" : c);
        }
        sb.append('\n');
    }
}
