package dev.lockstep.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.Violation;
import dev.lockstep.protocol.lme.Lme;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Turns an explorer path into a scenario file and checks that a normal run of it replays the path. */
final class ScenarioCheck {
    private ScenarioCheck() {}

    static String scenario(ExplorationPath path, String name, int extraRounds) {
        Lme lme = (Lme) path.start().config().protocol();
        String params = "{\"K\": " + lme.k() + ", \"variant\": \"" + lme.variant().json() + "\"}";
        return path.toScenario(name, Lme.NAME, params, extraRounds);
    }

    /**
     * Loads the scenario text, runs it exactly as many rounds as the path has steps and asserts
     * that the run ends in the path's configuration and reports {@code check} in the last round.
     */
    static void assertReplays(String scenarioText, ExplorationPath path, String check) throws ScenarioException {
        Scenario sc = ScenarioLoader.parse(scenarioText, "explorer-path.json");
        Engine engine = sc.engine();
        engine.runUntil(path.size());
        Simulation run = engine.simulation();
        Simulation expected = path.replay();
        assertEquals(expected.configuration(), run.configuration(), "the scenario run ends where the path does");
        List<Violation> vs = run.violations();
        int last = path.steps().get(path.size() - 1).round();
        assertTrue(vs.stream().anyMatch(v -> v.check().equals(check) && v.round() == last),
                "the scenario run reports " + check + " in round " + last + ": " + vs);
    }

    static void save(String text, String file) throws IOException {
        Path out = Path.of("target", file);
        Files.createDirectories(out.getParent());
        Files.writeString(out, text);
    }
}
