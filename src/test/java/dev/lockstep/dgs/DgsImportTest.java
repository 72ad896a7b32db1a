package dev.lockstep.dgs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DGS files written by hand (as other tools write them) as scenarios. */
class DgsImportTest {
    @TempDir
    Path dir;

    private Path dgs(String body) throws IOException {
        Path f = dir.resolve("hand.dgs");
        Files.writeString(f, "DGS004\nhand 0 0\n" + body);
        return f;
    }

    @Test
    void stepZeroIsTheInitialGraphAndLaterStepsAreDynamics() throws Exception {
        Path f = dgs("""
                an "u" x:0 y:0
                an "v" x:1 y:0
                an "w" xy:2,1
                ae "uv" "u" "v"
                ae "vw" "v" > "w"
                ae "uw" "u" "w"
                st 0
                de "uw"
                st 2
                de "uv"
                ae "uv2" "v" "u"
                ae "dup" "u" "v"
                cn "w" x:3
                cn "w" y:4
                st 4
                dn "v"
                """);
        String text = DgsImport.toScenarioJson(f, ImportOptions.defaults().withProtocol("lme").withRounds(6));
        assertEquals("""
                {
                  "format": "lockstep-scenario/1",
                  "name": "hand",
                  "protocol": "lme",
                  "delta": 2,
                  "rounds": 6,
                  "nodes": [
                    {"id": "u", "x": 0, "y": 0},
                    {"id": "v", "x": 1, "y": 0},
                    {"id": "w", "x": 2, "y": 1}
                  ],
                  "edges": [
                    ["u", "v"],
                    ["v", "w"]
                  ],
                  "dynamics": [
                    {"round": 2, "cut": ["u", "v"]},
                    {"round": 2, "link": ["v", "u"]},
                    {"round": 2, "move": "w", "to": [3, 4]},
                    {"round": 4, "cut": ["v", "w"]},
                    {"round": 4, "cut": ["u", "v"]}
                  ]
                }
                """, text);
    }

    @Test
    void withoutPositionsTheScenarioLaysOutACircle() throws Exception {
        Path f = dgs("an a\nan b\nae ab a b\nst 1\nde ab\n");
        Scenario s = DgsImport.toScenario(f, ImportOptions.defaults().withName("pair").withField("scheduler", "{\"policy\": \"sequential\"}"));
        assertEquals("pair", s.name());
        assertEquals(1, s.delta(), "the largest degree reached");
        var first = (dev.lockstep.json.JsonValue.Obj) ((dev.lockstep.json.JsonValue.Arr) s.json().get("nodes")).get(0);
        assertTrue(!first.has("x") && s.y(0) != s.y(1), "no x, y in the file: laid out by the loader");
        assertEquals("{\"policy\":\"sequential\"}", DgsRoundTripTest.json(s.json().get("scheduler")));
    }

    @Test
    void aStepThatIsNotARoundIsRefused() throws Exception {
        Path f = dgs("an a\nst 0.5\nan b\n");
        IOException e = assertThrows(IOException.class, () -> DgsImport.toScenarioJson(f, ImportOptions.defaults()));
        assertEquals(f + ": step 0.5 is not a round number (0, 1, 2, ...)", e.getMessage());
    }

    @Test
    void aDeltaTooSmallIsTheLoadersMessage() throws Exception {
        Path f = dgs("an a\nan b\nan c\nae ab a b\nae ac a c\n");
        ScenarioException e = assertThrows(ScenarioException.class, () -> DgsImport.toScenario(f, ImportOptions.defaults().withDelta(1)));
        assertTrue(e.getMessage().contains("node \"a\" has more than delta = 1 edges"), e.getMessage());
    }
}
