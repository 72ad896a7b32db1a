package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JSON Schema of the scenario format (assets/schema) against the loader: every sample
 * validates, and on hand-made scenarios the schema and {@link ScenarioLoader} agree.
 */
class ScenarioSchemaTest {
    static final Path SCHEMA_FILE = Path.of("assets/schema/lockstep-scenario-1.schema.json");
    private static final Schema SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(read(SCHEMA_FILE), InputFormat.JSON);

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Error> schemaErrors(String scenario) {
        return SCHEMA.validate(scenario, InputFormat.JSON);
    }

    static Stream<Path> samples() throws IOException {
        return Files.list(Path.of("sample-runs")).filter(p -> p.toString().endsWith(".json")).sorted();
    }

    @ParameterizedTest
    @MethodSource("samples")
    void everySampleValidatesAndPointsAtTheSchema(Path sample) throws Exception {
        String text = Files.readString(sample);
        assertEquals(List.of(), schemaErrors(text), sample.toString());
        // on the opening line, so that every line number in a sample stays as messages and tests quote it
        assertTrue(text.startsWith("{\"$schema\": \"../assets/schema/lockstep-scenario-1.schema.json\",\n"),
                sample + " names the schema in its first field");
        assertTrue(Files.isRegularFile(sample.getParent().resolve("../assets/schema/lockstep-scenario-1.schema.json")));
    }

    @Test
    void theSchemaIsDraft2020WithAnIdAndTheLoadersTopLevelFields() {
        String text = read(SCHEMA_FILE);
        assertTrue(text.contains("\"$schema\": \"https://json-schema.org/draft/2020-12/schema\""));
        assertTrue(text.contains("\"$id\": "));
        for (String field : ScenarioLoader.FIELDS) {
            assertTrue(text.contains("\"" + field + "\": {"), "the schema describes " + field);
        }
        for (String policy : ScenarioLoader.POLICIES) {
            assertTrue(text.contains("\"const\": \"" + policy + "\""), "the schema describes policy " + policy);
        }
        // a protocol added to protocol.Protocols must be added to the schema's enum too
        for (String protocol : dev.lockstep.protocol.Protocols.names()) {
            String good = "{\"format\": \"lockstep-scenario/1\", \"protocol\": \""
                    + protocol + "\", \"delta\": 1, \"nodes\": [{\"id\": \"a\"}]}";
            assertTrue(SCHEMA.validate(good, InputFormat.JSON).isEmpty(), "the schema accepts protocol " + protocol);
        }
    }

    @Test
    void theSchemaIsAValidDraft2020Schema() {
        Schema meta = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
        assertEquals(List.of(), meta.validate(read(SCHEMA_FILE), InputFormat.JSON));
    }

