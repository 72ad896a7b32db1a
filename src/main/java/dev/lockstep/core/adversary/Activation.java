package dev.lockstep.core.adversary;

import dev.lockstep.core.Simulation;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * The round plan of the policies that activate each node by a coin (semi-synchronous and
 * asynchronous). One loop for both, because the order of the random draws (the coin, then the
 * duration, then the choice) is what makes a seed reproduce a trace.
 */
final class Activation {
    private Activation() {}

    /** Every node with an enabled choice acts with probability {@code activation}, for {@code duration} rounds. */
    static List<Planned> plan(Simulation sim, NodeChoice mode, double activation, ToIntFunction<Simulation> duration) {
        ListedPlan out = new ListedPlan();
        plan(sim, mode, activation, duration, out);
        return out.planned(sim);
    }

    /** {@link #plan(Simulation, NodeChoice, double, ToIntFunction)} into a plan of codes. */
    static boolean plan(Simulation sim, NodeChoice mode, double activation, ToIntFunction<Simulation> duration,
                        ListedPlan out) {
        int[][] buf = {new int[16]};
        mode.listAhead(sim);
        for (int u = 0, n = sim.nodeCount(); u < n; u++) {
            int c = SchedulerPolicy.count(sim, mode, u, buf);
            if (c == 0 || !sim.random().chance(activation)) continue;
            int d = duration.applyAsInt(sim);
            int k = c == 1 ? 0 : sim.random().nextInt(c);
            out.add(u, buf[0][k], d);
        }
        return true;
    }
}
