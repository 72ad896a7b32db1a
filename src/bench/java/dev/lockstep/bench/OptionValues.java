package dev.lockstep.bench;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Integer options checked against their range, with the messages the application's command line
 * gave before the benchmarks left it ({@code bench: --rounds expects an integer between 1 and
 * 1000000, got "x"}).
 */
final class OptionValues {
    private final CommandSpec spec;
    private final String command;

    /** {@code command} names the benchmark in messages (as the application did: "bench", "gui-bench"). */
    OptionValues(CommandSpec spec, String command) {
        this.spec = spec;
        this.command = command;
    }

    long integer(String name, String value, long min, long max) {
        try {
            long x = Long.parseLong(value);
            if (x < min || x > max) throw new NumberFormatException();
            return x;
        } catch (NumberFormatException e) {
            throw usage(name + " expects an integer" + (min == Long.MIN_VALUE ? "" : " between " + min + " and " + max)
                    + ", got \"" + value + "\"");
        }
    }

    /** A number between 0 and 1; {@code what} says which in the message ("a fraction", "a chance"). */
    double fraction(String name, String value, String what) {
        double x;
        try {
            x = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            x = Double.NaN;
        }
        if (!(x >= 0 && x <= 1)) throw usage(name + " expects " + what + " between 0 and 1, got \"" + value + "\"");
        return x;
    }

    /** A usage error: exit 2, the message on one line and a hint. */
    ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), command + ": " + message);
    }
}
