package dev.lockstep.app.window;

import dev.lockstep.core.TimeVaryingGraph;
import dev.lockstep.figure.Arrangement;
import java.util.ArrayList;
import java.util.List;

/**
 * View › Layout: places every node on a circle, a grid or by GraphStream's force-directed layout.
 * Each placement is the person's moves, one session input per node that changes place, all at the
 * same round start: recorded, saved and replayed like a drag, told in one narration line, and
 * undone by one step back in time. On a unit disk, where a move links and cuts edges, it is not
 * offered: there the positions are the topology; nor with areas of the plane, where a node's
 * position decides its region (a layout would move nodes between neighbourhoods).
 */
public final class NodeLayouts {
    public enum Kind {
        CIRCLE("a circle"), GRID("a grid"), FORCE("a force-directed layout (GraphStream's SpringBox)");

        final String description;

        Kind(String description) {
            this.description = description;
        }
    }

    private final WindowState state;
    private final Inputs inputs;
    private final StatusBar status;

    NodeLayouts(WindowState state, Inputs inputs, StatusBar status) {
        this.state = state;
        this.inputs = inputs;
        this.status = status;
    }

    public void apply(Kind kind) {
        String why = LayoutOffer.whyNot(state.session.unitDisk(), state.sim().config().areas());
        if (why != null) {
            status.say(why);
            return;
        }
        TimeVaryingGraph g = state.sim().graph();
        int n = g.nodeCount();
        double[] x = new double[n];
        double[] y = new double[n];
        for (int u = 0; u < n; u++) {
            x[u] = g.x(u);
            y[u] = g.y(u);
        }
        double[][] to = positions(kind, g, Arrangement.around(x, y));
        List<Integer> moved = new ArrayList<>();
        for (int u = 0; u < n; u++) if (to[0][u] != x[u] || to[1][u] != y[u]) moved.add(u);
        if (moved.isEmpty()) {
            status.say("The nodes are already laid out in " + kind.description);
            return;
        }
        inputs.input("laid the nodes out in " + kind.description, moved, () -> {
            for (int u : moved) state.session.move(u, to[0][u], to[1][u]);
        });
    }

    /** Where each node goes: {xs, ys}, inside the square around the current drawing. */
    static double[][] positions(Kind kind, TimeVaryingGraph g, Arrangement.Box box) {
        int n = g.nodeCount();
        return switch (kind) {
            case CIRCLE -> Arrangement.circle(n, box);
            case GRID -> Arrangement.grid(n, box);
            case FORCE -> {
                double[][] raw = ForceDirected.layout(n, edges(g));
                yield Arrangement.fit(raw[0], raw[1], box);
            }
        };
    }

    /** The current edges, each once, in node order. */
    static List<int[]> edges(TimeVaryingGraph g) {
        List<int[]> out = new ArrayList<>();
        for (int u = 0; u < g.nodeCount(); u++) {
            for (long s = g.ports(u); s != 0; s &= s - 1) {
                int v = g.peer(u, Long.numberOfTrailingZeros(s));
                if (v > u) out.add(new int[] {u, v});
            }
        }
        return out;
    }
}
