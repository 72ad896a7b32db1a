package dev.lockstep.core.adversary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.TimeVaryingGraph;
import dev.lockstep.protocol.lme.Lme;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

/**
 * A unit-disk move through the graph's cell grid cuts and links exactly what the scan of every
 * node did before issue 13, in the same order, drawing the same random ports: over random
 * layouts, radii, port counts, crashes and move sequences, with snapshots taken and restored
 * (time travel) along the way, and with listeners that ask the grid questions or move nodes
 * while they hear.
 */
class UnitDiskMoveProperties {

    /** The move before issue 13, kept as the reference: every node scanned for new pairs in range. */
    static void scanningMove(Simulation sim, double radius, int u, double x, double y) {
        sim.move(u, x, y);
        TimeVaryingGraph g = sim.graph();
        List<Integer> gone = new ArrayList<>();
        for (long s = g.ports(u) & ~1L; s != 0; s &= s - 1) {
            int v = g.peer(u, Long.numberOfTrailingZeros(s));
            if (!UnitDisk.within(g.x(u), g.y(u), g.x(v), g.y(v), radius)) gone.add(v);
        }
        gone.sort(null);
        for (int v : gone) sim.cut(u, v);
        for (int v = 0, n = sim.nodeCount(); v < n; v++) {
            if (v != u && !g.adjacent(u, v) && !sim.crashed(u) && !sim.crashed(v) && UnitDisk.within(g.x(u), g.y(u), g.x(v), g.y(v), radius)) {
                sim.link(u, v);
            }
        }
    }

    /** What a step does: move a node, crash one, take a snapshot or go back to the last one. */
    enum Kind { MOVE, CRASH, SNAPSHOT, RESTORE }

    record Step(Kind kind, int node, double x, double y) {}

    record Run(double radius, int delta, boolean randomPorts, double[] x, double[] y, List<Step> steps) {}

    @Provide
    Arbitrary<Run> runs() {
        Arbitrary<Double> radii = Arbitraries.oneOf(Arbitraries.of(0.5, 1.0, 1.5), Arbitraries.doubles().between(0.1, 4));
        return radii.flatMap(r -> {
            double side = r * (1 + 1e-9); // the grid's cell side: its borders, and one ulp off them
            Arbitrary<Integer> k = Arbitraries.integers().between(-4, 4);
            Arbitrary<Double> c = Arbitraries.oneOf(k.map(i -> i * 0.5), k.map(i -> i * r), k.map(i -> i * side),
                    k.map(i -> Math.nextUp(i * side)), k.map(i -> Math.nextDown(i * r)), Arbitraries.doubles().between(-5, 5).ofScale(4).map(d -> d * r));
            return Arbitraries.integers().between(1, 30).flatMap(n -> {
                Arbitrary<Step> step = Combinators.combine(
                        Arbitraries.frequency(Tuple.of(20, Kind.MOVE), Tuple.of(1, Kind.CRASH), Tuple.of(2, Kind.SNAPSHOT),
                                Tuple.of(2, Kind.RESTORE)),
                        Arbitraries.integers().between(0, n - 1), c, c).as(Step::new);
                return Combinators.combine(Arbitraries.integers().between(1, 5), Arbitraries.of(true, false),
                        c.array(double[].class).ofSize(n), c.array(double[].class).ofSize(n), step.list().ofMaxSize(80))
                        .as((delta, random, x, y, steps) -> new Run(r, delta, random, x, y, steps));
            });
        });
    }

    /** Everything the audience hears of the topology, in order. */
    static final class Heard implements SimulationListener {
        final List<String> lines = new ArrayList<>();

        @Override public void linked(int round, int u, int pu, int v, int pv) {
            lines.add("link " + u + ":" + pu + " " + v + ":" + pv);
        }

        @Override public void cut(int round, int u, int pu, int v, int pv, List<Envelope> lost) {
            lines.add("cut " + u + ":" + pu + " " + v + ":" + pv);
        }

        @Override public void refused(int round, String change, int u, int v, String reason) {
            lines.add("refused " + change + " " + u + " " + v + ": " + reason);
        }

        @Override public void moved(int round, int u, double x, double y) {
            lines.add("moved " + u + " " + x + " " + y);
        }
    }

