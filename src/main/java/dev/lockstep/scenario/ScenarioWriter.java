package dev.lockstep.scenario;

import dev.lockstep.io.AtomicFile;
import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes scenario files ({@code lockstep-scenario/1}) in the layout of the sample runs: one
 * top-level field per line, one node, edge or event per line. Also edits a scenario's JSON
 * (replace, add or remove top-level fields) so a GUI can change Δ, K, the seed or the graph and
 * validate the result with {@link ScenarioLoader} like any file.
 */
public final class ScenarioWriter {
    private ScenarioWriter() {}

    /** The scenario object as text (pretty, deterministic, ends with a newline). */
    public static String toText(JsonValue.Obj root) {
        StringBuilder sb = new StringBuilder("{\n");
        int i = 0;
        for (var e : root.members().entrySet()) {
            sb.append("  ").append(JsonWriter.quoted(e.getKey())).append(": ");
            JsonValue v = e.getValue();
            if (v instanceof JsonValue.Arr a && a.size() > 0 && (a.get(0) instanceof JsonValue.Obj || a.get(0) instanceof JsonValue.Arr)) {
                sb.append("[\n");
                for (int k = 0; k < a.size(); k++) {
                    sb.append("    ").append(compact(a.get(k), true));
                    sb.append(k + 1 < a.size() ? ",\n" : "\n");
                }
                sb.append("  ]");
            } else {
                sb.append(compact(v, true));
            }
            sb.append(++i < root.members().size() ? ",\n" : "\n");
        }
        return sb.append("}\n").toString();
    }

    /** One value on one line; with {@code spaced}, ", " and ": " as in hand-written files. */
    static String compact(JsonValue v, boolean spaced) {
        if (v instanceof JsonValue.Obj o) {
            StringBuilder sb = new StringBuilder("{");
            int i = 0;
            for (var e : o.members().entrySet()) {
                if (i++ > 0) sb.append(spaced ? ", " : ",");
                sb.append(JsonWriter.quoted(e.getKey())).append(spaced ? ": " : ":").append(compact(e.getValue(), spaced));
            }
            return sb.append('}').toString();
        }
        if (v instanceof JsonValue.Arr a) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < a.size(); i++) {
                if (i > 0) sb.append(spaced ? ", " : ",");
                sb.append(compact(a.get(i), spaced));
            }
            return sb.append(']').toString();
        }
        return new JsonWriter().value(v).toString();
    }

    /**
     * The scenario with some top-level fields replaced: each entry of {@code changes} is a JSON
     * text for that field, or null to remove it. A field that is new takes its place in the
     * canonical field order of the format.
     */
    public static JsonValue.Obj edit(JsonValue.Obj root, Map<String, String> changes) {
        Map<String, JsonValue> parsed = new LinkedHashMap<>();
        for (var e : changes.entrySet()) parsed.put(e.getKey(), e.getValue() == null ? null : parse(e.getValue()));
        List<String> order = new ArrayList<>(root.members().keySet());
        for (String key : parsed.keySet()) {
            if (order.contains(key) || parsed.get(key) == null) continue;
            int canon = ScenarioLoader.FIELDS.indexOf(key);
            int at = order.size();
            for (int i = 0; i < order.size(); i++) {
                int other = ScenarioLoader.FIELDS.indexOf(order.get(i));
                if (canon >= 0 && other > canon) {
                    at = i;
                    break;
                }
            }
            order.add(at, key);
        }
        StringBuilder sb = new StringBuilder("{");
        int i = 0;
        for (String key : order) {
            JsonValue v = parsed.containsKey(key) ? parsed.get(key) : root.get(key);
            if (v == null) continue;
            if (i++ > 0) sb.append(',');
            sb.append(JsonWriter.quoted(key)).append(':').append(compact(v, false));
        }
        return (JsonValue.Obj) parse(sb.append('}').toString());
    }

    /** Edits a scenario and validates the result (problems name {@code file}). */
    public static Scenario edited(Scenario scenario, Map<String, String> changes) throws ScenarioException {
        JsonValue.Obj json = edit(scenario.json(), changes);
        return ScenarioLoader.parse(toText(json), scenario.file());
    }

    private static JsonValue parse(String json) {
        try {
            return JsonParser.parse(json);
        } catch (JsonParseException e) {
            throw new IllegalArgumentException("not JSON: " + json, e);
        }
    }

    /**
     * Writes text to a file atomically, through {@link AtomicFile}: a crash never leaves half a
     * file, and an existing file is replaced only by a complete one. Creates missing directories.
     */
    public static void writeAtomically(Path file, String text) throws IOException {
        writeAtomically(file, out -> out.write(text));
    }

    /** Streams content to a file (a scenario, a session, a trace) atomically; creates missing directories. */
    public static void writeAtomically(Path file, AtomicFile.Content content) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) Files.createDirectories(dir);
        AtomicFile.write(file, content);
    }
}
