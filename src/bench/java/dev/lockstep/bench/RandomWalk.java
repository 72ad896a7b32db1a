package dev.lockstep.bench;

import dev.lockstep.core.SeededRandom;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Adversary;
import dev.lockstep.core.adversary.ListedPlan;
import dev.lockstep.core.adversary.Planned;
import dev.lockstep.core.adversary.ScenarioAdversary;
import java.util.List;

/**
 * Mobility for the lme benchmark: from round 1 on, after the scenario's own topology changes and
 * before its calls, {@code round(fraction · n)} nodes (each chosen uniformly, so a node may move
 * twice) take a step of {@link #STEP} (a quarter of the unit-disk radius) in a uniform direction,
 * clamped to the layout's square, as one batch through {@link ScenarioAdversary#moveAll}: the
 * unit disk cuts the edges now too long and links the pairs now in range, as in any mobile
 * scenario, on the simulation's workers when the batch qualifies. The draws come from the
 * simulation's stream, as every adversary's do.
 */
public final class RandomWalk implements Adversary {
    public static final double STEP = 0.25;

    private final ScenarioAdversary base;
    private final double fraction;
    private final double side;
    /** Wall-clock time in the moves, for {@link PhaseClock} (two clock reads a round). */
    private long moveTime;
    /** A round's batch: the nodes and their targets. */
    private int[] nodes = new int[0];
    private double[] xs = new double[0];
    private double[] ys = new double[0];
    /** Per node, its latest step in the batch being drawn, or -1. */
    private int[] latest = new int[0];

    public RandomWalk(ScenarioAdversary base, double fraction, double side) {
        if (!(fraction >= 0 && fraction <= 1)) throw new IllegalArgumentException("fraction must be in [0, 1]: " + fraction);
        this.base = base;
        this.fraction = fraction;
        this.side = side;
    }

    @Override
    public void beginRound(Simulation sim) {
        base.beginTopology(sim);
        if (sim.round() >= 1) {
            int moves = (int) Math.round(fraction * sim.nodeCount());
            long t0 = System.nanoTime();
            batch(sim, moves);
            moveTime += System.nanoTime() - t0;
        }
        base.beginCalls(sim);
    }

    /**
     * The round's steps drawn as {@link #step} draws them, then made as one batch
     * ({@link ScenarioAdversary#moveAll}), which the core may spread over its workers: the same
     * moves as stepping one by one, since a unit-disk move with ports assigned lowest-first draws
     * nothing from the stream. A node drawn twice steps on from its first step's end.
     */
    private void batch(Simulation sim, int moves) {
        int n = sim.nodeCount();
        if (nodes.length < moves) {
            nodes = new int[moves];
            xs = new double[moves];
            ys = new double[moves];
        }
        if (latest.length != n) {
            latest = new int[n];
            java.util.Arrays.fill(latest, -1);
        }
        SeededRandom random = sim.random();
        for (int i = 0; i < moves; i++) {
            int u = random.nextInt(n);
            double angle = 2 * Math.PI * random.nextDouble();
            int before = latest[u];
            double x0 = before < 0 ? sim.graph().x(u) : xs[before];
            double y0 = before < 0 ? sim.graph().y(u) : ys[before];
            nodes[i] = u;
            xs[i] = clamp(x0 + STEP * Math.cos(angle), side);
            ys[i] = clamp(y0 + STEP * Math.sin(angle), side);
            latest[u] = i;
        }
        for (int i = 0; i < moves; i++) latest[nodes[i]] = -1;
        base.moveAll(sim, nodes, xs, ys, moves);
    }

    long moveTime() {
        return moveTime;
    }

    void resetMoveTime() {
        moveTime = 0;
    }

    /** One node, chosen uniformly, one step in a uniform direction, kept inside [0, side]². */
    public static void step(Simulation sim, ScenarioAdversary adversary, SeededRandom random, double side) {
        int u = random.nextInt(sim.nodeCount());
        double angle = 2 * Math.PI * random.nextDouble();
        double x = clamp(sim.graph().x(u) + STEP * Math.cos(angle), side);
        double y = clamp(sim.graph().y(u) + STEP * Math.sin(angle), side);
        adversary.move(sim, u, x, y);
    }

    private static double clamp(double p, double side) {
        return Math.max(0, Math.min(side, p));
    }

    @Override
    public List<Planned> plan(Simulation sim) {
        return base.plan(sim);
    }

    @Override
    public boolean plan(Simulation sim, ListedPlan out) {
        return base.plan(sim, out);
    }
}
