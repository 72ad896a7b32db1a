package dev.lockstep.core.adversary;

import dev.lockstep.core.Simulation;
import java.util.ArrayList;
import java.util.List;

/** Each enabled node acts with probability {@code activation} (Sec. 2.1's semi-synchronous rounds). */
public record SemiSynchronous(double activation, NodeChoice nodeChoice) implements SchedulerPolicy {
    public SemiSynchronous(double activation) {
        this(activation, NodeChoice.EFFECTIVE);
    }

    @Override
    public String name() {
        return "semi-synchronous";
    }

    @Override
    public List<Planned> plan(Simulation sim) {
        List<Planned> out = new ArrayList<>();
        int[][] buf = {new int[16]};
        for (int u = 0, n = sim.nodeCount(); u < n; u++) {
            int c = SchedulerPolicy.count(sim, nodeChoice, u, buf);
            if (c == 0 || !sim.random().chance(activation)) continue;
            int k = c == 1 ? 0 : sim.random().nextInt(c);
            out.add(Planned.now(sim.decode(u, buf[0][k])));
        }
        return out;
    }
}
