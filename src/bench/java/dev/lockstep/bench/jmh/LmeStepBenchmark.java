package dev.lockstep.bench.jmh;

import dev.lockstep.bench.LmeBench;
import dev.lockstep.core.adversary.Engine;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One action execution of LME (corrected, K = 8) and one synchronous round, on the lme
 * benchmark's random unit-disk graph (mean degree about 6, lock 0.5, hold 1, all live checks on).
 * The run goes on across invocations: the workload keeps every node busy, so each call finds
 * work.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class LmeStepBenchmark {
    @Param({"100"})
    public int nodes;

    private Engine engine;

    @Setup
    public void setUp() {
        engine = LmeBench.build(nodes, 6, 1);
        engine.runUntil(1); // round 0 links the graph
    }

    /** The next planned execution, beginning and ending rounds as needed. */
    @Benchmark
    public boolean actionExecution() {
        return engine.stepAction(1000);
    }

    /** A whole round: plan, every enabled node executes, the live checks run. */
    @Benchmark
    public int round() {
        engine.stepRound();
        return engine.simulation().round();
    }
}
