package dev.lockstep.explore;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.protocol.lme.LmeVariant;
import dev.lockstep.protocol.ricartagrawala.RicartAgrawala;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A small exploration for the reduction properties: an LME variant (or Ricart-Agrawala on the
 * complete graph) on 2-4 nodes, some of the pairs linked, and small bounds.
 *
 * @param variant  LME's variant, or null for Ricart-Agrawala
 * @param edges    bit i·n + j (i &lt; j): i–j is linked at the start
 * @param potential bit i·n + j: i–j may be linked (and cut, if linked)
 */
record ReductionScenario(LmeVariant variant, int n, int edges, int potential, int lockCalls, boolean unlock,
                         int topologyChanges, int depth) {

    Simulation start() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) names.add("n" + i);
        if (variant == null) {
            double[] x = new double[n];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) x[i] = 4 * i;
            Simulation sim = new Simulation(new SimulationConfig(new RicartAgrawala(), names, x, y, null, n - 1,
                    ChannelDiscipline.FIFO, PortAssignment.LOWEST, new CheckSettings(LmeStarts.NO_LOCKOUT), 1));
            for (int i = 0; i < n; i++) for (int j = i + 1; j < n; j++) sim.link(i, j);
            return sim;
        }
        return LmeStarts.start(variant, 2, Math.max(1, n - 1), names, pairs(edges).toArray(new int[0][]));
    }

    ExplorerSettings settings(Reductions reductions) {
        List<int[]> pe = variant == null ? List.of() : pairs(potential);
        return ExplorerSettings.defaults().withLockCalls(lockCalls).withUnlock(unlock)
                .withTopologyChanges(variant == null ? 0 : topologyChanges, pe.toArray(new int[0][]))
                .withMaxDepth(depth).withMaxStates(2_000_000).withReductions(reductions)
                .withTarget(TWO_REQUESTING, ReductionScenario::twoRequesting);
    }

    /** A finding every small scenario can produce, a few steps deep, that no renaming of the nodes changes. */
    static final String TWO_REQUESTING = "two nodes requesting";

    static boolean twoRequesting(Simulation sim) {
        int busy = 0;
        for (int u = 0; u < sim.nodeCount(); u++) if (sim.status(u) != OperationStatus.IDLE) busy++;
        return busy >= 2;
    }

    private List<int[]> pairs(int mask) {
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) if ((mask >> (i * n + j) & 1) != 0) out.add(new int[] {i, j});
        }
        return out;
    }

    /** Each check's first finding's length. */
    static Map<String, Integer> firstLengths(ExplorationResult r) {
        Map<String, Integer> out = new TreeMap<>();
        r.firstFindings().forEach((check, f) -> out.put(check, f.length()));
        return out;
    }
}
