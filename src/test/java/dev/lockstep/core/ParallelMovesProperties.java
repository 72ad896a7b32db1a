package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.Synchronous;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * A batch of unit-disk moves made on several threads ({@link ParallelMoves}) leaves exactly what
 * making them one by one leaves: over generated LME runs in which hundreds of moves a round crowd
 * a small layout (so that many moves overlap and wait for each other), with nodes moved twice in a
 * batch, steps of every length, positions far outside the layout, crashed nodes and messages in
 * transit, on 1, 2 and 3 threads, with a normal and a tiny run of free port-table slots a thread
 * (so that threads run out mid-move, and the table compacts and grows while the others wait):
 * every port, connection, detector, position and grid answer, the presence history, the messages
 * in transit, the statistics, the nodes touched, every later round's configuration, and the
 * random stream's position.
 */
class ParallelMovesProperties {
    private static final int ROUNDS = 12;

    /** What a run leaves, round by round, and how many batches ran on several threads. */
    private record Run(String trace, long parallelBatches) {}

    private static final class Batch {
        int[] us;
        double[] xs;
        double[] ys;
        int count;
    }

    /** Round r's moves: a random node each, a step of a random length (now and then a jump, or far off), drawn from {@code r} alone. */
    private static Batch batch(Random r, Simulation sim, double side) {
        int n = sim.nodeCount();
        Batch b = new Batch();
        b.count = 3 * ParallelMoves.MIN_MOVES_PER_THREAD + r.nextInt(3 * n); // enough for three threads
        b.us = new int[b.count];
        b.xs = new double[b.count];
        b.ys = new double[b.count];
        double[] x = new double[n];
        double[] y = new double[n];
        for (int u = 0; u < n; u++) {
            x[u] = sim.graph().x(u);
            y[u] = sim.graph().y(u);
        }
        for (int i = 0; i < b.count; i++) {
            int u = r.nextInt(n);
            int kind = r.nextInt(20);
            double step = kind == 0 ? side * r.nextDouble() : kind == 1 ? 1 + 3 * r.nextDouble() : 0.5 * r.nextDouble();
            double angle = 2 * Math.PI * r.nextDouble();
            x[u] = kind == 2 ? -5 - 10 * r.nextDouble() : x[u] + step * Math.cos(angle);
            y[u] = kind == 3 ? side + 10 * r.nextDouble() : y[u] + step * Math.sin(angle);
            b.us[i] = u;
            b.xs[i] = x[u];
            b.ys[i] = y[u];
        }
        return b;
    }

    /** Everything of the graph and the run a move may change, as text. */
    static String state(Simulation sim) {
        StringBuilder sb = new StringBuilder();
        TimeVaryingGraph g = sim.graph();
        int n = sim.nodeCount();
        for (int u = 0; u < n; u++) {
            sb.append(u).append('@').append(g.x(u)).append(',').append(g.y(u)).append(':');
            for (int p = 1; p <= g.delta(); p++) {
                if (g.peer(u, p) >= 0) sb.append(p).append('>').append(g.peer(u, p)).append('.').append(g.peerPort(u, p))
                        .append('#').append(g.connectionId(u, p)).append(' ');
            }
            sb.append("D").append(g.pendingDisconnections(u)).append(" U").append(g.pendingConnections(u))
                    .append(" near").append(Arrays.toString(g.inRange(u, 1.0))).append('\n');
        }
        sb.append("edges ").append(g.edgeCount()).append(" history ").append(g.historySize());
        int round = sim.round();
        for (int u = 0; u < n; u += 3) {
            for (int v = u + 1; v < n; v += 5) {
                for (int i = Math.max(g.historyHorizon(), round - 3); i <= round; i++) if (g.persisted(u, v, i, round)) sb.append(" p").append(u).append('-').append(v).append('@').append(i);
            }
        }
        Stats s = sim.stats();
        sb.append("\nlost ").append(s.messagesLost()).append(' ').append(s.tokensLost()).append(" transit ").append(sim.channels().total())
                .append(' ').append(TransitIds.of(sim)).append("\ntouched ").append(Arrays.toString(SimulationInternals.world(sim).changes.sorted()));
        return sb.toString();
    }

    private static Run run(long generator, Workers workers, int arena, boolean oneByOne) {
        return run(generator, workers, arena, oneByOne, null);
    }

