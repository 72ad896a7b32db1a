package dev.lockstep.app.graph;

import dev.lockstep.core.Protocol;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javafx.scene.paint.Color;
import org.graphstream.graph.Graph;
import org.graphstream.graph.implementations.MultiGraph;

/**
 * The GraphStream graph the viewer draws: nodes "n&lt;i&gt;" (fill, ring class, position) and edges
 * "e&lt;u&gt;-&lt;v&gt;" with u &lt; v, kept in step with the drawn scene.
 */
final class StreamGraph {
    private final Graph graph = new MultiGraph("lockstep");
    private final Protocol<?> protocol;
    /** Whether GraphStream draws the nodes and edges (else the graph stays empty: {@link BulkPainter} draws them). */
    private final boolean drawn;
    /** Whether edges are drawn faint (amoebots: the lattice and the particles come first). */
    private final boolean faint;

    StreamGraph(Protocol<?> protocol, String[] names, boolean drawn, boolean faint) {
        this.protocol = protocol;
        this.drawn = drawn;
        this.faint = faint;
        graph.setAttribute("ui.stylesheet", Styles.stylesheet(protocol, false, faint));
        graph.setAttribute("ui.antialias");
        graph.setAttribute("ui.quality");
        for (int u = 0; drawn && u < names.length; u++) {
            var node = graph.addNode(nodeId(u));
            node.setAttribute("ui.label", names[u]);
        }
    }

    static String nodeId(int u) {
        return "n" + u;
    }

    static String edgeId(int u, int v) {
        return "e" + Math.min(u, v) + "-" + Math.max(u, v);
    }

    Graph graph() {
        return graph;
    }

    void setLecture(boolean on) {
        graph.setAttribute("ui.stylesheet", Styles.stylesheet(protocol, on, faint));
    }

    /** Node u's ring is drawn by style class "r&lt;index&gt;". */
    void setRing(int u, int index) {
        if (!drawn) return;
        graph.getNode(nodeId(u)).setAttribute("ui.class", "r" + index);
    }

    /** Adds the edges not there yet (in the given order), then removes those not given. */
    void setEdges(List<int[]> edges) {
        if (!drawn) return;
        Set<String> present = new HashSet<>();
        for (int[] e : edges) {
            String id = edgeId(e[0], e[1]);
            present.add(id);
            if (graph.getEdge(id) == null) graph.addEdge(id, nodeId(e[0]), nodeId(e[1]));
        }
        List<String> gone = new ArrayList<>();
        graph.edges().forEach(e -> {
            if (!present.contains(e.getId())) gone.add(e.getId());
        });
        for (String id : gone) graph.removeEdge(id);
    }

    /** Whether node u has no position yet. */
    boolean unplaced(int u) {
        if (!drawn) return false;
        return !graph.getNode(nodeId(u)).hasAttribute("xyz");
    }

    void place(int u, double x, double y) {
        if (!drawn) return;
        graph.getNode(nodeId(u)).setAttribute("xyz", x, y, 0);
    }

    void setFill(int u, Color c) {
        if (!drawn) return;
        graph.getNode(nodeId(u)).setAttribute("ui.color", c);
    }
}
