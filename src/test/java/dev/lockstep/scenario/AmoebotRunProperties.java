package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.application.LockMode;
import dev.lockstep.application.amoebot.Cell;
import dev.lockstep.application.amoebot.MoveWorkload;
import dev.lockstep.application.amoebot.NoCollisionCheck;
import dev.lockstep.application.amoebot.Particles;
import dev.lockstep.application.amoebot.Reach;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Violation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.ScenarioAdversary;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Amoebot moves on top of LME (Sec. 6, second paragraph): with the corrected LME's locks no two
 * particles ever share or claim one cell and every Lock is served, over random blobs, seeds,
 * policies (asynchronous above all) and holds; the graph and the nodes' positions follow the
 * particles; without locks, or with locks over the amoebot model's distance-1 neighbourhoods, a
 * seeded search finds a collision; runs are deterministic, traces replay, copies carry the cells.
 */
class AmoebotRunProperties {

    static Scenario load(String text) throws ScenarioException {
        return ScenarioLoader.parse(text, "amoebots.json");
    }

    static List<String> checksViolated(Simulation sim) {
        List<String> out = new ArrayList<>();
        for (Violation v : sim.violations()) if (!out.contains(v.check())) out.add(v.check());
        return out;
    }

    /** Checks the state directly (not through the checks): no shared cell, no shared claim. Returns a problem or null. */
    static String collision(Particles p) {
        Map<Cell, Integer> on = new HashMap<>();
        Map<Cell, Integer> claims = new HashMap<>();
        for (int u = 0; u < p.particles(); u++) {
            for (Cell c : p.expanded(u) ? List.of(p.tail(u), p.head(u)) : List.of(p.tail(u))) {
                Integer other = on.put(c, u);
                if (other != null) return "particles " + other + " and " + u + " on " + c;
            }
            if (p.claim(u) != null) {
                Integer other = claims.put(p.claim(u), u);
                if (other != null) return "particles " + other + " and " + u + " both claim " + p.claim(u);
            }
        }
        return null;
    }

    /** The graph is the Reach relation and every node sits at the midpoint of its particle's cells. */
    static void assertFollows(Simulation sim) {
        Particles p = (Particles) sim.application();
        for (int u = 0; u < p.particles(); u++) {
            assertEquals((p.tail(u).x() + p.head(u).x()) / 2, sim.graph().x(u), 1e-12, "x of " + u);
            assertEquals((p.tail(u).y() + p.head(u).y()) / 2, sim.graph().y(u), 1e-12, "y of " + u);
            for (int v = u + 1; v < p.particles(); v++) {
                assertEquals(Reach.adjacent(p, u, v), sim.graph().adjacent(u, v), "round " + sim.round() + ": edge " + u + "–" + v);
            }
        }
    }

    /** The rounds a property run lets the particles call Lock, and the most it then waits for the last Locks. */
    static final int CALLING = 300, DRAIN = 4000;

    /**
     * With locks, over random blobs (dense and connected, or scattered), seeds, policies and holds:
     * no two particles ever share or claim a cell (checked on the state itself each round, and by
     * the checks), the graph is the Reach relation and each node sits at its particle's midpoint
     * after every round, and every Lock succeeds: once the particles stop calling Lock, every
     * request made is served (LME's lockout freedom is eventual; its waits here reach some 1300
     * rounds on dense blobs under the slow asynchronous policy, so the bound is 4000).
     */
    @Property(tries = 40)
    void withLocksMovesNeverCollideAndEveryLockSucceeds(
            @ForAll @IntRange(min = 2, max = 12) int n, @ForAll @IntRange(min = 3, max = 9) int side,
            @ForAll @IntRange(min = 0, max = 10_000) int layout, @ForAll @IntRange(min = 1, max = 10_000) int seed,
            @ForAll @IntRange(min = 0, max = 5) int policy, @ForAll @IntRange(min = 0, max = 3) int hold,
            @ForAll @DoubleRange(min = 0.05, max = 0.6) double move) throws Exception {
        String cells = AmoebotTexts.randomCells(n, Math.max(side, (int) Math.ceil(Math.sqrt(n)) + 1), layout);
        // asynchronous three times in six
        String schedule = AmoebotTexts.POLICIES[policy < 3 ? policy % 2 : policy - 2];
        Scenario s = load(AmoebotTexts.scenario(cells, seed, CALLING, schedule, "neighbourhood", move, hold, DRAIN));
        Engine engine = s.engine();
        Simulation sim = engine.simulation();
        for (int r = 1; r <= CALLING; r++) {
            engine.runUntil(r);
            assertEquals(null, collision((Particles) sim.application()), "round " + r);
            assertFollows(sim);
        }
        // the same run, with no new Lock from now on: every request made is served
        Engine draining = new Engine(sim, new ScenarioAdversary(new int[0], 0, List.of(), null,
                new MoveWorkload(LockMode.NEIGHBOURHOOD, 0, hold), s.policy()));
        for (int r = CALLING + 1; r <= CALLING + DRAIN && sim.stats().locksAcquired() < sim.stats().lockRequests(); r++) {
            draining.runUntil(r);
            assertEquals(null, collision((Particles) sim.application()), "round " + r);
            assertFollows(sim);
        }
        assertEquals(sim.stats().lockRequests(), sim.stats().locksAcquired(), "every Lock succeeds");
        assertEquals(List.of(), sim.violations(), "no collision, no lockout, no check of LME or of the graph");
    }