    /** With {@code pause} told of every step of a parallel batch's layout (see {@link ParallelMoves#layoutPause}). */
    private static Run run(long generator, Workers workers, int arena, boolean oneByOne, ParallelMoves.LayoutPause pause) {
        Random r = new Random(generator);
        Engine engine = RandomLmeEngines.engine(r, 220, x -> new Synchronous());
        Simulation sim = engine.simulation();
        sim.workers(workers);
        sim.moveArena(arena);
        SimulationInternals.topology(sim).batch().layoutPause = pause;
        double side = dev.lockstep.bench.LmeBench.side(sim.nodeCount(), 4);
        Random moves = new Random(r.nextLong());
        StringBuilder out = new StringBuilder();
        engine.runUntil(2); // round 0 links the unit disk, round 1 puts messages in transit
        for (int round = 0; round < ROUNDS; round++) {
            if (moves.nextInt(6) == 0) sim.crash(moves.nextInt(sim.nodeCount()));
            Batch b = batch(moves, sim, side);
            if (oneByOne) {
                for (int i = 0; i < b.count; i++) sim.move(b.us[i], b.xs[i], b.ys[i], 1.0);
            } else {
                sim.moveAll(b.us, b.xs, b.ys, b.count, 1.0);
            }
            out.append(state(sim)).append('\n');
            engine.stepRound();
            out.append(sim.configuration().hashCode()).append(' ').append(sim.violations()).append('\n');
        }
        out.append("next draw ").append(sim.random().nextLong());
        return new Run(out.toString(), SimulationInternals.topology(sim).batch().batches);
    }

    @Property(tries = 12, seed = "1313")
    void parallelBatchesLeaveWhatMovesOneByOneLeave(@ForAll long generator) {
        Run expected = run(generator, Workers.SINGLE, 4096, true);
        assertEquals(0, expected.parallelBatches);
        assertEquals(expected.trace, run(generator, Workers.SINGLE, 4096, false).trace, "one thread, as a batch");
        long parallel = 0;
        try (Workers two = new Workers(2); Workers three = new Workers(3)) {
            for (Workers w : new Workers[] {two, three}) {
                for (int arena : new int[] {4096, 1}) {
                    Run got = run(generator, w, arena, false);
                    assertEquals(expected.trace, got.trace, w.threads() + " threads, runs of " + arena + " free slots");
                    parallel += got.parallelBatches;
                }
            }
        }
        assertTrue(parallel > 0, "some batches ran on several threads");
    }

    /**
     * The thread that lays a batch out lets the others make the moves laid out so far, and none
     * beyond: at each step of a slowed layout, the moves below it get made (the layout waits for
     * them; without the overlap it would wait forever), and after a further pause none at or above
     * it is. The result is still that of one by one.
     */
    @Test
    void movesStartWhileTheBatchIsLaidOutButNeverAheadOfIt() {
        long generator = 77;
        Run expected = run(generator, Workers.SINGLE, 4096, true);
        try (Workers two = new Workers(2); Workers three = new Workers(3)) {
            for (Workers w : new Workers[] {two, three}) {
                java.util.concurrent.atomic.AtomicInteger steps = new java.util.concurrent.atomic.AtomicInteger();
                java.util.concurrent.atomic.AtomicInteger ahead = new java.util.concurrent.atomic.AtomicInteger();
                java.util.concurrent.atomic.AtomicInteger stuck = new java.util.concurrent.atomic.AtomicInteger();
                ParallelMoves.LayoutPause pause = (batch, laid) -> {
                    steps.incrementAndGet();
                    long deadline = System.nanoTime() + 10_000_000_000L;
                    for (int i = 0; i < laid; i++) {
                        while (!batch.isDone(i)) {
                            if (System.nanoTime() > deadline) {
                                stuck.incrementAndGet();
                                return;
                            }
                            Thread.onSpinWait();
                        }
                    }
                    java.util.concurrent.locks.LockSupport.parkNanos(200_000);
                    if (batch.isDone(laid)) ahead.incrementAndGet();
                };
                Run got = run(generator, w, 4096, false, pause);
                assertEquals(expected.trace, got.trace, w.threads() + " threads, a slow layout");
                assertTrue(got.parallelBatches > 0 && steps.get() > 10, w.threads() + " threads: " + steps + " steps laid out");
                assertEquals(0, stuck.get(), "moves laid out were not made while the layout went on");
                assertEquals(0, ahead.get(), "moves made ahead of the layout");
            }
        }
    }

