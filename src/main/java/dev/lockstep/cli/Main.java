package dev.lockstep.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command line: {@code lockstep COMMAND [options]}, one class per command, parsed by picocli.
 * Exit codes are in {@link ExitCode}; what goes wrong is reported by {@link CommandErrors}.
 */
@Command(name = "lockstep", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Simulates and visualizes mutual-exclusion protocols on time-varying graphs.",
        synopsisSubcommandLabel = "COMMAND", descriptionHeading = "%n", optionListHeading = "%nOptions:%n",
        commandListHeading = "%nCommands:%n",
        footer = {"", "'lockstep COMMAND --help' describes a command and its options; README.md has the details."})
public final class Main implements Callable<Integer> {
    private final Streams streams;

    public Main(PrintStream out, PrintStream err, boolean stderrIsTerminal) {
        this.streams = new Streams(out, err, stderrIsTerminal);
    }

    public static void main(String[] args) {
        int code = new Main(System.out, System.err, Progress.stderrIsTerminal()).execute(args);
        System.out.flush();
        System.exit(code);
    }

    /** Runs a command and returns its exit code; never throws. */
    public int execute(String[] args) {
        CommandErrors failures = new CommandErrors(streams.err());
        PrintWriter out = new PrintWriter(streams.out(), true);
        try {
            return commandLine(failures, out).execute(args);
        } catch (RuntimeException | OutOfMemoryError e) {
            return failures.internal(e);
        } finally {
            out.flush();
        }
    }

    /** The command tree, ready to execute (package-private for the tests of its help). */
    CommandLine commandLine(CommandErrors failures, PrintWriter out) {
        CommandLine cl = new CommandLine(this)
                .addSubcommand(new RunCommand(streams))
                .addSubcommand(new CheckCommand(streams))
                .addSubcommand(new ShivizCommand(streams))
                .addSubcommand(new ReplayCommand(streams))
                .addSubcommand(new ExportCommand(streams))
                .addSubcommand(new GuiCommand(streams))
                .addSubcommand(new ImportDgsCommand(streams))
                .addSubcommand(new ExportDgsCommand(streams))
                .addSubcommand(new SweepCommand(streams))
                .addSubcommand(new SweepMergeCommand(streams))
                .addSubcommand(new PlotCommand(streams))
                .addSubcommand(new CommandLine.HelpCommand())
                .addSubcommand(new CompletionCommand(streams));
        cl.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(ExitCode.descriptions());
        Usage.install(cl);
        // settings after the subcommands: picocli passes them down to those present
        cl.setOut(out)
                .setErr(new PrintWriter(streams.err(), true))
                .setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF))
                .setExpandAtFiles(false) // a file named @x is a file
                .setOverwrittenOptionsAllowed(true) // --seed 1 --seed 2: the last one
                .setAllowOptionsAsOptionParameters(true) // --trace --json writes a file named --json, as before
                .setParameterExceptionHandler(failures)
                .setExecutionExceptionHandler(failures);
        return cl;
    }

    /** {@code lockstep} alone. */
    @Override
    public Integer call() throws UsageException {
        throw new UsageException("no command given");
    }
}
