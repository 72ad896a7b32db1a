package dev.lockstep.core.adversary;

import dev.lockstep.core.Listings;
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

    /**
     * Every node with a choice, in node order, with one of its choices drawn uniformly (a draw
     * only where it has two or more): what {@link SchedulerPolicy#pick} of each node gives, read
     * from the listings without copying them, passing over the nodes that have none.
     */
    @Override
    public boolean plan(Simulation sim, ListedPlan out) {
        Listings listed = nodeChoice.listAhead(sim);
        for (int u = listed.next(0); u >= 0; u = listed.next(u + 1)) {
            int c = listed.count(u);
            out.add(u, listed.code(u, c == 1 ? 0 : sim.random().nextInt(c)), 0);
        }
        return true;
    }

    @Override
    public Tuning tuning(Tuning fallback) {
        return new Tuning(fallback.activation(), fallback.maxDuration(), nodeChoice);
    }
}
