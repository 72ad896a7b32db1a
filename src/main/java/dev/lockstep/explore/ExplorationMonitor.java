package dev.lockstep.explore;

/**
 * Watches a running exploration and may stop it: the {@code check} command prints its progress on
 * a terminal, the window's "Explore from here…" drives a progress bar and a Cancel button. Both
 * methods are called on the exploring thread, so an implementation shared with another thread
 * hands values over itself (a volatile flag for {@link #cancelled}).
 */
public interface ExplorationMonitor {
    /** Watches nothing and never stops. */
    ExplorationMonitor NONE = new ExplorationMonitor() {};

    /**
     * Every {@link #PROGRESS_EVERY} transitions, at the end of every level and once at the end.
     * Progress never changes what is explored.
     */
    default void progress(ExplorationProgress p) {}

    /**
     * Polled before each state is expanded and every {@link #PROGRESS_EVERY} transitions; once it
     * answers true the exploration ends with {@link ExplorationResult.Stop#CANCELLED}, keeping what
     * it found so far.
     */
    default boolean cancelled() {
        return false;
    }

    /** Transitions between two progress reports (a power of two). */
    int PROGRESS_EVERY = 1 << 12;
}
