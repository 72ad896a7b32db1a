package dev.lockstep.app.graph;

/**
 * Gestures on the graph view, in model terms. The view never changes the simulation: the window
 * turns these into session inputs (adversary inputs, recorded and replayable).
 */
public interface GraphViewListener {
    default void nodeClicked(int node) {}

    default void backgroundClicked() {}

    /** Right click (or the context-menu key) on a node, at screen coordinates. */
    default void nodeContextMenu(int node, double screenX, double screenY) {}

    /** Right click on empty space, at model position (x, y) and screen coordinates (e.g. "add a node here"). */
    default void backgroundContextMenu(double x, double y, double screenX, double screenY) {}

    /** A node dragged to model position (x, y); {@code finished} on mouse release. */
    default void nodeDragged(int node, double x, double y, boolean finished) {}

    /** The edge tool connected u and v. */
    default void linkRequested(int u, int v) {}

    /** The cut tool hit the edge u–v. */
    default void cutRequested(int u, int v) {}

    /** A click on a message in transit (its envelope id), e.g. to receive it in manual mode. */
    default void tokenClicked(long messageId) {}
}
