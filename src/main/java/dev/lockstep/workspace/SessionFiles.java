package dev.lockstep.workspace;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.Scripted;
import dev.lockstep.dgs.DgsImport;
import dev.lockstep.dgs.ImportOptions;
import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.FileKind;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.ScenarioWriter;
import dev.lockstep.scenario.TraceWriter;
import dev.lockstep.session.Input;
import dev.lockstep.session.Session;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Opening and writing the window's files: scenarios, sessions, traces (all writes atomic). */
public final class SessionFiles {
    private SessionFiles() {}

    /** Opens a scenario file (a new session at round 0) or a session file (replayed to its round). */
    public static Session open(Path file) throws ScenarioException {
        return open(file, Session.Loading.NONE);
    }

    /** {@link #open(Path)}, telling {@code loading} each round a session file is replayed. */
    public static Session open(Path file, Session.Loading loading) throws ScenarioException {
        if (file.getFileName() != null && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".dgs")) {
            return Session.start(fromDgs(file));
        }
        String text = ScenarioLoader.read(file);
        return open(text, file.toString(), loading);
    }

    public static Session open(String text, String name) throws ScenarioException {
        return open(text, name, Session.Loading.NONE);
    }

    public static Session open(String text, String name, Session.Loading loading) throws ScenarioException {
        FileKind kind = FileKind.of(text); // null: not JSON, or no format: the scenario loader says what is wrong
        if (kind == FileKind.SESSION) return Session.parse(text, name, loading);
        if (kind == FileKind.TRACE) {
            throw new ScenarioException(name + ": this is a trace (" + FileKind.TRACE.format() + "); open a scenario or a session file, "
                    + "or check the trace with: java -jar lockstep.jar replay " + name);
        }
        return Session.start(ScenarioLoader.parse(text, name));
    }

    /**
     * A GraphStream DGS file as a scenario (its step-0 graph, later steps as topology events; Δ the
     * largest degree; no workload: Lock is called from the node menu), as {@code import-dgs} makes it.
     */
    static Scenario fromDgs(Path file) throws ScenarioException {
        try {
            return DgsImport.toScenario(file, ImportOptions.defaults());
        } catch (IOException e) {
            throw new ScenarioException(e.getMessage());
        }
    }

    /** The round a session file says it reached (read, not replayed), or -1 if it is not a readable session file. */
    public static long sessionRound(Path file) {
        try {
            if (JsonParser.parse(Files.readString(file)) instanceof JsonValue.Obj o
                    && FileKind.declared(o) == FileKind.SESSION
                    && o.get("round") instanceof JsonValue.Num r && r.isIntegral()) {
                return Long.parseLong(r.text());
            }
        } catch (IOException | JsonParseException | RuntimeException e) {
            // not a session file, or a broken one: the synchronous open reports it
        }
        return -1;
    }

    /** The built-in default scenario. */
    public static Scenario defaultScenario() {
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
    public static String scenarioText(Session session) {
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
        if (sc.particlesMakeTheGraph()) {
            // amoebots: the particles make the nodes and edges, so the copy keeps the file's
            // particles (their start) with the session's seed and policy
            return ScenarioWriter.toText(ScenarioWriter.edit(sc.json(), changes));
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

    public static void saveScenario(Session session, Path file) throws IOException {
        ScenarioWriter.writeAtomically(file, scenarioText(session));
    }

    /**
     * Writes the session's trace: its scenario re-run with the same seed and the same inputs at
     * the same rounds (the session is a function of these), with a trace writer attached from
     * round 0, up to the last completed round.
     */
    public static int exportTrace(Session live, Path file) throws IOException {
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

    /**
     * The session's graph as it is now, plus one node at (x, y) with a fresh name, as a new
     * scenario (the node set is fixed during a run, so adding one starts a new run).
     */
    public static Scenario withNodeAdded(Session session, double x, double y) throws ScenarioException {
        Simulation sim = session.simulation();
        String name = freshName(sim);
        JsonValue.Obj base = parse(scenarioText(session));
        JsonWriter nw = new JsonWriter().beginArray();
        for (JsonValue n : ((JsonValue.Arr) base.get("nodes")).items()) nw.value(n);
        nw.beginObject().field("id", name).field("x", round4(x)).field("y", round4(y)).endObject();
        Map<String, String> changes = new LinkedHashMap<>();
        changes.put("nodes", nw.endArray().toString());
        return ScenarioWriter.edited(ScenarioLoader.fromJson(base, session.scenario().file()), changes);
    }

    /**
     * The session's graph as it is now without node u and its edges, as a new scenario. Scripted
     * topology events and calls that name u are dropped; a scripted schedule naming u refuses.
     */
    public static Scenario withNodeRemoved(Session session, int u) throws ScenarioException {
        Simulation sim = session.simulation();
        if (sim.nodeCount() == 1) throw new ScenarioException("a scenario needs at least one node");
        String name = sim.nodeName(u);
        JsonValue.Obj base = parse(scenarioText(session));
        Map<String, String> changes = new LinkedHashMap<>();
        changes.put("nodes", filtered(base.get("nodes"), v -> v instanceof JsonValue.Obj o
                && o.get("id") instanceof JsonValue.Str id && id.value().equals(name)));
        if (base.get("edges") != null) changes.put("edges", filtered(base.get("edges"), v -> mentions(v, name)));
        if (base.get("dynamics") != null) changes.put("dynamics", filtered(base.get("dynamics"), v -> mentions(v, name)));
        if (base.get("workload") instanceof JsonValue.Arr) changes.put("workload", filtered(base.get("workload"), v -> mentions(v, name)));
        if (base.get("scheduler") instanceof JsonValue.Obj sch && sch.get("steps") != null && mentions(sch.get("steps"), name)) {
            throw new ScenarioException("the scripted schedule uses " + name + ": edit the scenario file to remove it");
        }
        return ScenarioWriter.edited(ScenarioLoader.fromJson(base, session.scenario().file()), changes);
    }

    private static String freshName(Simulation sim) {
        for (int i = sim.nodeCount() + 1; ; i++) {
            String candidate = "n" + i;
            if (sim.indexOf(candidate) < 0) return candidate;
        }
    }

    private static JsonValue.Obj parse(String text) throws ScenarioException {
        try {
            return (JsonValue.Obj) JsonParser.parse(text);
        } catch (JsonParseException e) {
            throw new ScenarioException("internal: the current graph did not serialise: " + e.getMessage());
        }
    }

    /** The array without the items {@code drop} accepts, as JSON text. */
    private static String filtered(JsonValue array, java.util.function.Predicate<JsonValue> drop) {
        JsonWriter w = new JsonWriter().beginArray();
        for (JsonValue v : ((JsonValue.Arr) array).items()) if (!drop.test(v)) w.value(v);
        return w.endArray().toString();
    }

    /** Whether the JSON value mentions the node name as a string anywhere. */
    private static boolean mentions(JsonValue v, String name) {
        if (v instanceof JsonValue.Str s) return s.value().equals(name);
        if (v instanceof JsonValue.Arr a) return a.items().stream().anyMatch(x -> mentions(x, name));
        if (v instanceof JsonValue.Obj o) return o.members().values().stream().anyMatch(x -> mentions(x, name));
        return false;
    }
}
