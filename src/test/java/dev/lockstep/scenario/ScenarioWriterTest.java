package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioWriterTest {
    static String canonical(JsonValue v) {
        return new JsonWriter().value(v).toString();
    }

    @Test
    void everySampleRunSurvivesWritingAndReading() throws Exception {
        List<Path> samples;
        try (Stream<Path> s = Files.list(Path.of("sample-runs"))) {
            samples = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertTrue(samples.size() >= 8);
        for (Path p : samples) {
            Scenario sc = ScenarioLoader.load(p);
            String text = ScenarioWriter.toText(sc.json());
            Scenario again = ScenarioLoader.parse(text, p.toString());
            assertEquals(canonical(sc.json()), canonical(again.json()), p.toString());
            assertTrue(text.endsWith("}\n") && text.startsWith("{\n  \"format\": \"lockstep-scenario/1\",\n"), text);
        }
    }

    @Test
    void editReplacesRemovesAndInsertsInTheFormatsOrder() throws Exception {
        Scenario ring = ScenarioLoader.load(Path.of("sample-runs", "ring-8.json"));
        Map<String, String> changes = new LinkedHashMap<>();
        changes.put("delta", "3");
        changes.put("workload", null);
        changes.put("ports", "\"random\"");
        JsonValue.Obj edited = ScenarioWriter.edit(ring.json(), changes);
        List<String> keys = List.copyOf(edited.members().keySet());
        assertFalse(keys.contains("workload"));
        assertEquals(keys.indexOf("channels") + 1, keys.indexOf("ports"), keys.toString());
        assertEquals("3", ((JsonValue.Num) edited.get("delta")).text());
        Scenario s = ScenarioWriter.edited(ring, changes);
        assertEquals(3, s.delta());
        assertEquals(canonical(ring.json().get("nodes")), canonical(s.json().get("nodes")));
    }

    @Test
    void anEditTheLoaderRefusesIsReported() throws Exception {
        Scenario ring = ScenarioLoader.load(Path.of("sample-runs", "ring-8.json"));
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioWriter.edited(ring, Map.of("delta", "1")));
        assertTrue(e.problems().stream().anyMatch(l -> l.contains("$.edges")), e.problems().toString());
    }

    @Test
    void writesAtomicallyAndLeavesNoTemporaryFile(@TempDir Path dir) throws IOException, Exception {
        Path f = dir.resolve("sub/x.json");
        ScenarioWriter.writeAtomically(f, "{}\n");
        ScenarioWriter.writeAtomically(f, "{\"a\": 1}\n");
        assertEquals("{\"a\": 1}\n", Files.readString(f));
        assertThrows(IOException.class, () -> ScenarioWriter.writeAtomically(f, out -> {
            out.write("half");
            throw new IOException("disk full");
        }));
        assertEquals("{\"a\": 1}\n", Files.readString(f), "a failed write leaves the old file");
        try (Stream<Path> s = Files.list(f.getParent())) {
            assertEquals(List.of(f), s.toList());
        }
        assertTrue(JsonParser.parse(Files.readString(f)) instanceof JsonValue.Obj);
    }
}
