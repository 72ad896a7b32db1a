package dev.lockstep.app.graph;

import org.graphstream.graph.Graph;
import org.graphstream.ui.fx_viewer.FxViewer;
import org.graphstream.ui.graphicGraph.GraphicGraph;
import org.graphstream.ui.view.View;

/**
 * GraphStream's JavaFX viewer, repainting on JavaFX pulses instead of its own 40 ms timeline
 * (which caps the view at 25 frames per second and is not in step with the screen). The graph
 * view calls {@link #pulse(boolean)} from an {@code AnimationTimer}.
 */
final class PulseViewer extends FxViewer {
    PulseViewer(Graph graph) {
        super(graph, ThreadingModel.GRAPH_IN_GUI_THREAD);
        timeline.stop();
    }

    /**
     * Repaints if the graph changed, or if {@code force} (the overlays changed). Returns whether
     * a frame was drawn.
     */
    boolean pulse(boolean force) {
        GraphicGraph gg = getGraphicGraph();
        if (gg == null) return false;
        boolean changed = gg.graphChangedFlag();
        if (changed) {
            actionPerformed(); // pumps, computes the metrics, displays, resets the flag
            return true;
        }
        if (force) {
            for (View v : views.values()) v.display(gg, true);
            return true;
        }
        return false;
    }
}
