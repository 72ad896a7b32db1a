package dev.lockstep.explore;

import dev.lockstep.core.Choice;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.json.JsonWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A path as scenario text, laid out as scenario files are written by hand: one member per line,
 * one list item per line, and inside a line the items spaced ({@code {"round": 3, "node": "x"}}).
 * The values are written by {@link JsonWriter}; only that layout is added here.
 */
public final class ScheduleJson {
    private ScheduleJson() {}

    private static final String ITEM_INDENT = "    ";

    /**
     * The parts of a scenario file that reproduce the steps: {@code "workload"} (the calls),
     * {@code "dynamics"} (cuts and links) and a {@code "scheduler"} of policy {@code "scripted"}
     * (one step per execution, with port, full message label and draws). Step i happens in round
     * {@code start.round() + i}, one move per round, as in the exploration. A scenario adversary
     * links the initial edges at round 0 before anything else, then applies the round's dynamics
     * and calls, then the scripted executions — so a start simulation at round 0 whose only
     * history is its initial links replays exactly when those edges are the scenario's
     * {@code "edges"} (in the same order). Returns a JSON object text (paste its members into a
     * scenario); {@code names} is the simulation the steps start from, for node names.
     */
    public static String schedule(Simulation names, List<PathStep> steps) {
        List<String> calls = new ArrayList<>();
        List<String> dynamics = new ArrayList<>();
        List<String> executions = new ArrayList<>();
        for (PathStep s : steps) {
            JsonWriter w = new JsonWriter().beginObject().field("round", s.round());
            AdversaryMove m = s.move();
            if (m instanceof AdversaryMove.CallMove c) {
                calls.add(spaced(w.field("node", names.nodeName(c.node())).field("call", c.call().json()).endObject()));
            } else if (m instanceof AdversaryMove.CutMove c) {
                dynamics.add(spaced(pair(w.key("cut"), names, c.u(), c.v()).endObject()));
            } else if (m instanceof AdversaryMove.LinkMove l) {
                dynamics.add(spaced(pair(w.key("link"), names, l.u(), l.v()).endObject()));
            } else if (m instanceof AdversaryMove.ExecuteMove e) {
                executions.add(spaced(execution(w, names, e).endObject()));
            }
        }
        return "{\n"
                + "  \"workload\": " + list(calls) + ",\n"
                + "  \"dynamics\": " + list(dynamics) + ",\n"
                + "  \"scheduler\": {\"policy\": \"scripted\", \"steps\": " + list(executions) + "}\n"
                + "}";
    }

    /**
     * A complete scenario file ({@code lockstep-scenario/1}) that replays the steps: the start's
     * nodes, positions, Δ, channels, seed and lockout bound, its edges as initial {@code "edges"},
     * then {@link #schedule}'s workload, dynamics and scripted scheduler; {@code extraRounds}
     * quiet rounds follow the last step. The protocol's name and parameters are not known to the
     * explorer, so they are given ({@code paramsJson} is a JSON object text, e.g.
     * {@code {"K": 2, "variant": "paper"}}).
     *
     * @throws IllegalArgumentException if the start is not what such a scenario produces at round
     *                                  0: a fresh simulation with exactly these edges linked in
     *                                  (u, v) order and nothing else
     */
    public static String scenario(Simulation start, List<PathStep> steps, String name, String protocol,
                                  String paramsJson, int extraRounds) {
        SimulationConfig cfg = start.config();
        int n = start.nodeCount();
        List<int[]> edges = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            for (int v = u + 1; v < n; v++) if (start.graph().adjacent(u, v)) edges.add(new int[] {u, v});
        }
        Simulation fresh = new Simulation(cfg);
        for (int[] e : edges) fresh.link(e[0], e[1]);
        if (start.round() != 0 || !fresh.configuration().equals(start.configuration())) {
            throw new IllegalArgumentException("the start is not a scenario's round 0 with its initial edges linked");
        }
        JsonWriter nodes = new JsonWriter().beginArray();
        for (int u = 0; u < n; u++) {
            nodes.beginObject().field("id", start.nodeName(u)).field("x", start.graph().x(u)).field("y", start.graph().y(u));
            if (cfg.regions() != null) nodes.field("region", cfg.regions().get(u));
            nodes.endObject();
        }
        JsonWriter edgeList = new JsonWriter().beginArray();
        for (int[] e : edges) pair(edgeList, start, e[0], e[1]);
        StringBuilder sb = new StringBuilder("{\n");
        member(sb, "format", JsonWriter.quoted("lockstep-scenario/1"));
        member(sb, "name", JsonWriter.quoted(name));
        member(sb, "protocol", JsonWriter.quoted(protocol));
        member(sb, "params", paramsJson);
        member(sb, "delta", Integer.toString(cfg.delta()));
        member(sb, "seed", Long.toString(cfg.seed()));
        member(sb, "rounds", Integer.toString(steps.size() + extraRounds));
        member(sb, "channels", JsonWriter.quoted(cfg.channels().json()));
        member(sb, "nodes", spaced(nodes.endArray()));
        member(sb, "edges", spaced(edgeList.endArray()));
        member(sb, "checks", spaced(new JsonWriter().beginObject().field("lockoutBound", cfg.checks().lockoutBound()).endObject()));
        String schedule = schedule(start, steps);
        sb.append(schedule, 2, schedule.length()); // its members, after "{\n"
        return sb.append('\n').toString();
    }

    private static JsonWriter execution(JsonWriter w, Simulation names, AdversaryMove.ExecuteMove e) {
        Choice c = e.choice();
        w.field("node", names.nodeName(c.node())).field("action", e.label(names));
        if (c.message() != null) {
            w.field("port", c.message().toPort()).field("message", c.message().message().label());
        }
        if (c.draws() != null && c.draws().length > 0) {
            w.key("draws").beginArray();
            for (int d : c.draws()) w.value(d);
            w.endArray();
        }
        return w;
    }

    /** Two nodes by name, as an array: an edge, a cut or a link. */
    private static JsonWriter pair(JsonWriter w, Simulation names, int u, int v) {
        return w.beginArray().value(names.nodeName(u)).value(names.nodeName(v)).endArray();
    }

    private static void member(StringBuilder sb, String key, String json) {
        sb.append("  ").append(JsonWriter.quoted(key)).append(": ").append(json).append(",\n");
    }

    /** One item per line, indented one level deeper than the member that holds the list. */
    private static String list(List<String> items) {
        if (items.isEmpty()) return "[]";
        StringBuilder sb = new StringBuilder("[\n");
        for (int i = 0; i < items.size(); i++) {
            sb.append(ITEM_INDENT).append(items.get(i)).append(i + 1 < items.size() ? ",\n" : "\n");
        }
        return sb.append(ITEM_INDENT, 0, ITEM_INDENT.length() - 2).append(']').toString();
    }

    /** {@link JsonWriter}'s compact text with a space after every comma and colon outside strings. */
    static String spaced(JsonWriter compact) {
        String s = compact.toString();
        StringBuilder sb = new StringBuilder(s.length() + 16);
        boolean inString = false;
        boolean escaped = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(c);
            if (inString) {
                if (escaped) escaped = false;
                else if (c == '\\') escaped = true;
                else if (c == '"') inString = false;
            } else if (c == '"') {
                inString = true;
            } else if (c == ',' || c == ':') {
                sb.append(' ');
            }
        }
        return sb.toString();
    }
}
