package dev.lockstep.explore;

import dev.lockstep.core.Violation;
import java.util.function.Supplier;

/** A finding: the violation a step produced and, on demand, the path that leads to it. */
public final class Finding {
    /** The check name under which exceptions thrown during a step are reported. */
    public static final String ERROR = "error";

    private final String check;
    private final Violation violation;
    private final String error;
    private final int length;
    private final Supplier<ExplorationPath> rebuild;
    private ExplorationPath path;

    /** {@code rebuild} replays the path when it is first asked for: only the indices are kept per finding. */
    Finding(String check, Violation violation, String error, int length, Supplier<ExplorationPath> rebuild) {
        this.check = check;
        this.violation = violation;
        this.error = error;
        this.length = length;
        this.rebuild = rebuild;
    }

    public String check() { return check; }

    /** The violation, or null for an {@value #ERROR} finding. */
    public Violation violation() { return violation; }

    /** A sentence: the violation's, or the exception's message. */
    public String message() { return violation != null ? violation.message() : error; }

    /** Steps from the start to the finding, the last one included. */
    public int length() { return length; }

    /** The path from the start, rebuilt by replay (and cached). */
    public ExplorationPath path() {
        if (path == null) path = rebuild.get();
        return path;
    }

    @Override
    public String toString() {
        return check + " after " + length + " steps: " + message();
    }
}
