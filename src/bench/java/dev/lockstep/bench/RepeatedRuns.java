package dev.lockstep.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The lme benchmark's {@code --repeat}: each run's wall-clock seconds, wall-clock and CPU time per
 * action execution, gathered
 * by configuration (size, threads, share of nodes moving), then each configuration's median and
 * range, and each mobile run against the static run of the same size, threads and repetition.
 * On these shared machines one run says little: the same code runs 10–35 % apart from hour to
 * hour, and the first run in a JVM meets a colder JIT. Runs of every configuration are made in
 * turn, repetition after repetition, so a slow spell of the machine falls on all of them; a ratio
 * is taken within one repetition, then summarized.
 */
final class RepeatedRuns {
    /** One timed run. */
    record Run(int nodes, int threads, double moves, int repetition, double seconds, double nsPerAction, double cpuNsPerAction) {
    }

    private final List<Run> runs = new ArrayList<>();

    void add(Run run) {
        runs.add(run);
    }

    /** Configurations in the order of their first run. */
    private Map<String, List<Run>> byConfiguration() {
        Map<String, List<Run>> groups = new LinkedHashMap<>();
        for (Run r : runs) groups.computeIfAbsent(key(r.nodes, r.threads, r.moves), k -> new ArrayList<>()).add(r);
        return groups;
    }

    private static String key(int nodes, int threads, double moves) {
        return nodes + "/" + threads + "/" + moves;
    }

    /** The middle value (the mean of the two middle ones for an even count). */
    static double median(double[] xs) {
        if (xs.length == 0) throw new IllegalArgumentException("no values");
        double[] s = xs.clone();
        Arrays.sort(s);
        int h = s.length / 2;
        return s.length % 2 == 1 ? s[h] : (s[h - 1] + s[h]) / 2;
    }

    /** "median (min–max)" with this format for each number. */
    static String spread(double[] xs, String format) {
        double min = Arrays.stream(xs).min().orElseThrow();
        double max = Arrays.stream(xs).max().orElseThrow();
        return String.format(Locale.ROOT, format + " (" + format + "–" + format + ")", median(xs), min, max);
    }

    /**
     * Each mobile run's seconds over the static run's (moves 0) of the same size, threads and
     * repetition, for these threads and share of moving nodes; empty without static runs.
     */
    double[] ratios(int threads, double moves) {
        List<Double> out = new ArrayList<>();
        for (Run m : runs) {
            if (m.moves != moves || m.threads != threads) continue;
            for (Run s : runs) {
                if (s.moves == 0 && s.nodes == m.nodes && s.threads == m.threads && s.repetition == m.repetition) {
                    out.add(m.seconds / s.seconds);
                }
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The summary: a line per configuration, then a line per mobile share that has static runs beside it. */
    void print(int repetitions, PrintWriter out) {
        Map<String, List<Run>> groups = byConfiguration();
        out.printf(Locale.ROOT, "over %d runs each, median (min–max):%n", repetitions);
        out.printf(Locale.ROOT, "%9s %7s %6s %22s %18s %18s%n", "nodes", "threads", "moves", "run s", "ns/a", "cpu ns/a");
        for (List<Run> group : groups.values()) {
            Run first = group.get(0);
            out.printf(Locale.ROOT, "%9d %7d %6s %22s %18s %18s%n", first.nodes, first.threads, share(first.moves),
                    spread(group.stream().mapToDouble(Run::seconds).toArray(), "%.3f"),
                    spread(group.stream().mapToDouble(Run::nsPerAction).toArray(), "%.0f"),
                    spread(group.stream().mapToDouble(Run::cpuNsPerAction).toArray(), "%.0f"));
        }
        for (List<Run> group : groups.values()) {
            Run first = group.get(0);
            double[] r = first.moves == 0 ? new double[0] : ratios(first.threads, first.moves);
            if (r.length > 0) {
                out.printf(Locale.ROOT, "%d nodes on %d thread%s: moves %s take %s the time of none (run s; %d pairs, each of one repetition)%n",
                        first.nodes, first.threads, first.threads == 1 ? "" : "s", share(first.moves), spread(r, "%.2f×"), r.length);
            }
        }
        out.flush();
    }

    /** A share of moving nodes as the rows print it. */
    static String share(double moves) {
        return moves == 0 ? "0" : String.format(Locale.ROOT, "%.3g", moves);
    }
}
