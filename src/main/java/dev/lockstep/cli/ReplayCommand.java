package dev.lockstep.cli;

import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.TraceReplay;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code replay TRACE}: re-runs a trace's recorded choices and checks that it reproduces byte for byte. */
@Command(name = "replay", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Re-run a trace's recorded adversary choices and verify it reproduces byte for byte (exit 1 if it diverges).")
final class ReplayCommand implements Callable<Integer> {
    private final Streams streams;

    @Parameters(hideParamSyntax = true, paramLabel = "TRACE", description = "the trace file (JSON lines) to replay")
    List<String> files = new ArrayList<>();

    ReplayCommand(Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws UsageException, ScenarioException {
        if (files.size() != 1) throw new UsageException("replay: expected one trace file");
        TraceReplay.Result r = TraceReplay.verify(Path.of(files.get(0)));
        if (r.identical()) {
            streams.out().printf("trace reproduced exactly: %d records, %d rounds%n", r.lines(), r.simulation().round());
            return ExitCode.OK;
        }
        streams.out().printf("trace diverges at line %d%n  in file:  %s%n  replayed: %s%n", r.differingLine(),
                r.expected() == null ? "(end of file)" : r.expected(), r.actual() == null ? "(end of replay)" : r.actual());
        return ExitCode.VIOLATION;
    }
}
