package dev.lockstep.cli;

import dev.lockstep.dgs.DgsImport;
import dev.lockstep.dgs.ImportOptions;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.ScenarioWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code import-dgs FILE.dgs --out SCENARIO}: a GraphStream DGS file (read by GraphStream's own
 * reader) as a scenario: its step-0 graph the topology, its later steps scripted dynamics.
 */
@Command(name = "import-dgs", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "A GraphStream DGS file as a scenario: the graph at step 0 becomes the nodes and edges, every later step's added and removed edges and moved nodes become topology events in the round of that step.")
final class ImportDgsCommand implements Callable<Integer> {
    private final Streams streams;

    @Parameters(hideParamSyntax = true, paramLabel = "DGS", description = "the DGS file")
    List<String> files = new ArrayList<>();

    @Option(names = "--out", paramLabel = "SCENARIO", description = "the scenario file to write (required)")
    String out;

    @Option(names = "--name", paramLabel = "NAME", description = "the scenario's name (default: the DGS file's name)")
    String name;

    @Option(names = "--protocol", paramLabel = "NAME", description = "the protocol (default lme)")
    String protocol;

    @Option(names = "--delta", paramLabel = "N", converter = Integers.Delta.class, description = "ports per node (default: the largest degree in the file)")
    Integer delta;

    @Option(names = "--seed", paramLabel = "N", converter = Integers.Seed.class, description = "the scenario's seed (default 1)")
    Long seed;

    @Option(names = "--rounds", paramLabel = "N", converter = Integers.Round.class, description = "the scenario's rounds (default: the loader's)")
    Integer rounds;

    ImportDgsCommand(Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        if (files.size() != 1) throw new UsageException("import-dgs: expected one DGS file, got " + files.size());
        if (out == null) throw new UsageException("import-dgs: --out is required (the scenario file to write)");
        Path dgs = Path.of(files.get(0));
        ImportOptions options = ImportOptions.defaults()
                .withName(name != null ? name : dgs.getFileName().toString().replaceFirst("\\.dgs$", ""))
                .withDelta(delta).withSeed(seed).withRounds(rounds);
        if (protocol != null) options = options.withProtocol(protocol);
        String json = DgsImport.toScenarioJson(dgs, options);
        ScenarioLoader.parse(json, out); // refuse to write what the loader would refuse to read
        ScenarioWriter.writeAtomically(Path.of(out), json);
        streams.err().println("wrote " + out);
        return ExitCode.OK;
    }
}
