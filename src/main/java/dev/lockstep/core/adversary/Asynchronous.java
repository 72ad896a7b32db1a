package dev.lockstep.core.adversary;

import dev.lockstep.core.Simulation;
import java.util.ArrayList;
import java.util.List;

/**
 * Sec. 5: action executions span intervals. Each round every idle enabled node starts an
 * execution with probability {@code activation}; it lasts 1..{@code maxDuration} rounds (uniform),
 * overlapping the topology changes of those rounds, which the node sees only at its next execution.
 */
public record Asynchronous(double activation, int maxDuration, NodeChoice nodeChoice) implements SchedulerPolicy {
    public Asynchronous(double activation, int maxDuration) {
        this(activation, maxDuration, NodeChoice.EFFECTIVE);
    }

    @Override
    public String name() {
        return "asynchronous";
    }

    @Override
    public List<Planned> plan(Simulation sim) {
        List<Planned> out = new ArrayList<>();
        int[][] buf = {new int[16]};
        for (int u = 0, n = sim.nodeCount(); u < n; u++) {
            int c = SchedulerPolicy.count(sim, nodeChoice, u, buf);
            if (c == 0 || !sim.random().chance(activation)) continue;
            int duration = maxDuration <= 1 ? 1 : 1 + sim.random().nextInt(maxDuration);
            int k = c == 1 ? 0 : sim.random().nextInt(c);
            out.add(new Planned(sim.decode(u, buf[0][k]), duration));
        }
        return out;
    }
}
