package dev.lockstep.cli;

import dev.lockstep.dgs.DgsExport;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code export-dgs SCENARIO --out FILE.dgs}: a run's topology history for GraphStream and its tools. */
@Command(name = "export-dgs", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Run a scenario and write its topology history as a GraphStream DGS file (written by GraphStream's own writer): the nodes with x and y, then one step per round that links, cuts or moves.")
final class ExportDgsCommand implements Callable<Integer> {
    private final Streams streams;

    @Parameters(hideParamSyntax = true, paramLabel = "SCENARIO", description = "the scenario file")
    List<String> files = new ArrayList<>();

    @Option(names = "--out", paramLabel = "FILE", description = "the DGS file to write (required)")
    String out;

    @Option(names = "--seed", paramLabel = "N", converter = Integers.Seed.class, description = "the seed (default: the scenario's)")
    Long seed;

    @Option(names = "--rounds", paramLabel = "N", converter = Integers.Round.class, description = "rounds to run (default: the scenario's)")
    Integer rounds;

    ExportDgsCommand(Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        if (files.size() != 1) throw new UsageException("export-dgs: expected one scenario file, got " + files.size());
        if (out == null) throw new UsageException("export-dgs: --out is required (the DGS file to write)");
        Scenario scenario = ScenarioLoader.load(Path.of(files.get(0)));
        DgsExport.write(scenario, seed != null ? seed : scenario.seed(), rounds != null ? rounds : scenario.rounds(), Path.of(out));
        streams.err().println("wrote " + out);
        return ExitCode.OK;
    }
}
