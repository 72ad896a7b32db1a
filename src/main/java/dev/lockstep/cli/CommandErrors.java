package dev.lockstep.cli;

import dev.lockstep.core.adversary.ScheduleException;
import dev.lockstep.io.WriteException;
import dev.lockstep.json.Printable;
import dev.lockstep.scenario.ScenarioException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import picocli.CommandLine;
import picocli.CommandLine.MaxValuesExceededException;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * What goes wrong, on stderr, and its exit code. A usage error is one line and where to read
 * more ({@code see 'lockstep run --help'}): the whole usage would bury the message. Bad input is
 * the loader's messages (file:line:col: $.path: ...); anything else is a bug.
 */
final class CommandErrors implements CommandLine.IParameterExceptionHandler, CommandLine.IExecutionExceptionHandler {
    private final PrintStream err;

    CommandErrors(PrintStream err) {
        this.err = err;
    }

    /** Picocli could not parse the arguments: today's messages for each kind of mistake. */
    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        // a command's mistakes are prefixed with its name; the top level's (help's too) are not
        String name = cmd.getParent() == null ? "" : cmd.getCommandName() + ": ";
        String message;
        if (ex instanceof UnmatchedArgumentException && cmd.getParent() == null) {
            message = "unknown command \"" + args[0] + "\"";
        } else if (ex instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            message = name + "unknown option " + u.getUnmatched().get(0);
        } else if (ex instanceof MissingParameterException && args.length > 0) {
            // options may take option-like values, so a value is missing only at the end
            String option = args[args.length - 1];
            message = name + option + (option.equals("-o") ? " needs a file" : " needs a value"); // shiviz -o: a file, as always
        } else if (ex instanceof MaxValuesExceededException && flagWithValue(cmd, args) != null) {
            message = name + "unknown option " + flagWithValue(cmd, args);
        } else if (ex.getCause() instanceof TypeConversionException t && ex.getArgSpec() instanceof OptionSpec o) {
            message = name + o.longestName() + " " + t.getMessage();
        } else {
            message = name + ex.getMessage();
        }
        return usage(message, cmd);
    }

    /** A flag given a value ({@code --json=yes}): the argument as typed. */
    private static String flagWithValue(CommandLine cmd, String[] args) {
        for (String a : args) {
            int eq = a.indexOf('=');
            if (!a.startsWith("-") || eq < 0) continue;
            OptionSpec o = cmd.getCommandSpec().findOption(a.substring(0, eq));
            if (o != null && o.arity().max() == 0) return a;
        }
        return null;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine cmd, ParseResult parsed) {
        if (e instanceof UsageException) return usage(e.getMessage(), cmd);
        if (e instanceof ScenarioException s) {
            for (String p : s.problems()) err.println(Printable.escape(p));
            return ExitCode.BAD_INPUT;
        }
        if (e instanceof ScheduleException s) {
            err.println(Printable.escape(s.source() + ": " + s.getMessage()));
            return ExitCode.BAD_INPUT;
        }
        if (e instanceof IOException) {
            err.println("lockstep: " + Printable.escape(e.getMessage()));
            return ExitCode.BAD_INPUT;
        }
        if (e instanceof UncheckedIOException u) {
            // Writing the trace failed mid-run (text UTF-8 cannot encode, disk full): the input or
            // the environment, not a bug. A WriteException names the file and the reason itself.
            err.println("lockstep: " + (u.getCause() instanceof WriteException ? "" : "cannot write: ")
                    + Printable.escape(u.getCause().getMessage()));
            return ExitCode.BAD_INPUT;
        }
        return internal(e);
    }

    /** A bug (or the JVM out of memory): the exception and its stack trace, to report. */
    int internal(Throwable e) {
        err.println("lockstep: internal error: " + Printable.escape(e.toString()));
        e.printStackTrace(err);
        return ExitCode.INTERNAL_ERROR;
    }

    /** A usage error: the message, and the help of the command it concerns. */
    private int usage(String message, CommandLine cmd) {
        err.println("lockstep: " + Printable.escape(message));
        err.println("see '" + cmd.getCommandSpec().qualifiedName() + " --help'");
        return ExitCode.BAD_INPUT;
    }
}
