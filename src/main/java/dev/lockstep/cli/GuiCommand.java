package dev.lockstep.cli;

import dev.lockstep.json.Printable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gui [FILE]}: opens the visualizer and returns when its window is closed. The options are
 * checked here; the window reads them itself from the arguments as given ({@code dev.lockstep.app.Gui}).
 * {@code --screenshot} and the options after it serve the README's screenshots.
 */
@Command(name = "gui", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Open the visualizer (on the built-in default scenario if no file is given), run N rounds first, in lecture mode, in manual mode; --screenshot saves the window as a PNG and exits.")
final class GuiCommand implements Callable<Integer> {
    private final Streams streams;

    @Spec
    CommandSpec spec;

    @Parameters(hideParamSyntax = true, paramLabel = "[SCENARIO | SESSION]", description = "a scenario or session file")
    List<String> files = new ArrayList<>();

    @Option(names = "--rounds", paramLabel = "N", converter = Integers.Round.class, description = "run N rounds first")
    Integer rounds;

    @Option(names = "--lecture", arity = "0", description = "start in lecture mode")
    boolean lecture;

    @Option(names = "--manual", arity = "0", description = "start in manual mode")
    boolean manual;

    @Option(names = "--screenshot", paramLabel = "PNG", description = "save the window as PNG and exit")
    String screenshot;

    @Option(names = "--select", paramLabel = "NODE", description = "select NODE (for --screenshot)")
    String select;

    @Option(names = "--size", paramLabel = "WxH", description = "the window's size (for --screenshot)")
    String size;

    @Option(names = "--jump", paramLabel = "STEP", converter = Integers.Step.class, description = "jump to step STEP (for --screenshot)")
    Long jump;

    @Option(names = "--tab", paramLabel = "PANEL", description = "show PANEL (for --screenshot)")
    String tab;

    @Option(names = "--split", paramLabel = "F", description = "the divider's position, a fraction (for --screenshot)")
    String split;

    @Option(names = "--zoom", paramLabel = "F", description = "zoom the graph in by F around its centre (for --screenshot)")
    String zoom;

    GuiCommand(Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws UsageException {
        if (files.size() > 1) throw new UsageException("gui: expected at most one scenario or session file");
        if (files.size() == 1 && !Files.isRegularFile(Path.of(files.get(0)))) {
            streams.err().println(Printable.escape(files.get(0)) + ": no such file");
            return ExitCode.BAD_INPUT;
        }
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        try {
            dev.lockstep.app.Gui.launch(args.subList(1, args.size()).toArray(new String[0]));
        } catch (UnsupportedOperationException | IllegalStateException e) {
            // e.g. no display: the environment, not a bug
            streams.err().println("lockstep: cannot open a window: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        return ExitCode.OK;
    }
}
