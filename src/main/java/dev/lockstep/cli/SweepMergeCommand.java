package dev.lockstep.cli;

import dev.lockstep.experiment.SweepMerge;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sweep-merge DIR... --out DIR}: the shards of one sweep as one sweep directory. */
@Command(name = "sweep-merge", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Merge the output directories of a sweep's shards (sweep --shard I/N) into one: every point x seed must be present "
                + "exactly once; writes DIR/runs.jsonl in grid order, DIR/summary.csv, DIR/points and DIR/sweep.json.")
final class SweepMergeCommand implements Callable<Integer> {
    private final Streams streams;

    @Parameters(hideParamSyntax = true, paramLabel = "DIR...", description = "the shards' output directories")
    List<String> dirs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "the merged output directory (required)")
    String out;

    SweepMergeCommand(Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws UsageException, IOException {
        if (dirs.isEmpty()) throw new UsageException("sweep-merge: expected the shards' directories");
        if (out == null) throw new UsageException("sweep-merge: --out DIR is required");
        int n = SweepMerge.merge(dirs.stream().map(Path::of).toList(), Path.of(out));
        streams.out().printf("%d runs merged into %s%n", n, Path.of(out).resolve("runs.jsonl"));
        return ExitCode.OK;
    }
}
