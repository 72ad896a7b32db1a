package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.application.amoebot.Amoebots;
import dev.lockstep.application.amoebot.Cell;
import dev.lockstep.application.amoebot.Particles;
import dev.lockstep.application.amoebot.Reach;
import dev.lockstep.application.amoebot.Shapes;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The "amoebots" application: the graph its particles make, the shapes, the summary, and the messages for bad fields. */
class AmoebotScenarioTest {
    private static final String POLICY = AmoebotTexts.POLICIES[0];

    private static String with(String cells) {
        return AmoebotTexts.scenario(cells, 1, 50, POLICY, "neighbourhood", 0.3, 1, 1000);
    }

    private static String problem(String text) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(text, "amoebots.json"));
        return e.getMessage();
    }

    @Test
    void theParticlesMakeTheNodesPositionsEdgesAndDelta() throws Exception {
        Scenario s = ScenarioLoader.parse(with("[[0, 0], [2, 0], [1, 1], [5, 0], [0, 3]]"), "amoebots.json");
        assertEquals(List.of("p00", "p01", "p02", "p03", "p04"), s.nodes());
        assertEquals(Reach.MAX_DEGREE, s.delta());
        assertEquals(2.0, s.x(1), 1e-12);
        assertEquals(1.5, s.x(2), 1e-12);
        assertEquals(Math.sqrt(3) / 2, s.y(2), 1e-12);
        // (0,0)–(2,0) and (0,0)–(1,1) and (2,0)–(1,1) are within 2; (5,0) is 3 from (2,0); (0,3) is 2 from (1,1)
        assertArrayEquals(new int[] {0, 1, 0, 2, 1, 2, 2, 4}, s.edges());
        Simulation sim = s.engine().simulation();
        Engine e = s.engine();
        e.runUntil(1);
        assertTrue(e.simulation().graph().adjacent(2, 4) && !e.simulation().graph().adjacent(1, 3));
        assertTrue(sim.application() instanceof Particles p && p.particles() == 5 && !p.expanded(0));
        assertEquals(11, AmoebotReader.nodeNames(11).size());
        assertEquals("p010", AmoebotReader.nodeNames(101).get(10));
    }

    @Test
    void shapes() throws Exception {
        assertEquals(List.of(new Cell(0, 0), new Cell(1, 0), new Cell(2, 0)), Shapes.line(3));
        List<Cell> hex = Shapes.hexagon(19);
        assertEquals(19, new HashSet<>(hex).size());
        assertTrue(hex.stream().allMatch(c -> c.distance(new Cell(0, 0)) <= 2), "19 cells fill the radius-2 hexagon");
        assertTrue(Shapes.hexagon(7).stream().allMatch(c -> c.distance(new Cell(0, 0)) <= 1));
        List<Cell> blob = Shapes.blob(40, 6);
        assertEquals(40, new HashSet<>(blob).size());
        assertEquals(blob, Shapes.blob(40, 6), "a blob is a function of its seed");
        for (int i = 1; i < blob.size(); i++) {
            Cell c = blob.get(i);
            assertTrue(blob.subList(0, i).stream().anyMatch(b -> b.distance(c) <= Reach.DISTANCE), "connected in the Reach sense");
        }
        assertEquals(List.of(new Cell(0, 0), new Cell(2, 0), new Cell(4, 0)), Shapes.of("line", 3, 1, 2));
        Scenario s = ScenarioLoader.parse(with("{\"shape\": \"hexagon\", \"particles\": 7, \"spacing\": 2}"), "amoebots.json");
        assertEquals(7, s.nodes().size());
        assertEquals(12, s.edges().length / 2, "a spaced hexagon of 7: six spokes and a ring of six");
    }

    @Test
    void badFieldsAreNamed() {
        String dup = problem(with("[[0, 0], [1, 0], [0, 0]]"));
        assertTrue(dup.matches("(?s).*amoebots\\.json:\\d+:\\d+: \\$\\.application\\.cells\\[2\\]: two particles on cell \\(0,0\\)"
                + " \\(items 0 and 2\\); expected one particle per cell.*"), dup);
        assertTrue(problem(with("[[0, 0], [1]]")).contains("$.application.cells[1]: expected a cell as [q, r] (two integers, axial coordinates), found [1]"));
        assertTrue(problem(with("[[0, 0.5]]")).contains("$.application.cells[0][1]: expected the cell's r to be a whole number, found 0.5"));
        assertTrue(problem(with("[]")).contains("$.application.cells: expected at least one particle"));
        assertTrue(problem(with("{\"shape\": \"star\", \"particles\": 5}"))
                .contains("$.application.cells.shape: unknown shape \"star\"; expected one of: hexagon, line, blob"));
        assertTrue(problem(with("{\"shape\": \"line\"}")).contains("$.application.cells: missing \"particles\""));
        assertTrue(problem(with("{\"shape\": \"line\", \"particles\": 4, \"seed\": 2}")).contains("$.application.cells.seed: only a \"blob\" takes a seed"));
        assertTrue(problem(with("{\"shape\": \"line\", \"particles\": 4, \"spacing\": 0}"))
                .contains("$.application.cells.spacing: expected the spacing (cells between neighbouring particles of the shape) between 1 and 100"));
        String base = with("[[0, 0], [2, 0]]");
        assertTrue(problem(base.replace("\"hold\": 1", "\"hold\": -1"))
                .contains("$.application.hold: expected hold (rounds from a move's read to its write) between 0 and 1000000, found -1"));
        assertTrue(problem(base.replace("\"move\": 0.3", "\"move\": 3"))
                .contains("$.application.move: expected move (the probability that an idle particle calls Lock, or without locks begins a move, in a round) to be a probability"));
        assertTrue(problem(base.replace("\"neighbourhood\"", "\"pair\""))
                .contains("$.application.locks: unknown locks \"pair\" for amoebots; expected \"neighbourhood\""));
        assertTrue(problem(base.replace("\"cells\": [[0, 0], [2, 0]], ", "")).contains("$.application: missing \"cells\""));
        assertTrue(problem(base.replace("\"hold\": 1", "\"hold\": 1, \"interact\": 0.2")).contains("$.application.interact: unknown field"));
        assertTrue(problem(base.replace("\"seed\": 1,", "\"seed\": 1, \"delta\": 8,"))
                .contains("$.delta: amoebots need delta = 22 (an expanded particle can have 22 neighbours within lattice distance 2), found 8"));
        String nodes = problem(base.replace("\"seed\": 1,", "\"seed\": 1, \"nodes\": [{\"id\": \"a\"}],"));
        assertTrue(nodes.contains("$.nodes: amoebots make the graph from the particles' cells (nodes p00, p01, …; an edge between"
                + " particles within lattice distance 2), and it changes only when they move; remove \"nodes\""), nodes);
        assertTrue(problem(base.replace("\"seed\": 1,", "\"seed\": 1, \"mobility\": {\"move\": 0.1, \"step\": 0.2},")).contains("remove \"mobility\""));
        assertTrue(problem(base.replace("\"seed\": 1,", "\"seed\": 1, \"workload\": {\"lock\": 0.1},"))
                .contains("give either \"workload\" or \"application\", not both"));
    }

    @Test
    void theSummaryCountsMovesAndLocks() throws Exception {
        Scenario s = ScenarioLoader.parse(AmoebotTexts.scenario("{\"shape\": \"line\", \"particles\": 6, \"spacing\": 2}", 3, 300,
                POLICY, "neighbourhood", 0.3, 1, 1000), "amoebots.json");
        Engine e = s.engine();
        e.runUntil(300);
        Simulation sim = e.simulation();
        Particles p = (Particles) sim.application();
        String text = Summary.of(sim).toText(sim);
        int expanded = 0;
        for (int u = 0; u < 6; u++) if (p.expanded(u)) expanded++;
        assertTrue(text.contains("application  amoebots: 6 particles, " + (6 - expanded) + " contracted, " + expanded + " expanded\n"), text);
        assertTrue(text.contains("moves        " + (p.expansions() + p.contractions()) + " written (" + p.expansions() + " expansions, "
                + p.contractions() + " contractions), " + p.blocked() + " not made (cell taken)\n"), text);
        assertTrue(text.contains("locks        " + sim.stats().lockRequests() + " called, " + sim.stats().locksAcquired()
                + " succeeded, longest wait " + sim.stats().maxWaitRounds() + " rounds\n"), text);
        assertTrue(p.expansions() > 0 && sim.stats().locksAcquired() > 0);
        JsonWriter w = new JsonWriter();
        Summary.of(sim).writeJson(w, sim);
        JsonValue.Obj app = (JsonValue.Obj) ((JsonValue.Obj) JsonParser.parse(w.toString())).get("application");
        assertEquals("amoebots", ((JsonValue.Str) app.get("kind")).value());
        for (String key : List.of("particles", "contracted", "expanded", "moves", "expansions", "contractions", "blocked",
                "locksCalled", "locksSucceeded", "longestWaitRounds")) {
            assertTrue(app.has(key), key);
        }
        assertEquals(Long.toString(sim.stats().locksAcquired()), ((JsonValue.Num) app.get("locksSucceeded")).text());
    }

    @Test
    void theApplicationRefusesAMismatch() {
        Amoebots a = new Amoebots(List.of(new Cell(0, 0)));
        assertThrows(IllegalArgumentException.class, () -> a.initialState(2, null));
        assertThrows(IllegalArgumentException.class, () -> new Amoebots(List.of(new Cell(0, 0), new Cell(0, 0))));
    }
}