    private static Simulation simulation(Run run) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < run.x().length; i++) names.add("n" + i);
        return new Simulation(new SimulationConfig(new Lme(), names, run.x(), run.y(), null, run.delta(),
                ChannelDiscipline.UNORDERED, run.randomPorts() ? PortAssignment.RANDOM : PortAssignment.LOWEST,
                CheckSettings.DEFAULTS, 7));
    }

    /**
     * A listener that asks the cell grid a question whenever it hears of a link or cut, in the middle
     * of a move's cuts and links: the move must not lose the nodes in range it found.
     */
    static final class AsksTheGrid implements SimulationListener {
        private final Simulation sim;
        private final double radius;

        AsksTheGrid(Simulation sim, double radius) {
            this.sim = sim;
            this.radius = radius;
        }

        @Override public void linked(int round, int u, int pu, int v, int pv) {
            sim.graph().inRange(v, radius);
        }

        @Override public void cut(int round, int u, int pu, int v, int pv, List<Envelope> lost) {
            sim.graph().inRange(v, radius);
        }
    }

    /**
     * A listener that, hearing of a link made by a move, moves the link's other end a little with
     * the same mover, inside the first move: the first must go on as if the second had been made
     * by anyone else (a move inside a move must not share its scratch).
     */
    static final class MovesAgain implements SimulationListener {
        private final Simulation sim;
        private final AreaMoves.Mover mover;
        private boolean inside;

        MovesAgain(Simulation sim, AreaMoves.Mover mover) {
            this.sim = sim;
            this.mover = mover;
        }

        @Override public void linked(int round, int u, int pu, int v, int pv) {
            if (inside) return;
            inside = true;
            try {
                mover.move(sim, v, sim.graph().x(v) + 0.25, sim.graph().y(v));
            } finally {
                inside = false;
            }
        }
    }

    /** What a {@link #play} adds to the run: none, a listener asking the grid, or one moving nodes. */
    enum Meddler { NONE, ASKS_THE_GRID, MOVES_AGAIN }

    /** Plays the run's steps with {@code mover}; what was heard, then the final edges and the next draw. */
    private static List<String> play(Run run, AreaMoves.Mover mover, Meddler meddler) {
        Simulation sim = simulation(run);
        Heard heard = new Heard();
        sim.addListener(heard);
        if (meddler == Meddler.ASKS_THE_GRID) sim.addListener(new AsksTheGrid(sim, run.radius()));
        if (meddler == Meddler.MOVES_AGAIN) sim.addListener(new MovesAgain(sim, mover));
        ScenarioAdversary initial = new ScenarioAdversary(new int[0], run.radius(), List.of(), null, null, new Synchronous());
        initial.beginTopology(sim); // round 0: every pair in range linked
        Simulation snapshot = sim.copy();
        for (Step s : run.steps()) {
            switch (s.kind()) {
                case MOVE -> mover.move(sim, s.node(), s.x(), s.y());
                case CRASH -> sim.crash(s.node());
                case SNAPSHOT -> snapshot = sim.copy();
                case RESTORE -> {
                    sim.restore(snapshot);
                    heard.lines.add("restored");
                }
            }
        }
        TimeVaryingGraph g = sim.graph();
        for (int u = 0; u < sim.nodeCount(); u++) {
            for (int p = 1; p <= g.delta(); p++) if (g.peer(u, p) >= 0) heard.lines.add("edge " + u + ":" + p + " " + g.peer(u, p));
        }
        heard.lines.add("next draw " + sim.random().nextLong());
        return heard.lines;
    }

    @Property(tries = 300)
    void gridMovesCutAndLinkAsTheScanDid(@ForAll("runs") Run run) {
        ScenarioAdversary adversary = new ScenarioAdversary(new int[0], run.radius(), List.of(), null, null, new Synchronous());
        AreaMoves.Mover scanning = (sim, u, x, y) -> scanningMove(sim, run.radius(), u, x, y);
        List<String> expected = play(run, scanning, Meddler.NONE);
        assertEquals(expected, play(run, adversary::move, Meddler.NONE));
        assertEquals(expected, play(run, adversary::move, Meddler.ASKS_THE_GRID), "with a listener asking the grid during the move");
        assertEquals(play(run, scanning, Meddler.MOVES_AGAIN), play(run, adversary::move, Meddler.MOVES_AGAIN),
                "with a listener moving a node during the move");
    }

    /** A radius that is not positive is refused before the move: no position, edge or event changes. */
    @Test
    void aMoveWithABadRadiusChangesNothing() {
        Run run = new Run(1.0, 3, false, new double[] {0, 0.5, 3}, new double[] {0, 0, 0}, List.of());
        Simulation sim = simulation(run);
        new ScenarioAdversary(new int[0], 1.0, List.of(), null, null, new Synchronous()).beginTopology(sim);
        Heard heard = new Heard();
        sim.addListener(heard);
        for (double bad : new double[] {0, -1, Double.NaN}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sim.move(0, 2.8, 0, bad));
            assertEquals("a unit-disk radius must be positive: " + bad, e.getMessage());
        }
        assertEquals(List.of(), heard.lines, "nothing heard");
        assertEquals(0.0, sim.graph().x(0));
        assertEquals(1, sim.graph().edgeCount(), "0-1 stays, 0-2 never made");
        sim.move(0, 2.8, 0, 1.0);
        assertEquals(List.of("moved 0 2.8 0.0", "cut 0:1 1:1", "link 0:1 2:1"), heard.lines);
    }
}
