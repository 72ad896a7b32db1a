package dev.lockstep.app;

import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.Scripted;
import dev.lockstep.core.Simulation;
import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.ScenarioWriter;
import dev.lockstep.scenario.TraceWriter;
import dev.lockstep.session.Input;
import dev.lockstep.session.Session;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Opening and writing the window's files: scenarios, sessions, traces (all writes atomic). */
final class SessionFiles {
    private SessionFiles() {}

    /** Opens a scenario file (a new session at round 0) or a session file (replayed to its round). */
    static Session open(Path file) throws ScenarioException {
        String text = ScenarioLoader.read(file);
        return open(text, file.toString());
    }

    static Session open(String text, String name) throws ScenarioException {
        String format = null;
        try {
            if (JsonParser.parse(text) instanceof JsonValue.Obj o && o.get("format") instanceof JsonValue.Str f) format = f.value();
        } catch (JsonParseException e) {
            // the scenario loader reports it with line and column
        }
        if (Session.FORMAT.equals(format)) return Session.parse(text, name);
        if ("lockstep-trace/1".equals(format)) {
            throw new ScenarioException(name + ": this is a trace (lockstep-trace/1); open a scenario or a session file, "
                    + "or check the trace with: java -jar lockstep.jar replay " + name);
        }
        return Session.start(ScenarioLoader.parse(text, name));
    }

    /** The built-in default scenario. */
    static Scenario defaultScenario() {
        try (var in = SessionFiles.class.getResourceAsStream("default-scenario.json")) {
            if (in == null) throw new IllegalStateException("default-scenario.json is missing from the application");
            return ScenarioLoader.parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8),
                    "default-scenario.json");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ScenarioException e) {
            throw new IllegalStateException("the built-in scenario is invalid: " + e.getMessage(), e);
        }
    }

    /**
     * The session's graph as it is now, as a scenario: current positions, current edges (or the
     * unit-disk radius), Δ, parameters, the session's seed, its current scheduling policy (a
     * scripted schedule is kept as it was), and the workload if it is on. Dynamics, churn and
     * checks are kept as in the scenario.
     */
    static String scenarioText(Session session) {
        Scenario sc = session.scenario();
        Simulation sim = session.simulation();
        Map<String, String> changes = new LinkedHashMap<>();
        changes.put("seed", Long.toString(session.seed()));
        SchedulerPolicy p = session.policy();
        if (!(p instanceof Scripted)) {
            JsonWriter w = new JsonWriter();
            ScenarioLoader.writePolicy(w, p);
            changes.put("scheduler", w.toString());
        }
        JsonValue.Arr nodes = sc.json().get("nodes") instanceof JsonValue.Arr a ? a : null;
        JsonWriter nw = new JsonWriter().beginArray();
        for (int u = 0; u < sim.nodeCount(); u++) {
            nw.beginObject().field("id", sim.nodeName(u)).field("x", round4(sim.graph().x(u))).field("y", round4(sim.graph().y(u)));
            if (nodes != null && u < nodes.size() && nodes.get(u) instanceof JsonValue.Obj o && o.get("region") instanceof JsonValue.Str r) {
                nw.field("region", r.value());
            }
            nw.endObject();
        }
        changes.put("nodes", nw.endArray().toString());
        if (session.unitDisk() <= 0) {
            JsonWriter ew = new JsonWriter().beginArray();
            for (int u = 0; u < sim.nodeCount(); u++) {
                for (long s = sim.ports(u) & ~1L; s != 0; s &= s - 1) {
                    int v = sim.peer(u, Long.numberOfTrailingZeros(s));
                    if (u < v) ew.beginArray().value(sim.nodeName(u)).value(sim.nodeName(v)).endArray();
                }
            }
            changes.put("edges", ew.endArray().toString());
        }
        if (!session.workload()) changes.put("workload", null);
        return ScenarioWriter.toText(ScenarioWriter.edit(sc.json(), changes));
    }

    private static double round4(double d) {
        return Math.round(d * 10000) / 10000.0;
    }

    static void saveScenario(Session session, Path file) throws IOException {
        ScenarioWriter.writeAtomically(file, scenarioText(session));
    }

    /**
     * Writes the session's trace: its scenario re-run with the same seed and the same inputs at
     * the same rounds (the session is a function of these), with a trace writer attached from
     * round 0, up to the last completed round.
     */
    static int exportTrace(Session live, Path file) throws IOException {
        int rounds = live.round();
        Session s = Session.start(live.scenario(), live.seed());
        ScenarioWriter.writeAtomically(file, out -> {
            TraceWriter trace = new TraceWriter(out, live.scenario(), s.simulation(), rounds);
            s.simulation().addListener(trace);
            try {
                for (Input in : live.inputs()) {
                    if (in.round() >= rounds) continue;
                    s.runUntil(in.round());
                    s.submit(in);
                }
                s.runUntil(rounds);
                trace.finish();
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        });
        return rounds;
    }
}
