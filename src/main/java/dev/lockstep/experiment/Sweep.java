package dev.lockstep.experiment;

import dev.lockstep.io.AtomicFile;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;

/**
 * Runs a sweep into its output directory: {@code sweep.json} (the grid), {@code points/<id>.json}
 * (each point's scenario), {@code runs.jsonl} (one line per run, appended as runs finish) and
 * {@code summary.csv} (at the end). Started again on the same directory it runs only the runs
 * not yet in {@code runs.jsonl}; a directory of another grid is refused.
 *
 * <p>Each run is one task on a pool of {@code jobs} threads, with its own simulation and its own
 * seeded stream, parsed from its point's scenario text: a run's line does not depend on the
 * thread count or on what ran beside it. Lines are written by one thread, in the order runs finish.
 * Interrupting the calling thread stops the sweep (the runs in flight are lost, as in a kill);
 * the same call later resumes it.
 */
public final class Sweep {
    private Sweep() {}

    /** Told of the sweep's progress, on the thread that called {@link #run}. */
    public interface Listener {
        /** {@code done} of the {@code toRun} runs this invocation runs have finished. */
        void runsDone(int done, int toRun);

        /** A run's line, just written to runs.jsonl (before {@link #runsDone} counts it): for results shown as they arrive. */
        default void runWritten(RunRecord run) {}
    }

    /** What a sweep did: runs already in the directory, runs made now, and runs of its shard in all. */
    public record Result(int skipped, int ran, int total, Path dir) {}

