package dev.lockstep.cli;

import dev.lockstep.core.adversary.Engine;
import dev.lockstep.debug.ShiVizExport;
import dev.lockstep.io.AtomicFile;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.FileKind;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.TraceWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shiviz FILE [-o OUT] [--seed N] [--rounds N]}: a trace, or a scenario (run first, with its
 * own seed and rounds unless overridden), as a ShiViz log, to OUT or standard output.
 */
@Command(name = "shiviz", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "A trace (or a scenario, run first) as a ShiViz log with vector clocks (README \"ShiViz export\").")
final class ShivizCommand implements Callable<Integer> {
    private final Streams streams;

    @Parameters(hideParamSyntax = true, paramLabel = "TRACE|SCENARIO", description = "a trace, or a scenario to run")
    List<String> files = new ArrayList<>();

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write the log to FILE (default: standard output)")
    String output;

    @Option(names = "--seed", paramLabel = "N", converter = Integers.Seed.class, description = "a scenario's seed (default: its own)")
    Long seed;

    @Option(names = "--rounds", paramLabel = "N", converter = Integers.Round.class, description = "a scenario's rounds (default: its own)")
    Integer rounds;

    ShivizCommand(Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws UsageException, ScenarioException, IOException {
        if (files.size() != 1) throw new UsageException("shiviz: expected one trace or scenario file, got " + files.size());
        Path file = Path.of(files.get(0));
        String text = ScenarioLoader.read(file);
        List<String> lines;
        if (isScenario(text)) {
            lines = ShiVizExport.lines(traceOf(ScenarioLoader.parse(text, file.toString())));
        } else {
            if (seed != null || rounds != null) {
                throw new UsageException("shiviz: --seed and --rounds apply to a scenario; " + file + " is a trace (it fixes both)");
            }
            lines = ShiVizExport.lines(text);
        }
        if (output == null) {
            StringWriter w = new StringWriter();
            ShiVizExport.write(lines, file.toString(), w);
            streams.out().print(w);
            return ExitCode.OK;
        }
        try (AtomicFile target = AtomicFile.create(Path.of(output))) {
            ShiVizExport.write(lines, file.toString(), target.writer());
            target.commit();
        }
        return ExitCode.OK;
    }

    /** The trace of a scenario's run, with its own seed and rounds unless overridden. */
    private String traceOf(Scenario scenario) {
        int r = rounds != null ? rounds : scenario.rounds();
        Engine engine = scenario.engine(seed != null ? seed : scenario.seed());
        StringWriter trace = new StringWriter();
        TraceWriter writer = new TraceWriter(trace, scenario, engine.simulation(), r);
        engine.simulation().addListener(writer);
        engine.runUntil(r);
        writer.finish();
        return trace.toString();
    }

    /**
     * Whether a file is a scenario rather than a trace: a trace's first line is a JSON object of
     * format {@code lockstep-trace/1}. Anything else goes to the scenario loader, whose messages
     * say what is wrong with a broken scenario. (The one place cli tells file formats apart.)
     */
    /** Anything that does not declare itself a trace goes to the scenario loader, whose messages say what is wrong. */
    private static boolean isScenario(String text) {
        return FileKind.of(text) != FileKind.TRACE;
    }
}
