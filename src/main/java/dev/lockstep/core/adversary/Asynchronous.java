package dev.lockstep.core.adversary;

import dev.lockstep.core.Simulation;
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
        return Activation.plan(sim, nodeChoice, activation, this::duration);
    }

    @Override
    public boolean plan(Simulation sim, ListedPlan out) {
        return Activation.plan(sim, nodeChoice, activation, this::duration, out);
    }

    private int duration(Simulation sim) {
        return maxDuration <= 1 ? 1 : 1 + sim.random().nextInt(maxDuration);
    }

    @Override
    public Tuning tuning(Tuning fallback) {
        return new Tuning(activation, maxDuration, nodeChoice);
    }
}
