package dev.lockstep.explore;

import dev.lockstep.core.Call;
import dev.lockstep.core.Choice;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Simulation;
import java.util.ArrayList;
import java.util.List;

/**
 * The moves available in a state, in the order the explorer documents, and the per-state counters
 * that bound them: Lock calls per node, then topology changes, then (only with stray calls on, so
 * that the keys and counts of other explorations stay as they were) stray calls per node.
 */
final class MoveGenerator {
    private final ExplorerSettings settings;
    private final int n;

    /**
     * Moves from states reachable from {@code start}.
     *
     * @throws IllegalArgumentException if the settings name nodes the start lacks, the start has
     *                                  executions under way, or topology changes are asked for
     *                                  without the lowest-port assignment
     */
    MoveGenerator(Simulation start, ExplorerSettings settings) {
        this.settings = settings;
        this.n = start.nodeCount();
        for (int[] e : settings.potentialEdges()) {
            if (e[1] >= n) throw new IllegalArgumentException("potential edge names no node " + e[1]);
        }
        if (start.executionsInFlight() != 0) throw new IllegalArgumentException("start has executions under way");
        if (settings.maxTopologyChanges() > 0 && start.config().portAssignment() != PortAssignment.LOWEST) {
            // A seeded-random port choice depends on the random stream, which configurations ignore.
            throw new IllegalArgumentException("topology changes need the lowest-port assignment to be explored");
        }
    }

    ExplorerSettings settings() {
        return settings;
    }

    /** The counters of the start state (all zero). */
    byte[] startCounters() {
        return new byte[settings.maxStrayCallsPerNode() > 0 ? 2 * n + 1 : n + 1];
    }

    /** Every move available in a state, in the documented order. */
    List<AdversaryMove> moves(Simulation sim, byte[] counters) {
        List<AdversaryMove> out = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            if (sim.hasPendingCalls(u)) continue;
            OperationStatus s = sim.status(u);
            if (s == OperationStatus.IDLE && counters[u] < settings.maxLockCallsPerNode()) {
                out.add(new AdversaryMove.CallMove(u, Call.LOCK));
            } else if (s == OperationStatus.LOCKED && settings.unlock()) {
                out.add(new AdversaryMove.CallMove(u, Call.UNLOCK));
            }
            if (settings.maxStrayCallsPerNode() > 0 && counters[n + 1 + u] < settings.maxStrayCallsPerNode()) {
                if (s != OperationStatus.IDLE) out.add(new AdversaryMove.CallMove(u, Call.LOCK));
                if (s != OperationStatus.LOCKED) out.add(new AdversaryMove.CallMove(u, Call.UNLOCK));
            }
        }
        for (Choice c : sim.choices()) {
            int[] bounds = sim.drawBounds(c);
            int[] draws = new int[bounds.length];
            while (true) {
                out.add(new AdversaryMove.ExecuteMove(c.withDraws(draws)));
                int i = draws.length - 1;
                while (i >= 0 && ++draws[i] == bounds[i]) draws[i--] = 0;
                if (i < 0) break;
            }
        }
        if (counters[n] < settings.maxTopologyChanges()) {
            for (int u = 0; u < n; u++) {
                for (int v = u + 1; v < n; v++) {
                    if (sim.graph().adjacent(u, v)) out.add(new AdversaryMove.CutMove(u, v));
                }
            }
            for (int[] e : settings.potentialEdges()) {
                if (!sim.graph().adjacent(e[0], e[1]) && sim.graph().hasOpenPort(e[0]) && sim.graph().hasOpenPort(e[1])) {
                    out.add(new AdversaryMove.LinkMove(e[0], e[1]));
                }
            }
        }
        return out;
    }

    /**
     * The counters after {@code m}. A call is stray when the node's status turns it away: the
     * caller passes the simulation the move applies to (before applying it).
     */
    byte[] after(byte[] counters, AdversaryMove m, Simulation before) {
        if (m instanceof AdversaryMove.CallMove c) {
            OperationStatus s = before.status(c.node());
            boolean stray = c.call() == Call.LOCK ? s != OperationStatus.IDLE : s != OperationStatus.LOCKED;
            if (stray) {
                byte[] b = counters.clone();
                b[n + 1 + c.node()]++;
                return b;
            }
            if (c.call() == Call.UNLOCK) return counters;
            byte[] b = counters.clone();
            b[c.node()]++;
            return b;
        }
        if (m instanceof AdversaryMove.CutMove || m instanceof AdversaryMove.LinkMove) {
            byte[] b = counters.clone();
            b[n]++;
            return b;
        }
        return counters;
    }
}
