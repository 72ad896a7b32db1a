package dev.lockstep.session;

import dev.lockstep.core.Call;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * An interactive session: a scenario run step by step while a person changes the topology, calls
 * Lock and Unlock, switches the scheduling policy or the workload. Every such input is recorded
 * with its round and applied right after the adversary's start-of-round changes (an input given
 * after executions of the round have started waits for the next round). Since the simulation is
 * a function of scenario, seed and inputs, a session file (those three and the round reached)
 * restores the session exactly — and so does autosave after a crash.
 *
 * <p>Not thread-safe: the GUI calls it from its application thread.
 */
public final class Session {
    public static final String FORMAT = "lockstep-session/1";

    private final Scenario scenario;
    private final long seed;
    private final Simulation sim;
    private final InteractiveAdversary adversary;
    private final Engine engine;
    private final List<Input> inputs = new ArrayList<>();
    private final List<Input> waiting = new ArrayList<>();

    private Session(Scenario scenario, long seed) {
        this.scenario = scenario;
        this.seed = seed;
        this.sim = new dev.lockstep.core.Simulation(scenario.config(seed));
        this.adversary = new InteractiveAdversary(scenario.adversary());
        this.engine = new Engine(sim, adversary);
    }

    /** A new session at round 0. */
    public static Session start(Scenario scenario, long seed) {
        return new Session(scenario, seed);
    }

    public static Session start(Scenario scenario) {
        return start(scenario, scenario.seed());
    }

    public Scenario scenario() { return scenario; }

    public long seed() { return seed; }

    public Simulation simulation() { return sim; }

    public int round() { return sim.round(); }

    /** Every input applied so far, in order (inputs still waiting for their round excluded). */
    public List<Input> inputs() { return List.copyOf(inputs); }

    /** Inputs given after this round's executions started: they apply when the next round begins. */
    public List<Input> waiting() { return List.copyOf(waiting); }

    public SchedulerPolicy policy() { return adversary.policy(); }

    public boolean workload() { return adversary.workload(); }

    /** The scenario's unit-disk radius, or 0 for explicit edges (dragging then moves only the node). */
    public double unitDisk() { return adversary.base().unitDisk(); }

    /** Whether the current round has begun (its start-of-round changes and plan are done). */
    public boolean midRound() { return engine.midRound(); }

    // ---------------------------------------------------------------- stepping

    /**
     * Begins the current round without executing anything: the adversary's start-of-round
     * topology changes and calls, the waiting inputs, the plan. Nothing else would differ had it
     * begun on the next step (beginning is deterministic and idempotent), so a GUI calls it to show
     * a round's topology — e.g. round 0's initial edges — before the first execution.
     */
    public void beginRound() {
        begin();
    }

    private void begin() {
        if (engine.midRound()) return;
        engine.beginRound();
        int round = sim.round();
        List<Input> now = new ArrayList<>();
        for (Input in : waiting) if (in.round() <= round) now.add(in.at(round));
        waiting.removeIf(in -> in.round() <= round);
        for (Input in : now) applyAndRecord(in);
    }

    /** Runs the rest of the current round (all of it if it has not begun). */
    public void stepRound() {
        begin();
        while (engine.executeNext()) {
            // the plan's executions, one after another
        }
        engine.finishRound();
    }

    /**
     * Executes the next planned action, ending rounds and beginning new ones as needed; returns
     * false if {@code maxRounds} rounds passed with nothing to execute.
     */
    public boolean stepAction(int maxRounds) {
        for (int i = 0; i < maxRounds; i++) {
            begin();
            if (engine.executeNext()) return true;
            engine.finishRound();
        }
        return false;
    }

    /** Runs whole rounds until the simulation reaches {@code round}. */
    public void runUntil(int round) {
        while (sim.round() < round) stepRound();
    }

    // ---------------------------------------------------------------- inputs

    public void move(int node, double x, double y) {
        submit(new Input.Move(0, node, x, y));
    }

    public void link(int u, int v) {
        submit(new Input.Link(0, u, v));
    }

    public void cut(int u, int v) {
        submit(new Input.Cut(0, u, v));
    }

    public void call(int node, Call call) {
        submit(new Input.CallInput(0, node, call));
    }

    public void policy(SchedulerPolicy policy) {
        submit(new Input.Policy(0, policy));
    }

    public void workload(boolean on) {
        submit(new Input.Workload(0, on));
    }

    /**
     * Applies an input now if the current round's executions have not started (beginning the
     * round if needed), else keeps it for the next round. Returns true if applied now.
     */
    public boolean submit(Input input) {
        if (engine.midRound() && sim.executionsThisRound() > 0) {
            waiting.add(input.at(sim.round() + 1));
            return false;
        }
        begin();
        applyAndRecord(input.at(sim.round()));
        return true;
    }

    private void applyAndRecord(Input in) {
        apply(in);
        inputs.add(in);
        engine.replan();
    }

    private void apply(Input in) {
        if (in instanceof Input.Move m) {
            adversary.base().move(sim, m.node(), m.x(), m.y());
        } else if (in instanceof Input.Link l) {
            sim.link(l.u(), l.v());
        } else if (in instanceof Input.Cut c) {
            sim.cut(c.u(), c.v());
        } else if (in instanceof Input.CallInput c) {
            sim.call(c.node(), c.call());
        } else if (in instanceof Input.Policy p) {
            adversary.policy(p.policy());
        } else if (in instanceof Input.Workload w) {
            adversary.workload(w.on());
        }
    }

    // ---------------------------------------------------------------- files

