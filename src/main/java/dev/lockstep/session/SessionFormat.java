package dev.lockstep.session;

import dev.lockstep.core.Simulation;
import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.FileKind;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.ScenarioWriter;
import dev.lockstep.scenario.SchedulerJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The session file format, {@code lockstep-session/1}: the scenario, the seed, the round reached
 * and the inputs of the current branch, in the order given. Nodes are written by name.
 */
final class SessionFormat {
    private SessionFormat() {}

    /** What a session file holds; the inputs are read against the run they name nodes of. */
    record Contents(Scenario scenario, long seed, int round, JsonValue.Arr inputs) {}

    static String toJson(Scenario scenario, long seed, int round, List<Input> inputs, Simulation sim) {
        JsonWriter w = new JsonWriter();
        w.beginObject().field("format", FileKind.SESSION.format()).key("scenario").value(scenario.json()).field("seed", seed)
                .field("round", round).key("inputs").beginArray();
        for (Input in : inputs) writeInput(w, in, sim);
        return w.endArray().endObject().toString();
    }

    /** The inputs as the JSON array a session file holds. */
    static String inputsJson(List<Input> inputs, Simulation sim) {
        JsonWriter w = new JsonWriter().beginArray();
        for (Input in : inputs) writeInput(w, in, sim);
        return w.endArray().toString();
    }

    private static void writeInput(JsonWriter w, Input in, Simulation sim) {
        w.beginObject().field("round", in.round());
        if (in.step() >= 0) w.field("step", in.step());
        if (in instanceof Input.Move m) {
            w.field("move", sim.nodeName(m.node())).key("to").beginArray().value(m.x()).value(m.y()).endArray();
        } else if (in instanceof Input.Link l) {
            w.key("link").beginArray().value(sim.nodeName(l.u())).value(sim.nodeName(l.v())).endArray();
            if (l.pu() >= 0) w.key("ports").beginArray().value(l.pu()).value(l.pv()).endArray();
        } else if (in instanceof Input.Cut c) {
            w.key("cut").beginArray().value(sim.nodeName(c.u())).value(sim.nodeName(c.v())).endArray();
        } else if (in instanceof Input.Crash c) {
            w.field("crash", sim.nodeName(c.node()));
        } else if (in instanceof Input.Lose l) {
            w.field("lose", l.message()).field("to", sim.nodeName(l.to()));
        } else if (in instanceof Input.CallInput c) {
            w.field("node", sim.nodeName(c.node())).field("call", c.call().json());
        } else if (in instanceof Input.Policy p) {
            w.key("scheduler");
            SchedulerJson.write(w, p.policy());
        } else if (in instanceof Input.WorkloadSwitch wl) {
            w.field("workload", wl.on());
        } else if (in instanceof Input.Execute e) {
            w.field("execute", sim.nodeName(e.node())).field("action", e.action());
            if (e.message() >= 0) w.field("message", e.message());
            if (e.draws() != null) {
                w.key("draws").beginArray();
                for (int d : e.draws()) w.value(d);
                w.endArray();
            }
        }
        w.endObject();
    }

    /** Writes the file atomically (a crash never leaves half a file); creates missing directories. */
    static void save(Path file, String json) throws IOException {
        ScenarioWriter.writeAtomically(file, out -> {
            out.write(json);
            out.write('\n');
        });
    }

    /** Parses a session file and checks its header: the embedded scenario, the seed and the round. */
    static Contents read(String text, String file) throws ScenarioException {
        JsonValue root;
        try {
            root = JsonParser.parse(text, ScenarioLoader.nodeLimit("$.scenario"));
        } catch (JsonParseException e) {
            throw new ScenarioException(e.describe(file));
        }
        FileKind.SESSION.require(root, file);
        JsonValue.Obj o = (JsonValue.Obj) root;
        if (!(o.get("scenario") instanceof JsonValue.Obj scenarioJson) || !o.has("seed") || !o.has("round")
                || !(o.get("inputs") instanceof JsonValue.Arr list)) {
            throw new ScenarioException(file + ": a session needs \"scenario\", \"seed\", \"round\" and \"inputs\"");
        }
        Scenario scenario = ScenarioLoader.fromJson(scenarioJson, file + " (embedded scenario)");
        InputReader reader = new InputReader(file, null);
        long seed = reader.integer(o.get("seed"), "the seed", Long.MIN_VALUE, Long.MAX_VALUE);
        int round = (int) reader.integer(o.get("round"), "the round reached", 0, InputReader.MAX_ROUND);
        return new Contents(scenario, seed, round, list);
    }
}
