package dev.lockstep.core.adversary;

/** A scripted schedule asked for something the configuration does not allow. */
public final class ScheduleException extends RuntimeException {
    private final String source;

    public ScheduleException(String source, String message) {
        super(message);
        this.source = source;
    }

    /** Where the failing step was defined (e.g. {@code $.scheduler.steps[4]}). */
    public String source() {
        return source;
    }
}
