package dev.lockstep.cli;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.Violation;
import dev.lockstep.explore.ExplorationPath;
import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.ScenarioWriter;
import dev.lockstep.session.Session;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A counterexample of {@code check} as a session file ({@code lockstep-session/1}): the scenario's
 * protocol, nodes, Δ, channels and ports with its start's edges, the explorer's schedule as a
 * scripted workload, dynamics and scheduler (one move per round), at the round right after the
 * violating step. {@code gui FILE} opens it there, paused, with the debugger's timeline over the
 * whole schedule. The file also lists the violations the session reports at its round
 * ({@code "violations"}, which a session file may carry and the window ignores): {@code replay
 * FILE} re-runs the session and compares ({@link SessionReplay}).
 */
final class CounterexampleSession {
    /** The scenario members kept as they are; the adversary's are replaced by the schedule. */
    private static final List<String> KEPT = List.of("protocol", "params", "delta");
    private static final List<String> KEPT_AFTER_ROUNDS = List.of("channels", "ports", "nodes", "areas");

    private CounterexampleSession() {}

    /**
     * The session text of {@code path}, whose last step violates {@code check}; the session is
     * replayed here first, and must end where the path does with that violation in its last round.
     *
     * @throws IllegalStateException if it does not (a bug: the schedule does not replay)
     */
    static String text(Scenario scenario, long seed, CheckStart start, ExplorationPath path, String check) {
        String scenarioText = scenarioText(scenario, seed, start, path, check);
        Session session;
        try {
            session = Session.start(ScenarioLoader.parse(scenarioText, "counterexample"), seed);
        } catch (ScenarioException e) {
            throw new IllegalStateException("the counterexample's scenario does not load: " + e.getMessage() + "\n" + scenarioText, e);
        }
        session.runUntil(path.size());
        Simulation run = session.simulation();
        Simulation expected = path.replay();
        int last = path.steps().get(path.size() - 1).round();
        if (!run.configuration().equals(expected.configuration())
                || run.violations().stream().noneMatch(v -> v.check().equals(check) && v.round() == last)) {
            throw new IllegalStateException("the counterexample session does not replay the schedule to its " + check + " violation");
        }
        String json = session.toJson();
        // a session's JSON is one object: the recorded violations become its last member
        return json.substring(0, json.lastIndexOf('}')) + ",\"violations\":" + violationsJson(run) + "}";
    }

    /** Writes the text atomically (a crash never leaves half a file). */
    static void write(Path file, String text) throws IOException {
        ScenarioWriter.writeAtomically(file, text + "\n");
    }

    /** The violations a simulation reports, as the array a counterexample session records. */
    static String violationsJson(Simulation sim) {
        JsonWriter w = new JsonWriter().beginArray();
        for (Violation v : sim.violations()) {
            w.beginObject().field("round", v.round()).field("check", v.check()).key("nodes").beginArray();
            for (int u : v.nodes()) w.value(sim.nodeName(u));
            w.endArray().field("message", v.message()).endObject();
        }
        return w.endArray().toString();
    }

    private static String scenarioText(Scenario scenario, long seed, CheckStart start, ExplorationPath path, String check) {
        JsonValue.Obj json = scenario.json();
        Simulation sim = start.simulation();
        JsonWriter w = new JsonWriter().beginObject().field("format", Scenario.FORMAT)
                .field("name", "Counterexample: " + check + " after " + path.size() + " steps (" + scenario.name() + ")");
        copy(w, json, KEPT);
        w.field("seed", seed).field("rounds", path.size());
        copy(w, json, KEPT_AFTER_ROUNDS);
        w.key("edges").beginArray();
        for (int[] e : start.linked()) w.beginArray().value(sim.nodeName(e[0])).value(sim.nodeName(e[1])).endArray();
        w.endArray();
        JsonValue.Obj schedule;
        try {
            schedule = (JsonValue.Obj) JsonParser.parse(path.toSchedule());
        } catch (JsonParseException e) {
            throw new IllegalStateException("the schedule is not JSON", e);
        }
        for (String key : List.of("workload", "dynamics", "scheduler")) w.key(key).value(schedule.get(key));
        w.key("checks").beginObject().field("lockoutBound", CheckStart.NO_LOCKOUT).endObject();
        return w.endObject().toString();
    }

    private static void copy(JsonWriter w, JsonValue.Obj from, List<String> keys) {
        for (String k : keys) if (from.has(k)) w.key(k).value(from.get(k));
    }
}
