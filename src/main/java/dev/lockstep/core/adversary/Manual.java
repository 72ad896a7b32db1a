package dev.lockstep.core.adversary;

import dev.lockstep.core.Simulation;
import java.util.List;

/**
 * The person is the adversary: nothing is scheduled automatically; every execution is chosen by
 * hand (and recorded as an input of the session), rounds end when the person says so.
 */
public record Manual() implements SchedulerPolicy {
    @Override
    public String name() {
        return "manual";
    }

    @Override
    public List<Planned> plan(Simulation sim) {
        return List.of();
    }
}
