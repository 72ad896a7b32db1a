package dev.lockstep.bench.jmh;

import dev.lockstep.bench.LmeBench;
import dev.lockstep.core.Check;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Violation;
import dev.lockstep.core.Workers;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.Planned;
import dev.lockstep.core.adversary.Synchronous;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The simulation core's per-round work on the lme benchmark's run (LME corrected, K = 8, unit
 * disk of mean degree about 6, lock 0.5 / hold 1, synchronous, all live checks), one part at a
 * time: listing every node's enabled choices (the synchronous plan) right after a round, and again
 * with nothing changed since; and each live check's end-of-round pass. Each state runs 20 rounds
 * first, past round 0's linking into the workload's steady state.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CoreHotPathBenchmark {
    static final int WARM_ROUNDS = 20;

    /** A run at a round boundary. */
    @State(Scope.Thread)
    public static class Run {
        @Param({"10000"})
        public int nodes;

        Engine engine;
        Simulation sim;
        final Synchronous policy = new Synchronous();

        @Setup(Level.Trial)
        public void setUp() {
            engine = LmeBench.build(nodes, 6, 1);
            sim = engine.simulation();
            engine.runUntil(WARM_ROUNDS);
        }
    }

    /** A run that goes one round on before each call (not timed), so the call sees what a round left. */
    @State(Scope.Thread)
    public static class AfterRound extends Run {
        @Setup(Level.Invocation)
        public void oneRound() {
            engine.stepRound();
        }
    }

    /** A run and one of LME's live checks, by name (a state of its own: JMH orders no set-ups across a class hierarchy). */
    @State(Scope.Thread)
    public static class OneCheck {
        @Param({"10000"})
        public int nodes;

        @Param({"mutual-exclusion", "persistent-lock-set", "acyclic-dependencies", "lockout", "deadlock"})
        public String check;

        /** Threads the full pass may share its work across ({@link Simulation#workers}). */
        @Param({"1", "2"})
        public int threads;

        Simulation sim;
        Check theCheck;
        final List<Violation> out = new ArrayList<>();

        @Setup(Level.Trial)
        public void setUp() {
            Engine engine = LmeBench.build(nodes, 6, 1);
            engine.runUntil(WARM_ROUNDS);
            sim = engine.simulation();
            if (threads > 1) sim.workers(new Workers(threads));
            for (Check c : sim.protocol().checks(CheckSettings.DEFAULTS)) if (c.name().equals(check)) theCheck = c;
            if (theCheck == null) throw new IllegalArgumentException("LME has no check " + check);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            sim.workers().close();
        }
    }

    /**
     * One check as a run keeps it ({@link Check#forRun()}), told the nodes a round changed: each
     * call first runs the round's executions (not timed) and stops before its end, where the run's
     * own checks and the clearing of the changes would come. {@code lock} is the workload's chance
     * of a Lock call per idle node and round: at 0.5 nearly every node acts each round, at 0.001
     * about 5 % of the nodes change in a round.
     */
    @State(Scope.Thread)
    public static class ChangedCheck {
        @Param({"10000"})
        public int nodes;

        @Param({"mutual-exclusion", "acyclic-dependencies", "lockout"})
        public String check;

        @Param({"0.5", "0.001"})
        public double lock;

        /** Threads the check may share its work across ({@link Simulation#workers}). */
        @Param({"1"})
        public int threads;

        Engine engine;
        Simulation sim;
        Check theCheck;
        int[] changed;
        final List<Violation> out = new ArrayList<>();

        @Setup(Level.Trial)
        public void setUp() {
            engine = LmeBench.build(nodes, 6, 1, 0, lock);
            engine.runUntil(WARM_ROUNDS);
            sim = engine.simulation();
            if (threads > 1) sim.workers(new Workers(threads));
            for (Check c : sim.protocol().checks(CheckSettings.DEFAULTS)) if (c.name().equals(check)) theCheck = c.forRun();
            if (theCheck == null) throw new IllegalArgumentException("LME has no check " + check);
            engine.beginRound();
            while (engine.executeNext()) {
                // the round's executions
            }
            theCheck.endOfRound(sim, null, out); // the first end of round: a full pass fills the memory
        }

        @Setup(Level.Invocation)
        public void nextRound() {
            engine.finishRound();
            engine.beginRound();
            while (engine.executeNext()) {
                // the round's executions
            }
            changed = sim.changedThisRound();
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            sim.workers().close();
        }
    }

    /** The synchronous plan of a round: every node's effective choices listed, one picked for each enabled node. */
    @Benchmark
    public List<Planned> planAfterRound(AfterRound r) {
        return r.policy.plan(r.sim);
    }

    /** The same plan asked again with nothing changed since the last. */
    @Benchmark
    public List<Planned> planUnchanged(Run r) {
        return r.policy.plan(r.sim);
    }

    /** One check's end of round as a run keeps it: the changed nodes only, where it can. */
    @Benchmark
    public List<Violation> endOfRoundChanged(ChangedCheck c) {
        c.out.clear();
        c.theCheck.endOfRound(c.sim, c.changed, c.out);
        return c.out;
    }

    /** One live check's end-of-round pass over the configuration a round left. */
    @Benchmark
    public List<Violation> endOfRoundCheck(OneCheck c) {
        c.out.clear();
        c.theCheck.endOfRound(c.sim, c.out);
        return c.out;
    }
}
