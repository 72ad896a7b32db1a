package dev.lockstep.scenario;

import dev.lockstep.application.amoebot.Cell;
import dev.lockstep.core.Call;
import dev.lockstep.core.OperationStatus;
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
 * within {@link #RADIUS} of each other are linked), as the amoebot model's moves do. With locks a
 * particle calls Lock with probability {@code move} when idle and moves once it has held its lock
 * set for {@link #HOLD} rounds, then calls Unlock. Stateless: every draw comes from the
 * simulation's stream.
 */
final class LatticeWalkWorkload implements Workload {
    /** Plane distance within which two particles' nodes are linked. */
    static final double RADIUS = 2.01;

    private final double move;
    private final boolean careless;
    /** With locks: a particle calls Lock, moves once it has held its lock set for {@link #HOLD} rounds, and unlocks. */
    private final boolean locked;
    static final int HOLD = 2;

    LatticeWalkWorkload(double move, boolean careless, boolean locked) {
        this.move = move;
        this.careless = careless;
        this.locked = locked;
    }

    @Override
    public void calls(Simulation sim) {
        LatticeWalkState ps = (LatticeWalkState) sim.application();
        for (int u = 0; u < sim.nodeCount(); u++) {
            if (locked) {
                if (sim.crashed(u) || sim.hasPendingCalls(u)) continue;
                OperationStatus status = sim.status(u);
                if (status == OperationStatus.IDLE && sim.random().chance(move)) sim.call(u, Call.LOCK);
                if (status != OperationStatus.LOCKED || sim.round() - sim.statusSince(u) < HOLD) continue;
                step(sim, ps, u);
                sim.call(u, Call.UNLOCK);
                continue;
            }
            if (!sim.random().chance(move)) continue;
            step(sim, ps, u);
        }
    }

    /** One move of u: an expanded particle contracts, a contracted one expands (a careful one only into an empty cell). */
    private void step(Simulation sim, LatticeWalkState ps, int u) {
        if (ps.expanded(u)) {
            sim.applicationStep(u, sim.random().chance(0.5) ? "contract-head" : "contract-tail", -1);
        } else {
            int d = sim.random().nextInt(Cell.DIRECTION_COUNT);
            if (!careless && occupied(ps, ps.tail(u).neighbour(d))) return;
            sim.applicationStep(u, "expand-" + d, -1);
        }
        place(sim, u, ps.x(u), ps.y(u));
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
