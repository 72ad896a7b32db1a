package dev.lockstep.app.graph;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import javafx.scene.Parent;
import javafx.scene.layout.StackPane;
import org.graphstream.graph.Graph;
import org.graphstream.graph.implementations.MultiGraph;
import org.graphstream.ui.fx_viewer.FxViewPanel;
import org.graphstream.ui.fx_viewer.FxViewer;

/**
 * The graph as PRODUCT.md's visual language draws it, on GraphStream's JavaFX viewer: node fill =
 * the protocol's fill value (LME: state), ring = ring value (LME: phase), port labels at both ends
 * of each edge, free ports, lock pointers and lock-set halos, messages in transit as labelled
 * tokens, animated between steps. Read-only over the simulation; gestures go to the listener.
 *
 * <p>Minimal first version: nodes, edges and fill colours. The full view keeps this API.
 */
public final class GraphView {
    private final Simulation sim;
    private final Graph graph;
    private final FxViewPanel panel;
    private final StackPane root;
    private GraphViewListener listener = new GraphViewListener() {};

    public GraphView(Simulation sim) {
        System.setProperty("org.graphstream.ui", "javafx");
        this.sim = sim;
        this.graph = new MultiGraph("lockstep");
        graph.setAttribute("ui.stylesheet", "node { size: 22px; fill-color: #999999; text-alignment: under; }");
        FxViewer viewer = new FxViewer(graph, FxViewer.ThreadingModel.GRAPH_IN_GUI_THREAD);
        viewer.disableAutoLayout();
        panel = (FxViewPanel) viewer.addDefaultView(false);
        root = new StackPane(panel); // hit-testing needs the view wrapped (GraphStream 2.0)
        root.setId("graph-view");
        update(false);
    }

    /** The JavaFX node to put in a window. */
    public Parent node() {
        return root;
    }

    public void setListener(GraphViewListener l) {
        listener = l;
    }

    /** Redraws from the simulation's current configuration, animating the change if asked. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void update(boolean animate) {
        Protocol<NodeState> p = (Protocol) sim.protocol();
        for (int u = 0; u < sim.nodeCount(); u++) {
            String id = "n" + u;
            var node = graph.getNode(id);
            if (node == null) {
                node = graph.addNode(id);
                node.setAttribute("ui.label", sim.nodeName(u));
            }
            node.setAttribute("xyz", sim.graph().x(u), sim.graph().y(u), 0);
            node.setAttribute("ui.style", "fill-color: " + FILL[Math.max(0, p.fillValues().indexOf(p.fill(sim.state(u)))) % FILL.length] + ";");
        }
        Set<String> present = new java.util.HashSet<>();
        for (int u = 0; u < sim.nodeCount(); u++) {
            for (long s = sim.ports(u) & ~1L; s != 0; s &= s - 1) {
                int v = sim.peer(u, Long.numberOfTrailingZeros(s));
                if (u < v) {
                    String id = "e" + u + "-" + v;
                    present.add(id);
                    if (graph.getEdge(id) == null) graph.addEdge(id, "n" + u, "n" + v);
                }
            }
        }
        List<String> gone = graph.edges().map(e -> e.getId()).filter(id -> !present.contains(id)).toList();
        for (String id : gone) graph.removeEdge(id);
    }

    /** Duration of the animation between two steps, in milliseconds (0: no animation). */
    public void setAnimationMillis(double millis) {}

    /** Large fonts, thick lines, high contrast. */
    public void setLectureMode(boolean on) {}

    public void setTool(Tool tool) {}

    /** The selected node (-1: none). */
    public void setSelected(int node) {}

    /** Nodes to draw attention to (e.g. a violation's nodes); empty to clear. */
    public void setHighlighted(Collection<Integer> nodes) {}

    /** Shows briefly, on the node, why a topology change was refused (e.g. no open port). */
    public void showRefusal(int node, String reason) {}

    /** Frames per second rendered over the last second (for the GUI benchmark). */
    public double framesPerSecond() {
        return 0;
    }

    /** The colour-blind-safe palette (Okabe-Ito) in the order of a protocol's fill values. */
    static final String[] FILL = {"#BBBBBB", "#F0E442", "#E69F00", "#56B4E9", "#0072B2", "#009E73", "#CC79A7", "#D55E00"};
}