    public static Result run(SweepSpec spec, Path dir, int jobs, Shard shard, Listener listener)
            throws ScenarioException, IOException, InterruptedException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) throw new IOException(dir + ": exists and is not a directory; give another --out");
        List<GridPoint> points = PointScenarios.points(spec);
        validate(spec, points, dir);
        Files.createDirectories(dir.resolve(GridPoint.DIRECTORY));
        try (FileChannel lockFile = FileChannel.open(dir.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = lockFile.tryLock()) {
            if (lock == null) throw new IOException(dir + ": another sweep is writing to this directory");
            Manifest manifest = Manifest.of(spec, points, shard);
            checkSameGrid(dir, manifest);
            manifest.write(dir);
            for (GridPoint p : points) {
                for (var e : p.files(dir).entrySet()) {
                    Path f = e.getKey();
                    Files.createDirectories(f.getParent());
                    if (!Files.exists(f) || !Files.readString(f).equals(e.getValue())) AtomicFile.write(f, out -> out.write(e.getValue()));
                }
            }
            Path runsFile = dir.resolve(RunLog.FILE);
            RunLog.Lines existing = RunLog.read(runsFile);
            Set<String> done = done(existing.records(), manifest, runsFile);
            List<Integer> todo = new ArrayList<>();
            int total = 0;
            for (long r = 0; r < manifest.runCount(); r++) {
                if (!shard.contains(r)) continue;
                total++;
                GridPoint p = points.get((int) (r / spec.seeds().size()));
                if (!done.contains(RunRecord.key(p.id(), spec.seeds().get((int) (r % spec.seeds().size()))))) todo.add((int) r);
            }
            try (RunLog log = RunLog.append(runsFile, existing.wholeBytes())) {
                runAll(spec, dir, points, todo, jobs, log, listener);
            }
            SummaryTable.write(dir, manifest, RunLog.read(runsFile).records());
            return new Result(total - todo.size(), todo.size(), total, dir);
        }
    }

    /** Loads every point before anything is written: a bad value is found before hours of runs. */
    private static void validate(SweepSpec spec, List<GridPoint> points, Path dir) throws ScenarioException, IOException {
        for (GridPoint p : points) {
            for (var file : p.files(dir).entrySet()) {
                Path f = file.getKey();
                Scenario scenario;
                try {
                    scenario = ScenarioLoader.parse(file.getValue(), f.toString());
                } catch (ScenarioException e) {
                    // write the point so that the loader's line:column can be looked at
                    Files.createDirectories(f.getParent());
                    AtomicFile.write(f, out -> out.write(file.getValue()));
                    List<String> lines = new ArrayList<>();
                    lines.add(spec.file() + ": point " + p.id() + " (" + GridPoint.describe(p.params()) + ") is not a valid scenario:");
                    lines.addAll(e.problems());
                    throw new ScenarioException(lines);
                }
                List<String> asked = spec.measures().stream().filter(Measures.APPLICATION::contains).toList();
                if (scenario.application() == null && !asked.isEmpty()) {
                    throw new ScenarioException(List.of(spec.file() + ": point " + p.id() + " (" + GridPoint.describe(p.params())
                            + ") has no \"application\", but the measures ask for " + String.join(", ", asked)
                            + "; give the base scenario an application, or leave these measures out"));
                }
            }
        }
    }

    private static String describe(Shard s) {
        return s.equals(Shard.ALL) ? "all the runs (no --shard)" : "shard " + s;
    }

    /** A directory of another grid, or shard, is refused; an unsharded sweep may gain seeds, never lose any. */
    private static void checkSameGrid(Path dir, Manifest now) throws IOException {
        if (!Files.exists(dir.resolve(Manifest.FILE))) {
            if (Files.exists(dir.resolve(RunLog.FILE))) throw new IOException(dir.resolve(RunLog.FILE) + " exists but " + Manifest.FILE + " does not: not a sweep's directory; give another --out");
            return;
        }
        Manifest before = Manifest.read(dir);
        if (!before.grid().equals(now.grid())) {
            throw new IOException(dir + " holds a sweep of a different spec (its axes, measures, rounds or base scenario changed since);"
                    + " give another --out, or delete " + dir + " to start over");
        }
        if (!before.shard().equals(now.shard())) {
            throw new IOException(dir + " holds " + describe(before.shard()) + " of this sweep, not " + describe(now.shard()) + "; give another --out");
        }
        if (before.seeds().equals(now.seeds())) return;
        List<Long> gone = before.seeds().stream().filter(s -> !now.seeds().contains(s)).toList();
        if (!gone.isEmpty()) {
            throw new IOException(dir + " holds runs of seeds the spec no longer has (" + gone.stream().map(String::valueOf).collect(Collectors.joining(", "))
                    + "); seeds may be added, not removed; give another --out");
        }
        if (!now.shard().equals(Shard.ALL)) {
            throw new IOException(dir + " holds shard " + now.shard() + " of this sweep with other seeds: the runs would be dealt to the shards anew;"
                    + " add seeds to an unsharded sweep, or run the new seeds as a spec of their own and merge");
        }
    }

    /** The runs already done; a line of another grid or a run written twice means the file was damaged. */
    private static Set<String> done(List<RunRecord> records, Manifest m, Path file) throws IOException {
        Set<String> ids = m.points().stream().map(GridPoint::id).collect(Collectors.toSet());
        Set<String> done = new HashSet<>();
        for (RunRecord r : records) {
            if (!ids.contains(r.point()) || !m.seeds().contains(r.seed())) throw new IOException(file + ": run " + r.key() + " is not in the grid; move the file away to start over");
            if (!done.add(r.key())) throw new IOException(file + ": run " + r.key() + " is written twice; move the file away to start over");
        }
        return done;
    }

    private static void runAll(SweepSpec spec, Path dir, List<GridPoint> points, List<Integer> todo, int jobs, RunLog log, Listener listener)
            throws IOException, InterruptedException {
        if (listener != null) listener.runsDone(0, todo.size());
        if (todo.isEmpty()) return;
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(jobs, todo.size())), r -> {
            Thread t = new Thread(r, "lockstep-sweep");
            t.setDaemon(true); // a killed sweep must not wait for its runs in flight
            return t;
        });
        try {
            CompletionService<String> runs = new ExecutorCompletionService<>(pool);
            int seeds = spec.seeds().size();
            for (int r : todo) {
                GridPoint p = points.get(r / seeds);
                long seed = spec.seeds().get(r % seeds);
                runs.submit(() -> runOne(p, p.file(dir, seed).toString(), seed, spec.measures()));
            }
            for (int i = 1; i <= todo.size(); i++) {
                String line;
                try {
                    line = runs.take().get();
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
                }
                log.add(line);
                if (listener != null) {
                    listener.runWritten(RunRecord.parse(line));
                    listener.runsDone(i, todo.size());
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** One run: the point's scenario as {@code run} would load it from its file, this seed, its rounds; its JSON line. */
    static String runOne(GridPoint p, String file, long seed, List<String> measures) throws ScenarioException {
        Scenario scenario = ScenarioLoader.parse(p.scenario(seed), file);
        JsonWriter w = new JsonWriter();
        long start = System.nanoTime();
        Measures.run(scenario, seed, scenario.rounds(), measures, w);
        long wallMs = (System.nanoTime() - start) / 1_000_000;
        return RunRecord.line(p, seed, w.toString(), wallMs);
    }
}
