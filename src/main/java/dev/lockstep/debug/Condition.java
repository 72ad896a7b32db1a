package dev.lockstep.debug;

import dev.lockstep.core.SystemView;
import dev.lockstep.session.History;

/**
 * A breakpoint condition: the run pauses after the first event for which it holds. The same
 * object serves the command line ({@code run --until "..."}) and the window's breakpoints.
 */
public interface Condition {
    /**
     * Whether the run should stop right after {@code event}; {@code view} is the configuration
     * right after it (state conditions look there, event conditions at the event).
     */
    boolean holdsAfter(History.Event event, SystemView view);

    /** The condition in the command line's syntax (README "Debugging from the command line"), e.g. {@code x.state = locked}. */
    String text();
}
