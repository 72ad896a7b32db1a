package dev.lockstep.cli;

import dev.lockstep.experiment.Shard;
import dev.lockstep.experiment.Sweep;
import dev.lockstep.experiment.SweepSpec;
import dev.lockstep.scenario.ScenarioException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sweep SPEC --out DIR}: every point of a parameter grid × every seed, on all cores; resumable. */
@Command(name = "sweep", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Run every point of a spec's parameter grid with every seed, on a pool of threads: DIR/runs.jsonl (one line per run), "
                + "DIR/summary.csv (mean, sd, 95%% CI per point), DIR/points/<id>.json (each point's scenario, for 'run' and 'gui'). "
                + "The same command again resumes: the runs already in DIR/runs.jsonl are skipped (README \"Experiments\").")
final class SweepCommand implements Callable<Integer> {
    private final Streams streams;

    @Parameters(hideParamSyntax = true, paramLabel = "SPEC", description = "the sweep spec (JSON)")
    List<String> files = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "the output directory (required; created, or resumed if it holds this sweep)")
    String out;

    @Option(names = "--jobs", paramLabel = "N", converter = Integers.Jobs.class, description = "worker threads (default: the number of cores)")
    Integer jobs;

    @Option(names = "--shard", paramLabel = "I/N", description = "run only the I-th of N disjoint slices of the runs (merge with sweep-merge)")
    String shard;

    @Option(names = "--progress", arity = "0", description = "show the progress on stderr (default: when stderr is a terminal)")
    boolean progress;

    @Option(names = "--no-progress", arity = "0", description = "never show the progress")
    boolean noProgress;

    SweepCommand(Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws UsageException, ScenarioException, IOException, InterruptedException {
        if (files.size() != 1) throw new UsageException("sweep: expected one spec file, got " + files.size());
        if (out == null) throw new UsageException("sweep: --out DIR is required");
        Shard slice = Shard.ALL;
        if (shard != null) {
            slice = Shard.parse(shard);
            if (slice == null) throw new UsageException("sweep: --shard expects I/N with 1 <= I <= N, got \"" + shard + "\"");
        }
        SweepSpec spec = SweepSpec.load(Path.of(files.get(0)));
        int threads = jobs != null ? jobs : Runtime.getRuntime().availableProcessors();
        SweepProgress bar = progress || (streams.terminal() && !noProgress) ? new SweepProgress(streams.err()) : null;
        Sweep.Result r;
        try {
            r = Sweep.run(spec, Path.of(out), threads, slice, bar);
        } finally {
            if (bar != null) bar.finish();
        }
        streams.out().printf("%d runs%s: %d made now, %d already in %s%n", r.total(), slice.equals(Shard.ALL) ? "" : " in shard " + slice,
                r.ran(), r.skipped(), r.dir().resolve("runs.jsonl"));
        return ExitCode.OK;
    }
}
