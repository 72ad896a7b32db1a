package dev.lockstep.cli;

import dev.lockstep.scenario.Summary;
import java.util.LinkedHashMap;
import java.util.Map;

/** The command line's exit codes, the only place they are defined. */
public final class ExitCode {
    /** No check violated (replay: the trace reproduced). */
    public static final int OK = 0;
    /** A check was violated (replay: the trace diverged). */
    public static final int VIOLATION = 1;
    /** Bad input or usage; the message is on stderr. */
    public static final int BAD_INPUT = 2;
    /** An internal error: a bug, please report it. */
    public static final int INTERNAL_ERROR = 3;

    private ExitCode() {}

    /** The exit code of a run that ends with this summary. */
    static int of(Summary summary) {
        return summary.violations().isEmpty() ? OK : VIOLATION;
    }

    /** The codes with their meaning, for the usage text. */
    static Map<String, String> descriptions() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put(String.valueOf(OK), "no check violated (replay: identical)");
        d.put(String.valueOf(VIOLATION), "a check was violated (replay: diverged)");
        d.put(String.valueOf(BAD_INPUT), "bad input or usage (the message is on stderr)");
        d.put(String.valueOf(INTERNAL_ERROR), "internal error (a bug: please report it)");
        return d;
    }
}
