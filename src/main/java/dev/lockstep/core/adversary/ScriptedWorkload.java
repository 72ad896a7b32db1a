package dev.lockstep.core.adversary;

import dev.lockstep.core.Call;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;
import java.util.List;

/**
 * Calls at given rounds. A lock call may carry a {@code hold} (≥ 0): once the node has held its
 * locks that many rounds the workload calls Unlock for it, as the random workload does.
 */
public record ScriptedWorkload(List<Entry> entries) implements Workload {
    /** @param hold rounds to hold before an automatic Unlock, or -1 for none */
    public record Entry(int round, int node, Call call, int hold) {}

    public ScriptedWorkload {
        entries = List.copyOf(entries);
    }

    @Override
    public void calls(Simulation sim) {
        int round = sim.round();
        for (Entry e : entries) if (e.round() == round) sim.call(e.node(), e.call());
        for (int u = 0, n = sim.nodeCount(); u < n; u++) {
            if (sim.status(u) != OperationStatus.LOCKED || sim.hasPendingCalls(u)) continue;
            int hold = latestHold(u, round);
            if (hold >= 0 && round - sim.statusSince(u) >= hold) sim.call(u, Call.UNLOCK);
        }
    }

    private int latestHold(int u, int round) {
        int hold = -1;
        for (Entry e : entries) {
            if (e.node() == u && e.call() == Call.LOCK && e.round() <= round) hold = e.hold();
        }
        return hold;
    }
}
