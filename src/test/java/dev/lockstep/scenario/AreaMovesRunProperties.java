package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.NeighbourhoodArea;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.AreaMoves;
import dev.lockstep.core.adversary.Engine;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The moves between areas in runs: each lands on the grid of an area other than the node's own,
 * at the rate asked; a rate of 0 is no moves; runs are deterministic and replay exactly.
 *
 * <p>The rate test runs one fixed seed, so it is deterministic; its tolerance is more than three
 * standard deviations of the count, so it would hold for nearly every seed (it is not tuned to a
 * lucky one), while a wrong rate (per node instead of per round, or off by a factor of 1.2) is
 * many deviations away.
 */
class AreaMovesRunProperties {

    static Scenario load(String text) throws ScenarioException {
        return ScenarioLoader.parse(text, "moves.json");
    }

    /** Follows positions and checks every move against the areas as it happens. */
    static final class MoveChecker implements SimulationListener {
        final List<NeighbourhoodArea> areas;
        final double[] x;
        final double[] y;
        final int[] arrivals;
        int moves;

        MoveChecker(Simulation sim) {
            areas = sim.config().areas();
            x = new double[sim.nodeCount()];
            y = new double[sim.nodeCount()];
            for (int u = 0; u < x.length; u++) {
                x[u] = sim.graph().x(u);
                y[u] = sim.graph().y(u);
            }
            arrivals = new int[areas.size()];
        }

        @Override
        public void moved(int round, int u, double nx, double ny) {
            int from = AreaMoves.owner(areas, x[u], y[u]);
            int to = AreaMoves.owner(areas, nx, ny);
            assertTrue(to >= 0, () -> "round " + round + ": node " + u + " moved outside every area, to " + nx + ", " + ny);
            assertNotEquals(from, to, () -> "round " + round + ": node " + u + " moved within its own area");
            NeighbourhoodArea a = areas.get(to);
            assertOnGrid(nx - a.x());
            assertOnGrid(ny - a.y());
            x[u] = nx;
            y[u] = ny;
            arrivals[to]++;
            moves++;
        }

        private static void assertOnGrid(double offset) {
            double steps = offset / AreaMoves.GRID;
            assertEquals(Math.rint(steps), steps, 1e-6, "a position on the 0.1 grid from the area's corner");
        }
    }

    @Test
    void movesComeAtTheRateAskedAndSpreadOverTheAreas() throws Exception {
        // 0.05 a round over rounds 1..19,999: 999.95 moves expected, Poisson sd ≈ 31.6, so ±100 is over three
        // deviations; with three disjoint areas no draw is skipped, so every Poisson event is a move
        Scenario s = load(AreaMovesTexts.klme(12, 2, 3, 4, 9, 20_000, "\"areaMoves\": {\"rate\": 0.05}"));
        Engine engine = s.engine();
        MoveChecker moves = new MoveChecker(engine.simulation());
        engine.simulation().addListener(moves);
        engine.runUntil(s.rounds());
        assertEquals(0.05 * (s.rounds() - 1), moves.moves, 100, "moves in " + s.rounds() + " rounds");
        // the areas are symmetric under the uniform choices, so each gets a third of the arrivals in the long run;
        // a count near 333 has sd below 15 (about binomial), and ±75 is five of them
        for (int a = 0; a < 3; a++) assertEquals(moves.moves / 3.0, moves.arrivals[a], 75, "arrivals in area " + a);
    }

    /** Random rectangles on the 0.5 grid, overlapping or not, as scenario JSON. */
    static String areas(Random r, int count) {
        List<String> out = new ArrayList<>();
        for (int a = 0; a < count; a++) {
            out.add("{\"name\": \"R" + a + "\", \"x\": " + r.nextInt(20) / 2.0 + ", \"y\": " + r.nextInt(10) / 2.0
                    + ", \"width\": " + (1 + r.nextInt(12)) / 2.0 + ", \"height\": " + (1 + r.nextInt(12)) / 2.0 + "}");
        }
        return "\"areas\": [" + String.join(", ", out) + "]";
    }

    @Property(tries = 30)
    void everyMoveLandsOnTheGridOfAnotherArea(@ForAll @IntRange(min = 2, max = 12) int n,
                                              @ForAll @IntRange(min = 2, max = 5) int areaCount,
                                              @ForAll @IntRange(min = 0, max = 100_000) int layoutSeed,
                                              @ForAll @IntRange(min = 1, max = 30) int tenthsRate) throws Exception {
        // the harness's areas, replaced by random ones that may overlap (a point of an earlier area is
        // redrawn) and may leave nodes outside every area (they may move into any)
        String text = AreaMovesTexts.klme(n, 2, 2, layoutSeed, layoutSeed, 300, "\"areaMoves\": {\"rate\": "
                + tenthsRate / 10.0 + "}").replaceFirst("\"areas\": \\[[^\\]]*\\],", areas(new Random(layoutSeed), areaCount) + ",");
        Scenario s = load(text);
        Engine engine = s.engine();
        MoveChecker moves = new MoveChecker(engine.simulation());
        engine.simulation().addListener(moves);
        engine.runUntil(s.rounds());
        assertTrue(moves.moves <= 0.5 * 300 * tenthsRate, "no more moves than a generous bound on the draws");
    }

    @Test
    void aRateOfZeroIsTheRunWithoutMoves() throws Exception {
        String workload = "\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 6, \"hold\": 2}";
        Scenario none = load(AreaMovesTexts.klme(8, 2, 2, 3, 8, 300, workload));
        Scenario zero = load(AreaMovesTexts.klme(8, 2, 2, 3, 8, 300, "\"areaMoves\": {\"rate\": 0}", workload));
        assertEquals(DeterminismTest.body(DeterminismTest.trace(none, 8)), DeterminismTest.body(DeterminismTest.trace(zero, 8)));
        Scenario some = load(AreaMovesTexts.klme(8, 2, 2, 3, 8, 300, "\"areaMoves\": {\"rate\": 0.05}", workload));
        String moved = DeterminismTest.body(DeterminismTest.trace(some, 8));
        assertNotEquals(DeterminismTest.body(DeterminismTest.trace(none, 8)), moved);
        assertTrue(moved.contains("\"type\":\"move\""), "the moves are in the trace");
    }

    @Property(tries = 8)
    void areaMovesAreDeterministicAndReplay(@ForAll @IntRange(min = 3, max = 12) int n,
                                            @ForAll @IntRange(min = 2, max = 4) int areaCount,
                                            @ForAll @IntRange(min = 0, max = 100_000) int seed) throws Exception {
        String text = AreaMovesTexts.klme(n, 2, areaCount, seed, seed, 300, "\"areaMoves\": {\"rate\": 0.1, \"until\": 250}",
                "\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 5, \"hold\": 2, \"until\": 250}");
        Scenario s = load(text);
        String a = DeterminismTest.trace(s, s.seed());
        assertEquals(a, DeterminismTest.trace(load(text), s.seed()), "same file, same seed: same trace");
        Scenario saved = load(ScenarioWriter.toText(s.json()));
        assertEquals(s.areaMoves(), saved.areaMoves());
        assertEquals(a, DeterminismTest.trace(saved, s.seed()), "load, save, load: same trace");
        DeterminismTest.assertReplays(a);
        assertNotEquals(DeterminismTest.body(a), DeterminismTest.body(DeterminismTest.trace(s, s.seed() + 1)));
    }
}