    /** The session as {@code lockstep-session/1} JSON. */
    public String toJson() {
        JsonWriter w = new JsonWriter();
        w.beginObject().field("format", FORMAT).key("scenario").value(scenario.json()).field("seed", seed)
                .field("round", sim.round()).key("inputs").beginArray();
        List<Input> all = new ArrayList<>(inputs);
        all.addAll(waiting);
        for (Input in : all) {
            w.beginObject().field("round", in.round());
            if (in instanceof Input.Move m) {
                w.field("move", name(m.node())).key("to").beginArray().value(m.x()).value(m.y()).endArray();
            } else if (in instanceof Input.Link l) {
                w.key("link").beginArray().value(name(l.u())).value(name(l.v())).endArray();
            } else if (in instanceof Input.Cut c) {
                w.key("cut").beginArray().value(name(c.u())).value(name(c.v())).endArray();
            } else if (in instanceof Input.CallInput c) {
                w.field("node", name(c.node())).field("call", c.call().json());
            } else if (in instanceof Input.Policy p) {
                w.key("scheduler");
                ScenarioLoader.writePolicy(w, p.policy());
            } else if (in instanceof Input.Workload wl) {
                w.field("workload", wl.on());
            }
            w.endObject();
        }
        return w.endArray().endObject().toString();
    }

    private String name(int u) {
        return sim.nodeName(u);
    }

    /** Writes the session file atomically (a crash never leaves half a file). */
    public void save(Path file) throws IOException {
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        Files.createDirectories(dir);
        Path temp = dir.resolve("." + target.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
            out.write(toJson());
            out.write('\n');
        }
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    public static Session load(Path file) throws ScenarioException {
        return parse(ScenarioLoader.read(file), file.toString());
    }

    /** Rebuilds a session from its JSON: the scenario re-run with the same seed and inputs. */
    public static Session parse(String text, String file) throws ScenarioException {
        JsonValue root;
        try {
            root = JsonParser.parse(text);
        } catch (JsonParseException e) {
            throw new ScenarioException(file + ":" + e.line() + ":" + e.column() + ": malformed JSON: " + e.getMessage());
        }
        if (!(root instanceof JsonValue.Obj o) || !(o.get("format") instanceof JsonValue.Str f) || !f.value().equals(FORMAT)) {
            throw new ScenarioException(file + ": not a session file: expected \"format\": \"" + FORMAT + "\"");
        }
        if (!(o.get("scenario") instanceof JsonValue.Obj scenarioJson) || !(o.get("seed") instanceof JsonValue.Num seedNum)
                || !(o.get("round") instanceof JsonValue.Num roundNum) || !(o.get("inputs") instanceof JsonValue.Arr list)) {
            throw new ScenarioException(file + ": a session needs \"scenario\", \"seed\", \"round\" and \"inputs\"");
        }
        Scenario scenario = ScenarioLoader.fromJson(scenarioJson, file + " (embedded scenario)");
        long seed;
        int round;
        try {
            seed = Long.parseLong(seedNum.text());
            round = Integer.parseInt(roundNum.text());
        } catch (NumberFormatException e) {
            throw new ScenarioException(file + ":" + seedNum.line() + ": \"seed\" and \"round\" must be integers");
        }
        Session s = start(scenario, seed);
        List<Input> recorded = new ArrayList<>();
        for (JsonValue item : list.items()) recorded.add(input(item, s, file));
        s.waiting.addAll(recorded);
        try {
            s.runUntil(round);
        } catch (RuntimeException e) {
            throw new ScenarioException(file + ": the session cannot be replayed: " + e.getMessage());
        }
        return s;
    }

    private static Input input(JsonValue item, Session s, String file) throws ScenarioException {
        String where = file + ":" + item.line() + ":" + item.column() + ": " + item.path() + ": ";
        if (!(item instanceof JsonValue.Obj o) || !(o.get("round") instanceof JsonValue.Num r) || !r.isIntegral()) {
            throw new ScenarioException(where + "an input needs an integer \"round\"");
        }
        int round = Integer.parseInt(r.text());
        try {
            if (o.get("move") instanceof JsonValue.Str n && o.get("to") instanceof JsonValue.Arr to && to.size() == 2
                    && to.get(0) instanceof JsonValue.Num x && to.get(1) instanceof JsonValue.Num y) {
                return new Input.Move(round, node(s, n.value(), where), x.doubleValue(), y.doubleValue());
            }
            if (o.get("link") instanceof JsonValue.Arr a && a.size() == 2) {
                return new Input.Link(round, node(s, str(a.get(0), where), where), node(s, str(a.get(1), where), where));
            }
            if (o.get("cut") instanceof JsonValue.Arr a && a.size() == 2) {
                return new Input.Cut(round, node(s, str(a.get(0), where), where), node(s, str(a.get(1), where), where));
            }
            if (o.get("call") instanceof JsonValue.Str c && o.get("node") instanceof JsonValue.Str n && Call.parse(c.value()) != null) {
                return new Input.CallInput(round, node(s, n.value(), where), Call.parse(c.value()));
            }
            if (o.has("scheduler")) {
                return new Input.Policy(round, ScenarioLoader.policy(o.get("scheduler"), file));
            }
            if (o.get("workload") instanceof JsonValue.Bool b) {
                return new Input.Workload(round, b.value());
            }
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(where + e.getMessage());
        }
        throw new ScenarioException(where + "expected one of \"move\", \"link\", \"cut\", \"call\", \"scheduler\", \"workload\"");
    }

    private static String str(JsonValue v, String where) throws ScenarioException {
        if (v instanceof JsonValue.Str s) return s.value();
        throw new ScenarioException(where + "expected a node id");
    }

    private static int node(Session s, String name, String where) throws ScenarioException {
        int u = s.sim.indexOf(name);
        if (u < 0) throw new ScenarioException(where + "unknown node \"" + name + "\"");
        return u;
    }
}
