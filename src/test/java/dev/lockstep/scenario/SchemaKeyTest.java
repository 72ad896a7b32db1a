package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** "$schema" is for editors: accepted, checked to be a string, and not part of the scenario. */
class SchemaKeyTest {
    static final String WITHOUT = """
            {
              "format": "lockstep-scenario/1",
              "protocol": "lme",
              "delta": 1,
              "nodes": [{"id": "a"}, {"id": "b"}],
              "edges": [["a", "b"]]
            }
            """;

    static String with(String schemaValue) {
        return WITHOUT.replace("{\n", "{\n  \"$schema\": " + schemaValue + ",\n");
    }

    @Test
    void theKeyIsDroppedSoTracesAndSessionsDoNotChange() throws ScenarioException {
        Scenario plain = ScenarioLoader.parse(WITHOUT, "s.json");
        Scenario marked = ScenarioLoader.parse(with("\"../assets/schema/lockstep-scenario-1.schema.json\""), "s.json");
        assertFalse(marked.json().has(ScenarioLoader.SCHEMA_KEY));
        assertEquals(ScenarioWriter.toText(plain.json()), ScenarioWriter.toText(marked.json()));
    }

    @Test
    void aSchemaThatIsNotAStringIsAProblemWithItsPosition() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(with("7"), "s.json"));
        assertEquals("s.json:2:14: $.$schema: expected the JSON Schema's address (a string), found a number", e.problems().get(0));
    }

    @Test
    void laterProblemsStillPointIntoTheFile() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse(with("\"x\"").replace("\"delta\": 1", "\"delta\": 0"), "s.json"));
        assertEquals("s.json:5:12: $.delta: expected delta (ports per node) between 1 and 63, found 0", e.problems().get(0));
    }
}