    @Test
    void withLocksParticlesDoMove() {
        // the property above is not vacuous: moves are written, and Locks are served within the run
        long[] totals = new long[3];
        for (int seed = 1; seed <= 5; seed++) {
            try {
                Engine engine = load(AmoebotTexts.scenario(AmoebotTexts.randomCells(10, 8, seed), seed, 300, AmoebotTexts.POLICIES[0],
                        "neighbourhood", 0.2, 1, 1000)).engine();
                engine.runUntil(300);
                Particles p = (Particles) engine.simulation().application();
                totals[0] += p.expansions();
                totals[1] += p.contractions();
                totals[2] += engine.simulation().stats().locksAcquired();
                assertEquals(List.of(), engine.simulation().violations());
            } catch (ScenarioException e) {
                throw new AssertionError(e);
            }
        }
        assertTrue(totals[0] > 20 && totals[1] > 10 && totals[2] > 40, java.util.Arrays.toString(totals));
    }

    @Test
    void withoutLocksASeededSearchFindsACollision() throws Exception {
        int found = -1;
        for (int seed = 1; seed <= 20 && found < 0; seed++) {
            Engine engine = load(AmoebotTexts.scenario(AmoebotTexts.randomCells(10, 5, seed), seed, 100, AmoebotTexts.POLICIES[0],
                    "none", 0.3, 2, 1000)).engine();
            engine.runUntil(100);
            if (checksViolated(engine.simulation()).contains(NoCollisionCheck.NAME)) found = seed;
        }
        assertTrue(found > 0, "no run without locks collided");
    }

    /**
     * Why Reach is distance 2: with LME's locks over the amoebot model's distance-1
     * neighbourhoods, particles two cells apart ((0,0), (2,0), (4,0), …) are not neighbours, two of
     * them hold their locks at once and both expand into the cell between them — found by a
     * seeded search; over distance 2, never. (Once a particle has moved, its edges follow the
     * Reach relation again: the search looks for the first moves.)
     */
    @Test
    void locksOverDistanceOneNeighbourhoodsDoNotIsolateMoves() throws Exception {
        String text = AmoebotTexts.scenario("{\"shape\": \"line\", \"particles\": 8, \"spacing\": 2}", 1, 60,
                AmoebotTexts.POLICIES[3], "neighbourhood", 0.5, 3, 1000);
        Scenario s = load(text);
        int collided = -1;
        for (int seed = 1; seed <= 40; seed++) {
            // the distance-1 graph of particles two cells apart has no edge
            Engine distanceOne = new Engine(new Simulation(s.config(seed)),
                    new ScenarioAdversary(new int[0], 0, List.of(), null, s.workload(), s.policy()));
            distanceOne.runUntil(60);
            if (checksViolated(distanceOne.simulation()).contains(NoCollisionCheck.NAME)) {
                collided = seed;
                List<Violation> found = distanceOne.simulation().violations();
                assertTrue(found.stream().anyMatch(v -> v.message().matches("p0\\d and p0\\d are both expanding into \\(\\d+,0\\)")),
                        found::toString);
            }
            Engine distanceTwo = s.engine(seed);
            distanceTwo.runUntil(60);
            assertEquals(List.of(), distanceTwo.simulation().violations(), "seed " + seed);
            if (collided > 0) break;
        }
        assertTrue(collided > 0, "LME over distance-1 neighbourhoods never let both expand into (1,0)");
    }

    static String trace(String text, int rounds) throws Exception {
        Scenario s = load(text);
        Engine engine = s.engine();
        StringWriter out = new StringWriter();
        TraceWriter w = new TraceWriter(out, s, engine.simulation(), rounds);
        engine.simulation().addListener(w);
        engine.runUntil(rounds);
        w.finish();
        return out.toString();
    }

    @Property(tries = 10)
    void runsAreDeterministicAndReplayExactly(@ForAll @IntRange(min = 1, max = 500) int seed,
                                             @ForAll @IntRange(min = 0, max = 3) int policy, @ForAll boolean locks) throws Exception {
        String text = AmoebotTexts.scenario(AmoebotTexts.randomCells(8, 5, seed), seed, 120, AmoebotTexts.POLICIES[policy],
                locks ? "neighbourhood" : "none", 0.3, 1, 1000);
        String first = trace(text, 120);
        assertEquals(first, trace(text, 120), "same seed, same trace");
        assertTrue(first.contains("\"step\":\"end\"") && first.contains("\"type\":\"move\""), "the trace records moves and their writes");
        TraceReplay.Result r = TraceReplay.replay(first, "amoebots.trace");
        assertTrue(r.identical(), () -> "line " + r.differingLine() + ": expected " + r.expected() + "\n got " + r.actual());
        String other = text.replace("\"seed\": " + seed + ",", "\"seed\": " + (seed + 1) + ",");
        assertNotEquals(first.substring(first.indexOf('\n')), trace(other, 120).substring(first.indexOf('\n')));
    }

    private static String cells(Simulation sim) {
        Particles p = (Particles) sim.application();
        StringBuilder sb = new StringBuilder();
        for (int u = 0; u < p.particles(); u++) sb.append(p.tail(u)).append(p.head(u)).append(p.moving(u) ? "*" : "").append(' ');
        return sb.toString();
    }

    @Test
    void copiesAndRestoresCarryTheCells() throws Exception {
        Scenario s = load(AmoebotTexts.scenario(AmoebotTexts.randomCells(10, 6, 3), 3, 300, AmoebotTexts.POLICIES[0], "none", 0.3, 2, 1000));
        Simulation sim = CopyRestore.carries(s, AmoebotRunProperties::cells, "particles");
        assertFollows(sim);
    }
}
