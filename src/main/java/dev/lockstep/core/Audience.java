package dev.lockstep.core;

import java.util.ArrayList;
import java.util.List;

/**
 * The listeners of a simulation and its mute switch. While muted (fast re-execution when
 * travelling in time) nobody hears anything, so every event is told to {@link #all()}.
 */
final class Audience {
    private static final List<SimulationListener> NOBODY = List.of();

    private static final SimulationListener[] NONE = {};

    private final List<SimulationListener> listeners = new ArrayList<>();
    /** {@link #listeners} as an array, remade on every change: a loop over it makes no iterator. */
    private SimulationListener[] array = NONE;
    private boolean muted;

    void add(SimulationListener l) {
        listeners.add(l);
        array = listeners.toArray(NONE);
    }

    void remove(SimulationListener l) {
        listeners.remove(l);
        array = listeners.toArray(NONE);
    }

    void mute(boolean on) {
        muted = on;
    }

    boolean muted() {
        return muted;
    }

    /** Whom an event is told to: every listener, or nobody while muted. */
    List<SimulationListener> all() {
        return muted ? NOBODY : listeners;
    }

    /**
     * {@link #all()} as an array, for the events of every round's many calls and links: a loop
     * over the list made an iterator each time (the list is one of two classes, so the compiler
     * did not always take it apart). Not to be written.
     */
    SimulationListener[] listening() {
        return muted ? NONE : array;
    }
}
