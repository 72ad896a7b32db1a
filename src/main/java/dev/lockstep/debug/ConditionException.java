package dev.lockstep.debug;

/**
 * A breakpoint condition that cannot be read: the message names the column in the text (1-based)
 * and what was expected there, e.g. {@code at column 3: unknown variable "stte" (variables: lock,
 * state, phase, ...)}.
 */
public final class ConditionException extends Exception {
    private final int column;

    /** A problem with no particular position. */
    public ConditionException(String message) {
        super(message);
        this.column = 0;
    }

    /** A problem at {@code column} (1-based) of the condition's text. */
    public ConditionException(int column, String message) {
        super("at column " + column + ": " + message);
        this.column = column;
    }

    /** The 1-based column of the problem in the text, or 0 if it concerns no position. */
    public int column() {
        return column;
    }
}
