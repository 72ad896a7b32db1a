package dev.lockstep.core.adversary;

import dev.lockstep.core.Simulation;
import java.util.List;

/** One enabled node, chosen uniformly, acts per round. */
public record Sequential(NodeChoice nodeChoice) implements SchedulerPolicy {
    public Sequential() {
        this(NodeChoice.EFFECTIVE);
    }

    @Override
    public String name() {
        return "sequential";
    }

    @Override
    public List<Planned> plan(Simulation sim) {
        int[][] buf = {new int[16]};
        nodeChoice.listAhead(sim);
        int[] enabled = new int[sim.nodeCount()];
        int count = 0;
        for (int u = 0, n = sim.nodeCount(); u < n; u++) {
            if (SchedulerPolicy.count(sim, nodeChoice, u, buf) > 0) enabled[count++] = u;
        }
        if (count == 0) return List.of();
        int u = enabled[count == 1 ? 0 : sim.random().nextInt(count)];
        int c = SchedulerPolicy.count(sim, nodeChoice, u, buf);
        return List.of(Planned.now(sim.decode(u, buf[0][c == 1 ? 0 : sim.random().nextInt(c)])));
    }

    @Override
    public Tuning tuning(Tuning fallback) {
        return new Tuning(fallback.activation(), fallback.maxDuration(), nodeChoice);
    }
}
