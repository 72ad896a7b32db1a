package dev.lockstep.cli;

import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.adversary.UnitDisk;
import dev.lockstep.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;

/**
 * Where {@code check} starts: the scenario's round 0 with its initial edges linked and nothing
 * else, exactly as a run of the scenario links them (explicit edges in file order, unit-disk pairs
 * in (u, v) order; ports as the scenario assigns them). The scenario's workload, dynamics, churn
 * and scheduler are left out: the explorer is the adversary.
 *
 * <p>The time-based {@code lockout} check is switched off (its bound set beyond any path): the
 * exploration merges states reached at different times, so how long a request waited is not part
 * of a state. A request that can never be granted shows up as {@code deadlock} or
 * {@code acyclic-dependencies} instead.
 *
 * @param simulation the start (round 0)
 * @param linked     the initial edges in the order they were linked (the written counterexample
 *                   lists them in this order, so it starts with the same ports)
 */
record CheckStart(Simulation simulation, List<int[]> linked) {
    /** Larger than any path: {@code lockout} never fires during an exploration. */
    static final int NO_LOCKOUT = Integer.MAX_VALUE;

    static CheckStart of(Scenario scenario, long seed) {
        SimulationConfig c = scenario.config(seed);
        SimulationConfig noLockout = new SimulationConfig(c.protocol(), c.names(), c.x(), c.y(), c.regions(), c.delta(),
                c.channels(), c.portAssignment(), new CheckSettings(NO_LOCKOUT), c.seed(), c.areas());
        Simulation sim = new Simulation(noLockout);
        List<int[]> pairs = new ArrayList<>();
        if (scenario.unitDisk() > 0) {
            int n = sim.nodeCount();
            double[] x = new double[n];
            double[] y = new double[n];
            for (int u = 0; u < n; u++) {
                x[u] = scenario.x(u);
                y[u] = scenario.y(u);
            }
            UnitDisk.of(x, y, scenario.unitDisk()).forEachPair((u, v) -> pairs.add(new int[] {u, v}));
        } else {
            int[] e = scenario.edges();
            for (int i = 0; i < e.length; i += 2) pairs.add(new int[] {e[i], e[i + 1]});
        }
        List<int[]> linked = new ArrayList<>();
        for (int[] p : pairs) if (sim.link(p[0], p[1])) linked.add(p); // a refused link (no open port) is refused in a run too
        return new CheckStart(sim, List.copyOf(linked));
    }

    /** "x–y, y–z", or "none". */
    String edgeNames() {
        return names(simulation, linked);
    }

    static String names(Simulation sim, List<int[]> pairs) {
        if (pairs.isEmpty()) return "none";
        StringBuilder sb = new StringBuilder();
        for (int[] p : pairs) {
            if (sb.length() > 0) sb.append(", ");
            sb.append(sim.nodeName(p[0])).append('–').append(sim.nodeName(p[1]));
        }
        return sb.toString();
    }
}