    private static Engine engine(Workers workers) {
        Engine engine = RandomLmeEngines.engine(new Random(99), 200, x -> new Synchronous());
        engine.simulation().workers(workers);
        engine.runUntil(2);
        return engine;
    }

    private static Simulation linked(Workers workers) {
        return engine(workers).simulation();
    }

    /** A batch on several threads is only taken when nobody listens: a listener hears every event of every move, in move order. */
    @Test
    void aListenedBatchIsMadeOneByOne() {
        try (Workers two = new Workers(2)) {
            List<List<String>> heard = new ArrayList<>();
            for (Workers w : new Workers[] {Workers.SINGLE, two}) {
                Simulation sim = linked(w);
                List<String> lines = new ArrayList<>();
                sim.addListener(new SimulationListener() {
                    @Override public void linked(int round, int u, int pu, int v, int pv) { lines.add("link " + u + " " + v); }

                    @Override public void cut(int round, int u, int pu, int v, int pv, List<Envelope> lost) { lines.add("cut " + u + " " + v + " " + lost.size()); }
                });
                Batch b = batch(new Random(5), sim, dev.lockstep.bench.LmeBench.side(sim.nodeCount(), 4));
                sim.moveAll(b.us, b.xs, b.ys, b.count, 1.0);
                assertEquals(0, SimulationInternals.topology(sim).batch().batches);
                assertTrue(lines.size() > 100, "the moves linked and cut");
                heard.add(lines);
            }
            assertEquals(heard.get(0), heard.get(1));
        }
    }

    /**
     * A plain move (no radius) may leave an edge longer than the radius, which a parallel batch
     * could not see coming: the next batch runs one by one, and gives what one by one gives.
     */
    @Test
    void aBatchAfterAPlainMoveOfALinkedNodeIsMadeOneByOne() {
        try (Workers two = new Workers(2)) {
            Engine engine = engine(two);
            Simulation parallel = engine.simulation();
            Simulation serial = linked(Workers.SINGLE);
            int u = 0;
            while (parallel.graph().degree(u) == 0) u++;
            Batch b = batch(new Random(6), parallel, dev.lockstep.bench.LmeBench.side(parallel.nodeCount(), 4));
            for (Simulation sim : new Simulation[] {parallel, serial}) {
                sim.move(u, sim.graph().x(u) + 30, sim.graph().y(u)); // far from its neighbours, still linked
                sim.moveAll(b.us, b.xs, b.ys, b.count, 1.0);
            }
            assertEquals(0, SimulationInternals.topology(parallel).batch().batches);
            assertEquals(state(serial), state(parallel));
            // u's move on the disk cuts the long edges; the next round's batch sees that and runs in parallel
            parallel.move(u, parallel.graph().x(u), parallel.graph().y(u), 1.0);
            engine.stepRound();
            parallel.moveAll(b.us, b.xs, b.ys, b.count, 1.0);
            assertEquals(1, SimulationInternals.topology(parallel).batch().batches);
        }
    }

    /** A node that does not exist, or a radius that is not positive, is refused before the first move: nothing changes. */
    @Test
    void aBadBatchChangesNothing() {
        try (Workers two = new Workers(2)) {
            Simulation sim = linked(two);
            Batch b = batch(new Random(7), sim, dev.lockstep.bench.LmeBench.side(sim.nodeCount(), 4));
            String before = state(sim);
            b.us[b.count - 1] = sim.nodeCount();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sim.moveAll(b.us, b.xs, b.ys, b.count, 1.0));
            assertEquals("move " + (b.count - 1) + ": no node " + sim.nodeCount() + " (there are " + sim.nodeCount() + ")", e.getMessage());
            b.us[b.count - 1] = 0;
            assertThrows(IllegalArgumentException.class, () -> sim.moveAll(b.us, b.xs, b.ys, b.count, 0));
            assertThrows(IllegalArgumentException.class, () -> sim.moveAll(b.us, b.xs, b.ys, b.count + 1, 1.0));
            assertEquals(before, state(sim));
        }
    }
}
