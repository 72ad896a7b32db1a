package dev.lockstep.scenario;

import dev.lockstep.application.amoebot.Cell;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.TimeVaryingGraph;
import dev.lockstep.core.adversary.Workload;
import java.util.ArrayList;
import java.util.List;

/**
 * Moves a {@link LatticeWalk}'s particles at the start of each round, in node order: with
 * probability {@code move} a contracted particle expands into a random adjacent cell (a careful
 * one only into an empty cell) and an expanded one contracts into its head or its tail; the node
 * then goes to the midpoint of its cells ({@code Simulation.move}) and its edges follow (nodes
 * within {@link #RADIUS} of each other are linked), as the amoebot model's moves do. Stateless:
 * every draw comes from the simulation's stream.
 */
final class LatticeWalkWorkload implements Workload {
    /** Plane distance within which two particles' nodes are linked. */
    static final double RADIUS = 2.01;

    private final double move;
    private final boolean careless;

    LatticeWalkWorkload(double move, boolean careless) {
        this.move = move;
        this.careless = careless;
    }

    @Override
    public void calls(Simulation sim) {
        LatticeWalkState ps = (LatticeWalkState) sim.application();
        for (int u = 0; u < sim.nodeCount(); u++) {
            if (!sim.random().chance(move)) continue;
            if (ps.expanded(u)) {
                sim.applicationStep(u, sim.random().chance(0.5) ? "contract-head" : "contract-tail", -1);
            } else {
                int d = sim.random().nextInt(Cell.DIRECTION_COUNT);
                if (!careless && occupied(ps, ps.tail(u).neighbour(d))) continue;
                sim.applicationStep(u, "expand-" + d, -1);
            }
            place(sim, u, ps.x(u), ps.y(u));
        }
    }

    private static boolean occupied(LatticeWalkState ps, Cell c) {
        for (int v = 0; v < ps.particles(); v++) if (ps.tail(v).equals(c) || ps.head(v).equals(c)) return true;
        return false;
    }

    /** Moves u and links and cuts as a unit disk of radius {@link #RADIUS} would. */
    static void place(Simulation sim, int u, double x, double y) {
        sim.move(u, x, y);
        TimeVaryingGraph g = sim.graph();
        List<Integer> gone = new ArrayList<>();
        for (long s = g.ports(u) & ~1L; s != 0; s &= s - 1) {
            int v = g.peer(u, Long.numberOfTrailingZeros(s));
            if (Math.hypot(g.x(u) - g.x(v), g.y(u) - g.y(v)) > RADIUS) gone.add(v);
        }
        for (int v : gone) sim.cut(u, v);
        for (int v : g.inRange(u, RADIUS)) if (v != u && !g.adjacent(u, v)) sim.link(u, v);
    }
}
