package dev.lockstep.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * The benchmarks' command line ({@code java -jar target/lockstep-bench.jar}, built by the
 * {@code bench} Maven profile): the macro benchmarks whose figures README's "Performance"
 * section reports, and the JMH micro-benchmarks. Exit codes as in the application: 0, 2 for a
 * usage error (one line and a hint, as the application prints them), 3 for a failure.
 */
@Command(name = "lockstep-bench", mixinStandardHelpOptions = true, versionProvider = BenchLauncher.Version.class,
        description = "Lockstep's benchmarks (README \"Performance\").",
        subcommands = {LmeBench.class, TravelBench.class, ExportBench.class, GuiBench.class, SweepBench.class, BenchLauncher.Jmh.class})
public final class BenchLauncher implements Runnable {
    static final int OK = CommandLine.ExitCode.OK;
    static final int BAD_INPUT = CommandLine.ExitCode.USAGE;
    static final int INTERNAL_ERROR = 3;

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs a benchmark command and returns its exit code. */
    static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new BenchLauncher());
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((e, argv) -> {
            // one line and where to read more: the whole usage would bury the message
            e.getCommandLine().getErr().println("lockstep: " + e.getMessage());
            e.getCommandLine().getErr().println("see '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help'");
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((e, c, parsed) -> {
            c.getErr().println("lockstep: " + c.getCommandName() + " failed: " + e);
            e.printStackTrace(c.getErr());
            return INTERNAL_ERROR;
        });
        int code = cl.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "no benchmark given");
    }

    /** JMH's own command line ({@code -f 1 -wi 1 -i 1 -r 1s -w 1s [REGEX]}, {@code -h} for its help). */
    @Command(name = "jmh", description = "the JMH micro-benchmarks; every argument goes to JMH (-h for its options)")
    static final class Jmh implements Runnable {
        @Unmatched
        List<String> args = new ArrayList<>();

        @Override
        public void run() {
            try {
                org.openjdk.jmh.Main.main(args.toArray(new String[0]));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"lockstep-bench " + dev.lockstep.io.JarVersion.current()};
        }
    }
}
