package dev.lockstep.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The sweep spec's JSON Schema (assets/schema) against the reader: the same names, and every spec in experiments/ validates. */
class SweepSchemaTest {
    static final Path FILE = Path.of("assets/schema/lockstep-sweep-1.schema.json");

    static List<String> strings(JsonValue v) {
        List<String> out = new ArrayList<>();
        for (JsonValue x : ((JsonValue.Arr) v).items()) out.add(((JsonValue.Str) x).value());
        return out;
    }

    @Test
    void theSchemaNamesWhatTheReaderAccepts() throws Exception {
        JsonValue.Obj schema = (JsonValue.Obj) JsonParser.parse(Files.readString(FILE));
        JsonValue.Obj props = (JsonValue.Obj) schema.get("properties");
        assertEquals(SweepSpec.FIELDS, List.copyOf(props.members().keySet()));
        JsonValue.Obj axes = (JsonValue.Obj) props.get("axes");
        JsonValue.Arr anyOf = (JsonValue.Arr) ((JsonValue.Obj) axes.get("propertyNames")).get("anyOf");
        assertEquals(List.copyOf(Axis.NAMES.keySet()), strings(((JsonValue.Obj) anyOf.get(0)).get("enum")));
        assertEquals(Measures.KNOWN, strings(((JsonValue.Obj) ((JsonValue.Obj) props.get("measures")).get("items")).get("enum")));
        JsonValue.Obj graph = (JsonValue.Obj) ((JsonValue.Obj) ((JsonValue.Obj) schema.get("$defs")).get("graph")).get("properties");
        assertEquals(new java.util.TreeSet<>(GraphGenerator.FIELD_ORDER), new java.util.TreeSet<>(graph.members().keySet()));
        assertEquals(GraphGenerator.KINDS, strings(((JsonValue.Obj) graph.get("generator")).get("enum")));
    }

    @Test
    void everySpecInExperimentsValidatesAndLoads() throws Exception {
        Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(Files.readString(FILE), InputFormat.JSON);
        List<Path> specs;
        try (Stream<Path> s = Files.list(Path.of("experiments"))) {
            specs = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertFalse(specs.isEmpty());
        for (Path p : specs) {
            assertEquals(List.of(), schema.validate(Files.readString(p), InputFormat.JSON), p.toString());
            PointScenarios.points(SweepSpec.load(p)); // and the reader builds every point
        }
        assertFalse(schema.validate("{\"base\": \"x.json\", \"axes\": {\"Q\": [1]}}", InputFormat.JSON).isEmpty(), "an unknown axis");
        assertFalse(schema.validate("{\"base\": \"x.json\", \"axes\": {\"K\": []}}", InputFormat.JSON).isEmpty(), "an empty axis");
        assertEquals(List.of(), schema.validate("{\"base\": \"x.json\", \"graph\": {\"generator\": \"unit-disk\", \"nodes\": 9, \"meanDegree\": 3},"
                + " \"axes\": {\"/workload/until\": [5], \"graph.seed\": [1, 2]}, \"seeds\": [4, 2]}", InputFormat.JSON));
    }
}
