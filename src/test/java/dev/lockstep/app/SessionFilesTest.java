package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.Configuration;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.TraceReplay;
import dev.lockstep.session.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Sessions saved and loaded, scenarios saved as, traces exported. */
class SessionFilesTest extends AppFixture {
    /** A session with inputs of several kinds. */
    private void play() {
        fx(() -> {
            window.runRounds(6);
            window.call(window.session().simulation().indexOf("g"), Call.LOCK);
            window.stepRound();
            window.move(window.session().simulation().indexOf("k"), 4.6, 0.2, true); // on the unit disk: edges follow
            window.runRounds(5);
            window.stepAction();
            window.stepRound();
        });
        robot().clickOn("#workload");
        fx(() -> window.runRounds(4));
    }

    @Test
    void saveSessionThenLoadRestoresTheSameRoundAndConfiguration() throws Exception {
        play();
        Path file = home.resolve("mine.session.json");
        fx(() -> {
            try {
                window.saveSessionTo(file);
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        });
        int savedRound = round();
        Configuration saved = fx(() -> window.session().simulation().copy().configuration());
        int inputs = fx(() -> window.session().inputs().size());
        assertEquals(3, inputs, "lock, move, workload off");
        assertTrue(fx(() -> stage.getTitle()).contains("mine.session.json"));

        fx(() -> window.runRounds(9)); // move on, then go back by loading
        Session before = fx(() -> window.session());
        assertTrue(fx(() -> window.open(file)));
        assertNotSame(before, fx(() -> window.session()));
        assertEquals(savedRound, round());
        assertEquals("Round " + savedRound, text("#round"));
        assertEquals(saved, fx(() -> window.session().simulation().configuration()));
        assertEquals(inputs, (int) fx(() -> window.session().inputs().size()));
        assertTrue(fx(() -> window.errors()).isEmpty());
    }

    @Test
    void saveScenarioAsWritesTheCurrentGraphAndSettings() throws Exception {
        play();
        fx(() -> window.session().policy(new Sequential())); // (direct input: the chooser is tested elsewhere)
        Path file = home.resolve("saved-scenario.json");
        fx(() -> {
            try {
                window.saveScenarioTo(file);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        Scenario s = ScenarioLoader.load(file);
        var sim = sim();
        int k = node("k");
        assertEquals(4.6, s.x(k), 1e-9);
        assertEquals(0.2, s.y(k), 1e-9);
        assertEquals("sequential", s.policy().name());
        assertEquals(fx(() -> window.session().seed()), s.seed());
        assertEquals(2.0, s.unitDisk());
        assertTrue(!s.json().has("workload"), "the workload was off");
        assertEquals(fx(() -> sim.nodeCount()), s.nodes().size());
        String text = Files.readString(file);
        assertTrue(text.startsWith("{\n  \"format\": \"lockstep-scenario/1\",\n"), text);
        assertTrue(text.contains("\n    {\"id\": \"a\", \"x\": 0, \"y\": 1.6},\n"), text);

        // opening it gives that graph at round 0
        assertTrue(fx(() -> window.open(file)));
        assertEquals(0, round());
        assertEquals(4.6, fx(() -> window.session().simulation().graph().x(k)), 1e-9);
    }

    @Test
    void saveScenarioOfExplicitEdgesListsTheCurrentEdges() throws Exception {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "ring-8.json"))));
        int a = node("a");
        int e = node("e");
        int b = node("b");
        fx(() -> window.cut(a, b));
        Path file = home.resolve("ring-cut.json");
        fx(() -> {
            try {
                window.saveScenarioTo(file);
            } catch (Exception ex) {
                throw new AssertionError(ex);
            }
        });
        Scenario s = ScenarioLoader.load(file);
        List<Integer> edges = java.util.Arrays.stream(s.edges()).boxed().toList();
        assertEquals(7 * 2, edges.size(), "the ring's 8 edges less the cut one");
        for (int i = 0; i < edges.size(); i += 2) {
            assertTrue(!(edges.get(i) == a && edges.get(i + 1) == b) && !(edges.get(i) == b && edges.get(i + 1) == a));
        }
        assertTrue(e >= 0);
    }

    @Test
    void exportedTraceReplaysExactly() throws Exception {
        play();
        fx(() -> window.stepAction()); // mid-round: the trace covers the completed rounds
        Path trace = home.resolve("out.trace.jsonl");
        fx(() -> {
            try {
                window.exportTraceTo(trace);
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        });
        List<String> lines = Files.readAllLines(trace);
        assertTrue(lines.size() > 50, "a real trace: " + lines.size() + " lines");
        assertTrue(lines.get(0).contains("\"rounds\":" + round()), lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.contains("\"type\":\"call\"") && l.contains("\"node\":\"g\"")));
        assertTrue(lines.stream().anyMatch(l -> l.contains("\"type\":\"move\"") && l.contains("\"node\":\"k\"")));
        TraceReplay.Result r = TraceReplay.verify(trace);
        assertTrue(r.identical(), "replay differs at line " + r.differingLine() + ":\n" + r.expected() + "\n" + r.actual());
        assertTrue(fx(() -> window.statusMessage()).startsWith("Wrote the trace"), fx(() -> window.statusMessage()));
    }
}
