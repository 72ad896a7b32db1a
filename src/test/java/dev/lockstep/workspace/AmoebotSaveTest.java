package dev.lockstep.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.Session;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** "Save scenario as…" of an amoebot session: the particles make the graph, so the copy names no nodes or edges and loads again. */
class AmoebotSaveTest {
    @Test
    void aSavedAmoebotScenarioKeepsItsParticlesAndLoads() throws Exception {
        Scenario sc = ScenarioLoader.load(Path.of("sample-runs", "amoebots-with-locks-30.json"));
        assertTrue(sc.particlesMakeTheGraph());
        Session s = Session.start(sc, 9);
        s.runUntil(60);
        String text = SessionFiles.scenarioText(s);
        assertFalse(text.contains("\"nodes\"") || text.contains("\"edges\""), text);
        assertTrue(text.contains("\"seed\": 9"), text);
        Scenario again = ScenarioLoader.parse(text, "saved.json");
        assertEquals(sc.nodes(), again.nodes());
        assertEquals(java.util.Arrays.toString(sc.edges()), java.util.Arrays.toString(again.edges()));
        assertFalse(ScenarioLoader.load(Path.of("sample-runs", "ring-8.json")).particlesMakeTheGraph());
    }
}
