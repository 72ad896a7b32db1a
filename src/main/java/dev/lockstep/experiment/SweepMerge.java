package dev.lockstep.experiment;

import dev.lockstep.io.AtomicFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code sweep-merge}: the directories of a sweep's shards (or of any partial runs of one spec,
 * also with different seeds: more repetitions run later) into one directory as an unsharded sweep
 * of all their seeds would have left it: every point × seed exactly once, runs.jsonl in grid order,
 * the points' scenarios, sweep.json and summary.csv.
 */
public final class SweepMerge {
    private static final int SHOWN = 10;

    private SweepMerge() {}

    /** Merges {@code dirs} into {@code out}; returns the number of runs. */
    public static int merge(List<Path> dirs, Path out) throws IOException {
        Manifest first = null;
        List<Long> seeds = new ArrayList<>(); // every directory's, in order of appearance: runs of other seeds may be merged in
        Map<String, List<Path>> where = new HashMap<>();
        Map<String, RunRecord> runs = new HashMap<>();
        for (Path dir : dirs) {
            if (Files.exists(out) && Files.isSameFile(dir, out)) throw new IOException("--out " + out + " is one of the directories to merge; give a new one");
            Manifest m = Manifest.read(dir);
            if (first == null) {
                first = m;
            } else if (!m.grid().equals(first.grid())) {
                throw new IOException(dir + " holds a sweep of a different spec than " + dirs.get(0) + " (sweep.json's grid differs); merge only shards of one spec");
            }
            for (long s : m.seeds()) if (!seeds.contains(s)) seeds.add(s);
            // a partial last line (a shard killed mid-write) is ignored: its run is then missing below
            for (RunRecord r : RunLog.read(dir.resolve(RunLog.FILE)).records()) {
                where.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(dir);
                runs.put(r.key(), r);
            }
        }
        Manifest m = first;
        List<RunRecord> ordered = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        List<String> twice = new ArrayList<>();
        for (GridPoint p : m.points()) {
            for (long seed : seeds) {
                String key = RunRecord.key(p.id(), seed);
                List<Path> in = where.remove(key);
                if (in == null) missing.add(key);
                else if (in.size() > 1) twice.add(key + " (in " + String.join(", ", in.stream().map(Path::toString).toList()) + ")");
                else ordered.add(runs.get(key));
            }
        }
        List<String> problems = new ArrayList<>();
        if (!missing.isEmpty()) problems.add(count(missing.size()) + " missing: " + shown(missing) + "; run the shards that hold them again (a sweep resumes)");
        if (!twice.isEmpty()) problems.add(count(twice.size()) + " present more than once: " + shown(twice) + "; merge each shard once");
        if (!where.isEmpty()) problems.add(count(where.size()) + " not in the grid: " + shown(new ArrayList<>(where.keySet())));
        if (!problems.isEmpty()) throw new IOException("cannot merge: " + String.join("; ", problems));

        Files.createDirectories(out.resolve(GridPoint.DIRECTORY));
        Manifest merged = new Manifest(m.grid(), Shard.ALL, m.axes(), m.measures(), List.copyOf(seeds), m.points());
        merged.write(out);
        // the points' scenarios, one file per point or (a graph per run) a directory per point
        java.util.Set<Path> copied = new java.util.HashSet<>();
        for (Path dir : dirs) {
            Path points = dir.resolve(GridPoint.DIRECTORY);
            if (!Files.isDirectory(points)) continue;
            try (java.util.stream.Stream<Path> files = Files.walk(points)) {
                for (Path from : files.filter(f -> Files.isRegularFile(f) && f.toString().endsWith(".json")).sorted().toList()) {
                    Path rel = points.relativize(from);
                    if (!copied.add(rel)) continue;
                    Path to = out.resolve(GridPoint.DIRECTORY).resolve(rel);
                    Files.createDirectories(to.getParent());
                    String text = Files.readString(from);
                    AtomicFile.write(to, w -> w.write(text));
                }
            }
        }
        AtomicFile.write(out.resolve(RunLog.FILE), w -> {
            for (RunRecord r : ordered) w.write(r.line() + "\n");
        });
        SummaryTable.write(out, merged, ordered);
        return ordered.size();
    }

    private static String count(int n) {
        return n == 1 ? "1 run" : n + " runs";
    }

    private static String shown(List<String> keys) {
        return String.join(", ", keys.subList(0, Math.min(SHOWN, keys.size()))) + (keys.size() > SHOWN ? ", ..." : "");
    }
}