    /** A small valid scenario with {@code changes} applied: pairs of field and raw JSON value, null removes it. */
    static String scenario(String... changes) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("format", "\"lockstep-scenario/1\"");
        fields.put("protocol", "\"lme\"");
        fields.put("delta", "2");
        fields.put("nodes", "[{\"id\": \"a\", \"x\": 0, \"y\": 0}, {\"id\": \"b\", \"x\": 1, \"y\": 0}]");
        fields.put("edges", "[[\"a\", \"b\"]]");
        for (int i = 0; i < changes.length; i += 2) {
            if (changes[i + 1] == null) fields.remove(changes[i]);
            else fields.put(changes[i], changes[i + 1]);
        }
        StringBuilder b = new StringBuilder("{");
        fields.forEach((k, v) -> b.append(b.length() > 1 ? ", " : "").append('"').append(k).append("\": ").append(v));
        return b.append('}').toString();
    }

    /** Two areas side by side, one around each of the base scenario's nodes (for the moves between areas). */
    static final String TWO_AREAS = "[{\"name\": \"A\", \"x\": -0.5, \"y\": -1, \"width\": 1, \"height\": 2}, "
            + "{\"name\": \"B\", \"x\": 0.5, \"y\": -1, \"width\": 1, \"height\": 2}]";

    static Stream<Arguments> goodScenarios() {
        return Stream.<String[]>of(
                new String[] {},
                new String[] {"$schema", "\"../assets/schema/lockstep-scenario-1.schema.json\"", "name", "\"two\""},
                new String[] {"params", "{\"K\": 4, \"variant\": \"paper\"}", "seed", "-5", "rounds", "0"},
                new String[] {"protocol", "\"ricart-agrawala\"", "params", "{}", "channels", "\"fifo\""},
                new String[] {"channels", "\"unordered\"", "ports", "\"random\"", "checks", "{\"lockoutBound\": 50}"},
                new String[] {"edges", null, "unitDisk", "1.5"},
                new String[] {"scheduler", "{\"policy\": \"semi-synchronous\", \"activation\": 0.7, \"choice\": \"any\"}"},
                new String[] {"scheduler", "{\"policy\": \"asynchronous\", \"activation\": 1, \"maxDuration\": 4}"},
                new String[] {"scheduler", "{\"policy\": \"sequential\"}"},
                new String[] {"scheduler", "{\"policy\": \"manual\"}"},
                new String[] {"scheduler", "{\"policy\": \"scripted\", \"steps\": [{\"round\": 0, \"node\": \"a\", \"action\": "
                        + "\"CheckStart\", \"draws\": [1]}, {\"round\": 1, \"node\": \"b\", \"action\": \"ReceiveRequest\", "
                        + "\"port\": 1, \"message\": \"request\"}], \"then\": {\"policy\": \"synchronous\", \"choice\": \"effective\"}}"},
                new String[] {"dynamics", "[{\"round\": 3, \"cut\": [\"a\", \"b\"]}, {\"round\": 4, \"link\": [\"a\", \"b\"]}, "
                        + "{\"round\": 5, \"move\": \"a\", \"to\": [2, 1.5]}]"},
                new String[] {"churn", "{\"cut\": 0.1, \"link\": 0.5, \"until\": 30}"},
                new String[] {"workload", "{\"lock\": 0.2, \"hold\": 3, \"until\": 100, \"strayCalls\": 0.05}"},
                new String[] {"workload", "[{\"round\": 0, \"node\": \"a\", \"call\": \"lock\", \"hold\": 3}, "
                        + "{\"round\": 9, \"node\": \"b\", \"call\": \"unlock\"}]"},
                new String[] {"nodes", "[{\"id\": \"a\", \"region\": \"A\"}, {\"id\": \"b\", \"region\": \"B\"}]"},
                // the time-unit generators
                new String[] {"workload", "{\"kind\": \"poisson\", \"meanInterRequest\": 10, \"hold\": 1, \"until\": 500}"},
                new String[] {"workload", "{\"kind\": \"poisson\", \"requestRate\": 0.1}"},
                new String[] {"workload", "{\"kind\": \"random\", \"lock\": 0.2}"},
                new String[] {"linkChanges", "{\"rate\": 0.02, \"tolerance\": 0.1, \"until\": 400}"},
                new String[] {"linkChanges", "{\"rate\": 0}"},
                new String[] {"linkChanges", "{\"rate\": 1, \"onlyIdleLinks\": true}"},
                new String[] {"areas", TWO_AREAS, "areaMoves", "{\"rate\": 0.01, \"until\": 300}"},
                // applications (Sec. 6) and mobility
                new String[] {"application", "{\"kind\": \"exact-majority\", \"initial\": {\"A\": 1, \"b\": 1}}"},
                new String[] {"application", "{\"kind\": \"approximate-majority\", \"initial\": {\"x\": 1, \"blank\": 1},"
                        + " \"locks\": \"none\", \"interact\": 0.2, \"hold\": 0}"},
                new String[] {"application", "{\"kind\": \"exact-majority\", \"initial\": {\"A\": 1, \"B\": 1}, \"locks\": \"pair\"}"},
                new String[] {"edges", null, "unitDisk", "1.5", "mobility", "{\"kind\": \"random-walk\", \"move\": 0.3, \"step\": 0.2, \"until\": 50}"},
                // amoebots: the particles make the nodes, edges and delta
                new String[] {"nodes", null, "edges", null, "delta", null, "application", "{\"kind\": \"amoebots\", \"cells\": [[0, 0], [2, 0], [1, 1]]}"},
                new String[] {"nodes", null, "edges", null, "delta", null, "application", "{\"kind\": \"amoebots\", \"cells\": {\"shape\": \"blob\", \"particles\": 9, \"spacing\": 2,"
                        + " \"seed\": 3}, \"locks\": \"none\", \"move\": 0.5, \"hold\": 0}", "delta", "22"},
                new String[] {"nodes", null, "edges", null, "delta", null, "application", "{\"kind\": \"amoebots\", \"cells\": {\"shape\": \"hexagon\", \"particles\": 7}}",
                        "scheduler", "{\"policy\": \"asynchronous\", \"activation\": 0.8, \"maxDuration\": 2}"})
                .map(c -> Arguments.of((Object) c));
    }

    @ParameterizedTest
    @MethodSource("goodScenarios")
    void goodScenariosPassBoth(String[] changes) {
        String text = scenario(changes);
        assertEquals(List.of(), schemaErrors(text), text);
        assertDoesNotThrow(() -> ScenarioLoader.parse(text, "good.json"), text);
    }

    static Stream<Arguments> badScenarios() {
        return Stream.<String[]>of(
                // typo'd or unknown fields
                new String[] {"rouds", "10"},
                new String[] {"nodes", "[{\"id\": \"a\", \"z\": 0}, {\"id\": \"b\"}]"},
                new String[] {"scheduler", "{\"policy\": \"synchronous\", \"activation\": 0.5}"},
                new String[] {"churn", "{\"cut\": 0.1, \"untill\": 3}"},
                new String[] {"checks", "{\"lockout\": 3}"},
                new String[] {"params", "{\"k\": 4}"},
                new String[] {"protocol", "\"ricart-agrawala\"", "params", "{\"K\": 4}"},
                new String[] {"workload", "[{\"round\": 0, \"node\": \"a\", \"call\": \"lock\", \"holds\": 3}]"},
                new String[] {"dynamics", "[{\"round\": 3, \"cut\": [\"a\", \"b\"], \"to\": [1, 1]}]"},
                // values outside a closed set
                new String[] {"format", "\"lockstep-scenario/2\""},
                new String[] {"protocol", "\"bakery\""},
                new String[] {"channels", "\"lifo\""},
                new String[] {"ports", "\"highest\""},
                new String[] {"params", "{\"variant\": \"fast\"}"},
                new String[] {"scheduler", "{\"policy\": \"random\"}"},
                new String[] {"scheduler", "{\"policy\": \"sequential\", \"choice\": \"first\"}"},
                new String[] {"workload", "[{\"round\": 0, \"node\": \"a\", \"call\": \"release\"}]"},
                // wrong types and ranges
                new String[] {"delta", "\"2\""},
                new String[] {"delta", "64"},
                new String[] {"rounds", "1.5"},
                new String[] {"nodes", "{\"id\": \"a\"}"},
                new String[] {"nodes", "[]"},
                new String[] {"nodes", "[{\"id\": \"\"}, {\"id\": \"b\"}]"},
                new String[] {"name", "7"},
                new String[] {"params", "{\"K\": 1}"},
                new String[] {"edges", "[[\"a\"]]"},
                new String[] {"edges", null, "unitDisk", "0"},
                new String[] {"churn", "{\"cut\": 1.5}"},
                new String[] {"workload", "{\"lock\": -0.1}"},
                new String[] {"scheduler", "{\"policy\": \"semi-synchronous\", \"activation\": 0}"},
                new String[] {"scheduler", "{\"policy\": \"asynchronous\", \"maxDuration\": 0}"},
                new String[] {"checks", "{\"lockoutBound\": 0}"},
                new String[] {"$schema", "3"},
                // missing required fields and combinations the loader refuses
                new String[] {"delta", null},
                new String[] {"nodes", null},
                new String[] {"format", null},
                new String[] {"protocol", null},
                new String[] {"nodes", "[{\"x\": 0}, {\"id\": \"b\"}]"},
                new String[] {"scheduler", "{\"activation\": 0.5}"},
                new String[] {"scheduler", "{\"policy\": \"scripted\"}"},
                new String[] {"scheduler", "{\"policy\": \"scripted\", \"steps\": [{\"round\": 0, \"node\": \"a\"}]}"},
                new String[] {"scheduler", "{\"policy\": \"scripted\", \"steps\": [], \"then\": {\"policy\": \"scripted\", \"steps\": []}}"},
                new String[] {"workload", "{\"hold\": 3}"},
                new String[] {"workload", "[{\"round\": 0, \"node\": \"a\", \"call\": \"unlock\", \"hold\": 3}]"},
                new String[] {"dynamics", "[{\"round\": 3}]"},
                new String[] {"dynamics", "[{\"round\": 3, \"cut\": [\"a\", \"b\"], \"link\": [\"a\", \"b\"]}]"},
                new String[] {"dynamics", "[{\"round\": 5, \"move\": \"a\"}]"},
                new String[] {"unitDisk", "1.5"},
                // the time-unit generators
                new String[] {"workload", "{\"kind\": \"poisson\", \"meanInterRequest\": 0.5}"},
                new String[] {"workload", "{\"kind\": \"poisson\", \"requestRate\": 0}"},
                new String[] {"workload", "{\"kind\": \"poisson\"}"},
                new String[] {"workload", "{\"kind\": \"poisson\", \"meanInterRequest\": 5, \"requestRate\": 0.2}"},
                new String[] {"workload", "{\"kind\": \"poisson\", \"meanInterRequest\": 5, \"lock\": 0.2}"},
                new String[] {"workload", "{\"kind\": \"uniform\", \"lock\": 0.2}"},
                new String[] {"linkChanges", "{\"rate\": -0.5}"},
                new String[] {"linkChanges", "{\"tolerance\": 0.1}"},
                new String[] {"linkChanges", "{\"rate\": 0.1, \"tolerance\": 1.5}"},
                new String[] {"linkChanges", "{\"rate\": 0.1, \"onlyIdleLinks\": \"yes\"}"},
                new String[] {"linkChanges", "{\"rate\": 0.1}", "edges", null, "unitDisk", "1.5"},
                new String[] {"areaMoves", "{\"rate\": 0.01}"},
                new String[] {"areas", TWO_AREAS, "areaMoves", "{\"rate\": -1}"},
                new String[] {"areas", TWO_AREAS, "areaMoves", "{\"until\": 30}"},
                new String[] {"areas", TWO_AREAS, "areaMoves", "{\"rate\": 0.1, \"to\": \"B\"}"},
                // applications (Sec. 6) and mobility
                new String[] {"application", "{\"kind\": \"majority\", \"initial\": {\"A\": 2}}"},
                new String[] {"application", "{\"initial\": {\"A\": 2}}"},
                new String[] {"application", "{\"kind\": \"exact-majority\"}"},
                new String[] {"application", "{\"kind\": \"exact-majority\", \"initial\": {\"A\": -1}}"},
                new String[] {"application", "{\"kind\": \"exact-majority\", \"initial\": {\"A\": 2}, \"locks\": \"pairs\"}"},
                new String[] {"application", "{\"kind\": \"exact-majority\", \"initial\": {\"A\": 2}, \"interact\": 1.5}"},
                new String[] {"application", "{\"kind\": \"exact-majority\", \"initial\": {\"A\": 2}, \"hold\": -1}"},
                new String[] {"application", "{\"kind\": \"exact-majority\", \"initial\": {\"A\": 2}, \"with\": 1}"},
                new String[] {"application", "{\"kind\": \"exact-majority\", \"initial\": {\"A\": 2}}", "workload", "{\"lock\": 0.2}"},
                new String[] {"mobility", "{\"move\": 0.3, \"step\": 0.2}"},
                new String[] {"edges", null, "unitDisk", "1.5", "mobility", "{\"move\": 0.3}"},
                new String[] {"edges", null, "unitDisk", "1.5", "mobility", "{\"move\": 0.3, \"step\": 0}"},
                new String[] {"edges", null, "unitDisk", "1.5", "mobility", "{\"kind\": \"waypoint\", \"move\": 0.3, \"step\": 1}"},
                // amoebots: the particles make the graph; their own fields
                new String[] {"application", "{\"kind\": \"amoebots\", \"cells\": [[0, 0], [1, 0]]}"},
                new String[] {"nodes", null, "edges", null, "delta", null, "application", "{\"kind\": \"amoebots\", \"cells\": [[0, 0], [1, 0]]}", "delta", "8"},
                new String[] {"nodes", null, "edges", null, "delta", null, "application", "{\"kind\": \"amoebots\", \"cells\": [[0, 0], [0, 0]]}"},
                new String[] {"nodes", null, "edges", null, "delta", null, "application", "{\"kind\": \"amoebots\", \"cells\": [[0, 0.5]]}"},
                new String[] {"nodes", null, "edges", null, "delta", null, "application", "{\"kind\": \"amoebots\"}"},
                new String[] {"nodes", null, "edges", null, "delta", null, "application", "{\"kind\": \"amoebots\", \"cells\": [[0, 0]], \"hold\": -1}"},
                new String[] {"nodes", null, "edges", null, "delta", null, "application", "{\"kind\": \"amoebots\", \"cells\": [[0, 0]], \"locks\": \"pair\"}"},
                new String[] {"nodes", null, "edges", null, "delta", null, "application", "{\"kind\": \"amoebots\", \"cells\": [[0, 0]], \"initial\": {\"A\": 1}}"},
                new String[] {"nodes", null, "edges", null, "delta", null, "application", "{\"kind\": \"amoebots\", \"cells\": {\"shape\": \"star\", \"particles\": 5}}"},
                new String[] {"nodes", null, "edges", null, "delta", null, "application", "{\"kind\": \"amoebots\", \"cells\": {\"shape\": \"line\", \"particles\": 0}}"},
                new String[] {"nodes", null, "edges", null, "delta", null, "application", "{\"kind\": \"amoebots\", \"cells\": [[0, 0]]}", "unitDisk", "1.5"},
                new String[] {"application", "{\"kind\": \"exact-majority\", \"initial\": {\"A\": 2}, \"cells\": [[0, 0]]}"})
                .map(c -> Arguments.of((Object) c));
    }

    @ParameterizedTest
    @MethodSource("badScenarios")
    void badScenariosFailBoth(String[] changes) {
        String text = scenario(changes);
        assertFalse(schemaErrors(text).isEmpty(), "the schema accepts " + text);
        assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(text, "bad.json"), () -> "the loader accepts " + text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"[]", "\"lockstep-scenario/1\"", "null"})
    void aScenarioIsAnObject(String text) {
        assertFalse(schemaErrors(text).isEmpty());
        assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(text, "bad.json"));
    }
}
