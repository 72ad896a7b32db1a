package dev.lockstep.experiment;

import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.ScenarioWriter;
import dev.lockstep.scenario.TextFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The grid's points as scenario files: the base scenario's JSON with each axis's value written at
 * the axis's pointer (missing objects on the way are created; a null value removes the field),
 * then laid out as {@link ScenarioWriter} lays out every scenario. The loader validates each
 * point like any file, so a sweep accepts exactly what {@code run} accepts.
 */
public final class PointScenarios {
    private PointScenarios() {}

    /** Every point of the spec's grid, in grid order. */
    public static List<GridPoint> points(SweepSpec spec) throws ScenarioException {
        JsonValue.Obj base = base(spec.base());
        List<GridPoint> points = new ArrayList<>();
        int[] at = new int[spec.axes().size()];
        for (int index = 0; ; index++) {
            Map<String, JsonValue> params = new LinkedHashMap<>();
            JsonValue.Obj json = base.without(ScenarioLoader.SCHEMA_KEY); // its relative address would be wrong in DIR/points
            Map<String, JsonValue> graph = spec.graph() == null ? null : new LinkedHashMap<>(spec.graph());
            for (int a = 0; a < at.length; a++) {
                Axis axis = spec.axes().get(a);
                params.put(axis.name(), axis.values().get(at[a]));
                if (Axis.isGraph(axis.name())) graph.put(axis.name().substring(Axis.GRAPH.length()), axis.values().get(at[a]));
            }
            if (graph != null && GraphGenerator.perRun(graph)) {
                // a graph per run: one scenario per seed, the graph drawn with the run's seed
                Map<Long, String> bySeed = new LinkedHashMap<>();
                for (long seed : spec.seeds()) {
                    graph.put("seed", parse(String.valueOf(seed)));
                    bySeed.put(seed, text(spec, withGraph(json, graph, spec, index, params), at));
                }
                points.add(new GridPoint(index, GridPoint.id(index), Collections.unmodifiableMap(params), "", Collections.unmodifiableMap(bySeed)));
            } else {
                String text = text(spec, graph == null ? json : withGraph(json, graph, spec, index, params), at);
                points.add(new GridPoint(index, GridPoint.id(index), Collections.unmodifiableMap(params), text, Map.of()));
            }
            // the next combination, the last axis fastest
            int a = at.length - 1;
            while (a >= 0 && ++at[a] == spec.axes().get(a).values().size()) at[a--] = 0;
            if (a < 0) return points;
        }
    }

    /** The point's scenario text: the spec's rounds, then the axes other than the graph's. */
    private static String text(SweepSpec spec, JsonValue.Obj json, int[] at) {
        // the spec's rounds, unless a "rounds" axis sets them
        if (spec.rounds() != null) json = set(json, List.of("rounds"), parse(String.valueOf(spec.rounds())));
        for (int a = 0; a < at.length; a++) {
            Axis axis = spec.axes().get(a);
            if (!Axis.isGraph(axis.name())) json = set(json, axis.tokens(), shorthand(axis, axis.values().get(at[a])));
        }
        return ScenarioWriter.toText(json);
    }

    /** The scenario with the generated graph in place of the base's; the graph comes before the axes, which may change Δ. */
    private static JsonValue.Obj withGraph(JsonValue.Obj json, Map<String, JsonValue> graph, SweepSpec spec, int index,
                                           Map<String, JsonValue> params) throws ScenarioException {
        GraphGenerator.Graph g;
        try {
            g = GraphGenerator.generate(graph);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(spec.file() + ": point " + GridPoint.id(index) + " (" + GridPoint.describe(params) + "): " + e.getMessage());
        }
        int baseDelta = json.get("delta") instanceof JsonValue.Num n && n.isIntegral() && n.text().length() < 6 ? Integer.parseInt(n.text()) : 0;
        return ScenarioWriter.edit(json, GraphGenerator.members(g, baseDelta));
    }

    private static JsonValue.Obj base(Path path) throws ScenarioException {
        String file = path.toString();
        try {
            JsonValue root = JsonParser.parse(TextFile.read(path), ScenarioLoader.nodeLimit("$"));
            if (root instanceof JsonValue.Obj o) return o;
            throw new ScenarioException(file + ":" + root.line() + ":" + root.column() + ": $: expected a scenario (an object), found " + root.typeName());
        } catch (JsonParseException e) {
            throw new ScenarioException(e.describe(file));
        }
    }

    /** A policy's name alone as a {@code scheduler} value: {@code "synchronous"} is {@code {"policy": "synchronous"}}. */
    private static JsonValue shorthand(Axis axis, JsonValue v) {
        if (axis.pointer().equals("/scheduler") && v instanceof JsonValue.Str s) return parse("{\"policy\":" + json(s) + "}");
        return v;
    }

    /** {@code root} with {@code value} at the path of reference tokens (null: the field removed). */
    static JsonValue.Obj set(JsonValue.Obj root, List<String> tokens, JsonValue value) {
        String key = tokens.get(0);
        String text = tokens.size() == 1 ? (value instanceof JsonValue.Null ? null : json(value))
                : json(setIn(root.get(key), tokens.subList(1, tokens.size()), value));
        Map<String, String> change = new LinkedHashMap<>();
        change.put(key, text);
        return ScenarioWriter.edit(root, change);
    }

    /** The value at {@code node} with {@code value} written below it; a missing or non-container node becomes an object. */
    private static JsonValue setIn(JsonValue node, List<String> tokens, JsonValue value) {
        String key = tokens.get(0);
        List<String> rest = tokens.subList(1, tokens.size());
        if (node instanceof JsonValue.Arr a && key.matches("\\d{1,9}") && Integer.parseInt(key) < a.size()) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < a.size(); i++) {
                if (i > 0) sb.append(',');
                JsonValue item = i == Integer.parseInt(key) ? (rest.isEmpty() ? value : setIn(a.get(i), rest, value)) : a.get(i);
                sb.append(json(item));
            }
            return parse(sb.append(']').toString());
        }
        JsonValue.Obj o = node instanceof JsonValue.Obj obj ? obj : (JsonValue.Obj) parse("{}");
        if (rest.isEmpty()) {
            Map<String, String> change = new LinkedHashMap<>();
            change.put(key, value instanceof JsonValue.Null ? null : json(value));
            return edit(o, change);
        }
        Map<String, String> change = new LinkedHashMap<>();
        change.put(key, json(setIn(o.get(key), rest, value)));
        return edit(o, change);
    }

    /** An object with members replaced, added at the end or (null) removed. */
    private static JsonValue.Obj edit(JsonValue.Obj o, Map<String, String> changes) {
        StringBuilder sb = new StringBuilder("{");
        Map<String, String> members = new LinkedHashMap<>();
        for (var e : o.members().entrySet()) members.put(e.getKey(), json(e.getValue()));
        members.putAll(changes);
        int i = 0;
        for (var e : members.entrySet()) {
            if (e.getValue() == null) continue;
            if (i++ > 0) sb.append(',');
            sb.append(JsonWriter.quoted(e.getKey())).append(':').append(e.getValue());
        }
        return (JsonValue.Obj) parse(sb.append('}').toString());
    }

    private static JsonValue parse(String json) {
        try {
            return JsonParser.parse(json);
        } catch (JsonParseException e) {
            throw new IllegalStateException("written JSON does not parse: " + json, e);
        }
    }

    static String json(JsonValue v) {
        return new JsonWriter().value(v).toString();
    }
}
