package dev.lockstep.session;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Adversary;
import dev.lockstep.core.adversary.Planned;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.SchedulerPolicy;
import java.util.List;

/**
 * The scenario's adversary with a person beside it: the scheduling policy can be switched and the
 * workload turned off; the person's own inputs are applied by the {@link Session}.
 */
final class InteractiveAdversary implements Adversary {
    private final ScenarioAdversary base;
    private SchedulerPolicy policy;
    private boolean workload = true;

    InteractiveAdversary(ScenarioAdversary base) {
        this.base = base;
        this.policy = base.policy();
    }

    ScenarioAdversary base() {
        return base;
    }

    SchedulerPolicy policy() {
        return policy;
    }

    void policy(SchedulerPolicy p) {
        policy = p;
    }

    boolean workload() {
        return workload;
    }

    void workload(boolean on) {
        workload = on;
    }

    @Override
    public void beginRound(Simulation sim) {
        base.beginTopology(sim);
        if (workload) base.beginCalls(sim);
    }

    @Override
    public List<Planned> plan(Simulation sim) {
        return policy.plan(sim);
    }
}
