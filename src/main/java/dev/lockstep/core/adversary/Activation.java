package dev.lockstep.core.adversary;

import dev.lockstep.core.Listings;
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
        Listings listed = mode.listAhead(sim);
        // only nodes with a choice draw a coin: the nodes passed over drew nothing before either
        for (int u = listed.next(0); u >= 0; u = listed.next(u + 1)) {
            if (!sim.random().chance(activation)) continue;
            int c = listed.count(u);
            int d = duration.applyAsInt(sim);
            int k = c == 1 ? 0 : sim.random().nextInt(c);
            out.add(u, listed.code(u, k), d);
        }
        return true;
    }
}
