package dev.lockstep.explore;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.protocol.lme.Lme;
import dev.lockstep.protocol.lme.LmeVariant;
import java.util.List;

/** Start simulations for LME explorations: round 0, initial edges linked, nothing else. */
final class LmeStarts {
    /** Large enough that the time-based lockout check never fires during an exploration. */
    static final int NO_LOCKOUT = Integer.MAX_VALUE;

    private LmeStarts() {}

    static Simulation start(LmeVariant variant, int k, int delta, List<String> names, int[]... edges) {
        return start(variant, k, delta, names, false, edges);
    }

    static Simulation start(LmeVariant variant, int k, int delta, List<String> names, boolean randomPorts, int[]... edges) {
        int n = names.size();
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = 4 * i;
            y[i] = i % 2;
        }
        Simulation sim = new Simulation(new SimulationConfig(new Lme(k, variant), names, x, y, null, delta,
                ChannelDiscipline.UNORDERED, randomPorts ? PortAssignment.RANDOM : PortAssignment.LOWEST, new CheckSettings(NO_LOCKOUT), 1));
        for (int[] e : edges) {
            if (!sim.link(e[0], e[1])) throw new IllegalStateException("cannot link " + e[0] + "-" + e[1]);
        }
        return sim;
    }

    /** x–y, Δ = 1. */
    static Simulation pair(LmeVariant variant, int k) {
        return start(variant, k, 1, List.of("x", "y"), new int[] {0, 1});
    }

    /** x, y, z pairwise adjacent, Δ = 2. */
    static Simulation triangle(LmeVariant variant, int k) {
        return start(variant, k, 2, List.of("x", "y", "z"), new int[] {0, 1}, new int[] {0, 2}, new int[] {1, 2});
    }
}
