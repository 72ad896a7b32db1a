package dev.lockstep.bench;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Adversary;
import dev.lockstep.core.adversary.ListedPlan;
import dev.lockstep.core.adversary.Planned;
import java.util.List;
import java.util.Locale;

/**
 * The lme benchmark's {@code --phases}: an adversary around the benchmark's own that times, by the
 * wall clock, where each round goes from the engine's side: its start (topology changes, the
 * random walk's moves, the workload's calls), its plan (the listing), and the rest (the action
 * executions and the round's end with its checks), which the engine runs between one plan and
 * the next round's start. The clock stays in the benchmark: the core never reads one.
 */
final class PhaseClock implements Adversary {
    private final Adversary base;
    private long start;
    private long plan;
    private long rest;
    private long planEnded = -1;

    PhaseClock(Adversary base) {
        this.base = base;
    }

    /** Forgets what was timed so far (round 0's linking). */
    void reset() {
        start = plan = rest = 0;
        planEnded = -1;
        if (base instanceof RandomWalk w) w.resetMoveTime();
    }

    @Override
    public void beginRound(Simulation sim) {
        long t0 = System.nanoTime();
        if (planEnded >= 0) rest += t0 - planEnded;
        planEnded = -1;
        base.beginRound(sim);
        start += System.nanoTime() - t0;
    }

    @Override
    public List<Planned> plan(Simulation sim) {
        long t0 = System.nanoTime();
        List<Planned> p = base.plan(sim);
        ended(t0);
        return p;
    }

    @Override
    public boolean plan(Simulation sim, ListedPlan out) {
        long t0 = System.nanoTime();
        boolean listed = base.plan(sim, out);
        ended(t0);
        return listed;
    }

    private void ended(long t0) {
        planEnded = System.nanoTime();
        plan += planEnded - t0;
    }

    /** The phases' seconds since {@link #reset}, the last round's rest counted up to now. */
    String report() {
        long last = planEnded >= 0 ? System.nanoTime() - planEnded : 0;
        String moves = base instanceof RandomWalk w ? String.format(Locale.ROOT, " (the moves %.3f s)", w.moveTime() / 1e9) : "";
        return String.format(Locale.ROOT, "phases: round starts %.3f s%s, plans %.3f s, executions and round ends %.3f s",
                start / 1e9, moves, plan / 1e9, (rest + last) / 1e9);
    }
}
