package dev.lockstep.bench.jmh;

import dev.lockstep.bench.LmeBench;
import dev.lockstep.bench.RandomWalk;
import dev.lockstep.core.SeededRandom;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.ScenarioAdversary;
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
 * One unit-disk move through the adversary (the node placed, edges now too long cut, pairs now in
 * range linked) on the lme benchmark's random unit-disk graph (mean degree about 6, radius 1): a
 * node chosen at random takes a {@link RandomWalk#STEP} step. The walk goes on across
 * invocations, between rounds 1 and 2, so the graph keeps its density. Every n/10 moves (a
 * round's worth in {@code lme --moves 0.1}) the graph settles as at a round's end: the port table
 * is tidied and the cell grid laid out afresh when many nodes left their cells, as in a run.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class MoveBenchmark {
    @Param({"10000", "100000"})
    public int nodes;

    private Simulation sim;
    private ScenarioAdversary adversary;
    private SeededRandom random;
    private double side;
    private int movesThisRound;

    @Setup
    public void setUp() {
        Engine engine = LmeBench.build(nodes, 6, 1);
        engine.runUntil(1); // round 0 links the graph
        sim = engine.simulation();
        // No round ends here to move the history horizon up: millions of cuts would pile up in it.
        sim.graph().disableHistory();
        adversary = (ScenarioAdversary) engine.adversary();
        random = new SeededRandom(7);
        side = LmeBench.side(nodes, 6);
    }

    /** The simulation moved (for a test of the set-up, not timed). */
    public Simulation simulation() {
        return sim;
    }

    @Benchmark
    public int move() {
        if (++movesThisRound == nodes / 10) {
            movesThisRound = 0;
            sim.graph().settle();
        }
        RandomWalk.step(sim, adversary, random, side);
        return sim.graph().edgeCount();
    }
}
