package dev.lockstep.core.adversary;

import dev.lockstep.core.Simulation;
import java.util.List;

/** Every enabled node acts in every round. */
public record Synchronous(NodeChoice nodeChoice) implements SchedulerPolicy {
    public Synchronous() {
        this(NodeChoice.EFFECTIVE);
    }

    @Override
    public String name() {
        return "synchronous";
    }

    @Override
    public List<Planned> plan(Simulation sim) {
        ListedPlan out = new ListedPlan();
        plan(sim, out);
        return out.planned(sim);
    }

    @Override
    public boolean plan(Simulation sim, ListedPlan out) {
        int[][] buf = {new int[16]};
        nodeChoice.listAhead(sim);
        for (int u = 0, n = sim.nodeCount(); u < n; u++) SchedulerPolicy.pick(sim, nodeChoice, u, buf, out, 0);
        return true;
    }

    @Override
    public Tuning tuning(Tuning fallback) {
        return new Tuning(fallback.activation(), fallback.maxDuration(), nodeChoice);
    }
}
