package dev.lockstep.core.adversary;

import dev.lockstep.core.Simulation;
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
        return Activation.plan(sim, nodeChoice, activation, s -> 0);
    }

    @Override
    public boolean plan(Simulation sim, ListedPlan out) {
        return Activation.plan(sim, nodeChoice, activation, s -> 0, out);
    }

    @Override
    public Tuning tuning(Tuning fallback) {
        return new Tuning(activation, fallback.maxDuration(), nodeChoice);
    }
}
