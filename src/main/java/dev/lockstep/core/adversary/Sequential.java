package dev.lockstep.core.adversary;

import dev.lockstep.core.Listings;
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

    /**
     * One node drawn uniformly among those with a choice, then one of its choices: what counting
     * every node gives, read from the {@link Listings}, which pass over the nodes without a choice
     * 64 at a time.
     */
    @Override
    public List<Planned> plan(Simulation sim) {
        Listings listed = nodeChoice.listAhead(sim);
        int[] enabled = new int[sim.nodeCount()];
        int count = 0;
        for (int u = listed.next(0); u >= 0; u = listed.next(u + 1)) enabled[count++] = u;
        if (count == 0) return List.of();
        int u = enabled[count == 1 ? 0 : sim.random().nextInt(count)];
        int c = listed.count(u);
        return List.of(Planned.now(sim.decode(u, listed.code(u, c == 1 ? 0 : sim.random().nextInt(c)))));
    }

    @Override
    public Tuning tuning(Tuning fallback) {
        return new Tuning(fallback.activation(), fallback.maxDuration(), nodeChoice);
    }
}
