package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import dev.lockstep.session.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TextArea;
import org.junit.jupiter.api.Test;

/** Opening a broken scenario shows every problem and leaves the session as it was. */
class BrokenScenarioTest extends AppFixture {
    static List<String> edges(Simulation sim) {
        List<String> out = new ArrayList<>();
        for (int u = 0; u < sim.nodeCount(); u++) {
            for (int p = 1; p <= sim.delta(); p++) if (sim.peer(u, p) >= 0) out.add(u + "-" + sim.peer(u, p) + "@" + p);
        }
        return out;
    }

    @Test
    void showsEachProblemWithFileLineAndPathAndKeepsTheSession() throws Exception {
        Path broken = home.resolve("broken.json");
        Files.writeString(broken, """
                {
                  "format": "lockstep-scenario/1",
                  "protocol": "lme",
                  "delta": 2,
                  "rouds": 10,
                  "nodes": [{"id": "u"}, {"id": "v"}, {"id": "w"}],
                  "edges": [["u", "v"], ["v", "q"]],
                  "churn": {"cut": -0.1}
                }
                """);
        fx(() -> window.runRounds(7));
        Session before = fx(() -> window.session());
        List<String> edgesBefore = fx(() -> edges(before.simulation()));
        String title = fx(() -> stage.getTitle());

        boolean opened = fx(() -> window.open(broken));
        assertFalse(opened);

        DialogPane d = onlyDialog();
        assertTrue(fx(() -> d.getHeaderText()).contains("broken.json"), fx(() -> d.getHeaderText()));
        String problems = fx(() -> ((TextArea) d.lookup("#problems-text")).getText());
        List<String> lines = List.of(problems.split("\n"));
        assertEquals(3, lines.size(), problems);
        assertTrue(lines.get(0).matches(".*broken\\.json:5:\\d+: \\$\\.rouds: unknown field \"rouds\"; expected one of: .*"), lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.matches(".*broken\\.json:7:\\d+: \\$\\.edges\\[1\\]\\[1\\]: unknown node \"q\".*")), problems);
        assertTrue(lines.stream().anyMatch(l -> l.matches(".*broken\\.json:8:\\d+: \\$\\.churn\\.cut: expected .*probability.*")), problems);
        assertTrue(fx(() -> d.getContent().toString()) != null);

        // the session is intact: same object, same round, same graph, same title
        assertSame(before, fx(() -> window.session()));
        assertEquals(7, round());
        assertEquals("Round 7", text("#round"));
        assertEquals(edgesBefore, fx(() -> edges(window.session().simulation())));
        assertEquals(title, fx(() -> stage.getTitle()));
        press(d, "OK");
        // and it goes on running
        fx(() -> window.stepRound());
        assertEquals(8, round());
        assertTrue(fx(() -> window.errors()).isEmpty());
    }

    @Test
    void malformedJsonIsReportedWithLineAndColumn() throws Exception {
        Path bad = home.resolve("half.json");
        Files.writeString(bad, "{\n  \"format\": \"lockstep-scenario/1\",\n  \"nodes\": [\n");
        assertFalse(fx(() -> window.open(bad)));
        DialogPane d = onlyDialog();
        String problems = fx(() -> ((TextArea) d.lookup("#problems-text")).getText());
        assertTrue(problems.matches("(?s).*half\\.json:\\d+:\\d+: malformed JSON.*"), problems);
        assertEquals(0, round());
    }
}
