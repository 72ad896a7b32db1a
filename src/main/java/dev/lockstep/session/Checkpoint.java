package dev.lockstep.session;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.SchedulerPolicy;

/**
 * A copy of the run at the start of a round, with what the inputs had set by then (the policy,
 * the workload, how many inputs were applied): where time travel re-executes from.
 */
record Checkpoint(Simulation sim, SchedulerPolicy policy, boolean workload, int applied) {}
