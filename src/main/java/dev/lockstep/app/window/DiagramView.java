package dev.lockstep.app.window;

import dev.lockstep.core.Simulation;
import dev.lockstep.session.Session;

/** The space-time diagram as the window's parts drive it (the diagram itself lives with the graph views). */
public interface DiagramView {
    void setSimulation(Simulation sim);

    /** Shows the session at the moment where {@code momentCount} events of its branch have happened. */
    void update(Session session, int momentCount);

    void setLecture(boolean on);
}
