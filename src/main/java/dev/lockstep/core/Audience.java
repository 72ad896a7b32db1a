package dev.lockstep.core;

import java.util.ArrayList;
import java.util.List;

/**
 * The listeners of a simulation and its mute switch. While muted (fast re-execution when
 * travelling in time) nobody hears anything, so every event is told to {@link #all()}.
 */
final class Audience {
    private static final List<SimulationListener> NOBODY = List.of();

    private final List<SimulationListener> listeners = new ArrayList<>();
    private boolean muted;

    void add(SimulationListener l) {
        listeners.add(l);
    }

    void remove(SimulationListener l) {
        listeners.remove(l);
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
}
