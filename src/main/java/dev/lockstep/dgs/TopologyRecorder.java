package dev.lockstep.dgs;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.graphstream.stream.Sink;

/**
 * Forwards a simulation's topology changes to a GraphStream sink as graph events: nodes with x, y
 * when it starts, then a step per round that changes something, edges added and removed, node
 * positions changed. Edge ids are {@code e1}, {@code e2}, ...: one per connection, so a pair cut
 * and linked again gets a new id.
 */
public final class TopologyRecorder implements SimulationListener {
    private static final String SOURCE = "lockstep";

    private final Simulation sim;
    private final Sink sink;
    /** The id of each present edge, by its unordered pair of node indices. */
    private final Map<Long, String> edgeIds = new HashMap<>();
    private long time;
    private int step = -1;
    private int nextEdge = 1;

    TopologyRecorder(Simulation sim, Sink sink) {
        this.sim = sim;
        this.sink = sink;
        for (int u = 0; u < sim.nodeCount(); u++) {
            String name = sim.nodeName(u);
            sink.nodeAdded(SOURCE, time++, name);
            sink.nodeAttributeAdded(SOURCE, time++, name, "x", sim.config().x()[u]);
            sink.nodeAttributeAdded(SOURCE, time++, name, "y", sim.config().y()[u]);
        }
    }

    @Override
    public void linked(int round, int u, int pu, int v, int pv) {
        stepTo(round);
        String id = "e" + nextEdge++;
        edgeIds.put(pair(u, v), id);
        sink.edgeAdded(SOURCE, time++, id, sim.nodeName(u), sim.nodeName(v), false);
    }

    @Override
    public void cut(int round, int u, int pu, int v, int pv, List<Envelope> lost) {
        String id = edgeIds.remove(pair(u, v));
        if (id == null) return;
        stepTo(round);
        sink.edgeRemoved(SOURCE, time++, id);
    }

    @Override
    public void moved(int round, int u, double x, double y) {
        stepTo(round);
        String name = sim.nodeName(u);
        sink.nodeAttributeChanged(SOURCE, time++, name, "x", null, x);
        sink.nodeAttributeChanged(SOURCE, time++, name, "y", null, y);
    }

    private void stepTo(int round) {
        if (round == step) return;
        step = round;
        sink.stepBegins(SOURCE, time++, round);
    }

    private static long pair(int u, int v) {
        return ((long) Math.min(u, v) << 32) | Math.max(u, v);
    }
}
