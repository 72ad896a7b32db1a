package dev.lockstep.scenario;

import dev.lockstep.core.Action;
import dev.lockstep.core.Call;
import dev.lockstep.core.Choice;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Adversary;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.Planned;
import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Replays a trace: a fresh simulation of the embedded scenario is driven by exactly the adversary
 * choices recorded in the trace (topology changes with their ports, calls, which node ran which
 * action on which message with which random draws) — the random stream is never consulted — and
 * the trace it produces is compared with the file line by line.
 */
public final class TraceReplay {
    private TraceReplay() {}

    /**
     * @param differingLine 1-based line where the replay first differs, or 0 when identical
     * @param expected      that line in the file (null past its end)
     * @param actual        that line as replayed (null past its end)
     */
    public record Result(int lines, int differingLine, String expected, String actual, Simulation simulation) {
        public boolean identical() {
            return differingLine == 0;
        }
    }

    public static Result verify(Path trace) throws ScenarioException {
        String text = ScenarioLoader.read(trace);
        return replay(text, trace.toString());
    }

    public static Result replay(String text, String file) throws ScenarioException {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) lines.remove(lines.size() - 1);
        if (lines.isEmpty()) throw new ScenarioException(file + ": empty trace");
        List<JsonValue.Obj> records = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            try {
                JsonValue v = JsonParser.parse(lines.get(i));
                if (!(v instanceof JsonValue.Obj o)) throw new ScenarioException(file + ":" + (i + 1) + ": expected a JSON object");
                if (i > 0) {
                    boolean roundOk = false;
                    if (o.get("round") instanceof JsonValue.Num n && n.isIntegral()) {
                        try {
                            roundOk = Integer.parseInt(n.text()) >= 0;
                        } catch (NumberFormatException e) {
                            roundOk = false;
                        }
                    }
                    if (!roundOk || !(o.get("type") instanceof JsonValue.Str)) {
                        throw new ScenarioException(file + ":" + (i + 1) + ": a trace record needs \"round\" "
                                + "(a non-negative integer) and \"type\" (a string)");
                    }
                }
                records.add(o);
            } catch (JsonParseException e) {
                throw new ScenarioException(file + ":" + (i + 1) + ":" + e.column() + ": malformed JSON: " + e.getMessage());
            }
        }
        JsonValue.Obj header = records.get(0);
        if (!(header.get("format") instanceof JsonValue.Str f) || !f.value().equals(TraceWriter.FORMAT)) {
            throw new ScenarioException(file + ":1: not a trace: expected \"format\": \"" + TraceWriter.FORMAT + "\"");
        }
        if (!(header.get("scenario") instanceof JsonValue.Obj scenarioJson)
                || !(header.get("seed") instanceof JsonValue.Num seedNum)
                || !(header.get("rounds") instanceof JsonValue.Num roundsNum)) {
            throw new ScenarioException(file + ":1: trace header needs \"scenario\", \"seed\" and \"rounds\"");
        }
        Scenario scenario = ScenarioLoader.fromJson(scenarioJson, file + " (embedded scenario)");
        long seed = headerInteger(file, seedNum, "seed", Long.MIN_VALUE, Long.MAX_VALUE);
        int rounds = (int) headerInteger(file, roundsNum, "rounds", 0, Integer.MAX_VALUE - 1);

        Simulation sim = new Simulation(scenario.config(seed));
        StringWriter produced = new StringWriter();
        TraceWriter writer = new TraceWriter(produced, scenario, sim, rounds);
        sim.addListener(writer);
        Replayer adversary = new Replayer(file, records, sim);
        try {
            new Engine(sim, adversary).runUntil(rounds);
        } catch (ReplayError e) {
            throw new ScenarioException(e.getMessage());
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ScenarioException(file + ":" + adversary.currentLine() + ": the trace cannot be replayed here: " + e.getMessage());
        }
        writer.finish();
        List<String> again = new ArrayList<>(List.of(produced.toString().split("\n", -1)));
        again.remove(again.size() - 1);
        for (int i = 0; i < Math.max(lines.size(), again.size()); i++) {
            String a = i < lines.size() ? lines.get(i) : null;
            String b = i < again.size() ? again.get(i) : null;
            if (a == null || !a.equals(b)) return new Result(lines.size(), i + 1, a, b, sim);
        }
        return new Result(lines.size(), 0, null, null, sim);
    }

    private static long headerInteger(String file, JsonValue.Num n, String key, long min, long max)
            throws ScenarioException {
        try {
            if (n.isIntegral()) {
                long x = Long.parseLong(n.text());
                if (x >= min && x <= max) return x;
            }
        } catch (NumberFormatException e) {
            // out of range: reported below
        }
        throw new ScenarioException(file + ":1:" + n.column() + ": " + n.path() + ": expected \"" + key
                + "\" to be an integer between " + min + " and " + max + ", found " + n.text());
    }

    private static final class ReplayError extends RuntimeException {
        ReplayError(String message) {
            super(message);
        }
    }

    /** An adversary that takes every decision from the trace's records. */
    private static final class Replayer implements Adversary {
        private final String file;
        private final List<JsonValue.Obj> records;
        private final Simulation sim;
        private int next = 1;
        private int current = 1;

        Replayer(String file, List<JsonValue.Obj> records, Simulation sim) {
            this.file = file;
            this.records = records;
            this.sim = sim;
        }

        int currentLine() {
            return current + 1;
        }

        /** Validated when the records were read: a non-negative integer. */
        private int round(JsonValue.Obj r) {
            return Integer.parseInt(((JsonValue.Num) r.get("round")).text());
        }

        private String type(JsonValue.Obj r) {
            return r.get("type") instanceof JsonValue.Str s ? s.value() : "";
        }

        private String str(JsonValue.Obj r, String key) {
            if (r.get(key) instanceof JsonValue.Str s) return s.value();
            throw error("missing \"" + key + "\"");
        }

        private int integer(JsonValue v) {
            try {
                if (v instanceof JsonValue.Num n && n.isIntegral()) return Integer.parseInt(n.text());
            } catch (NumberFormatException e) {
                // out of int range: reported below
            }
            throw error(v == null ? "missing an integer field" : "expected an integer at " + v.path());
        }

        private int node(JsonValue.Obj r, String key) {
            String name = str(r, key);
            int u = sim.indexOf(name);
            if (u < 0) throw error("unknown node \"" + name + "\"");
            return u;
        }

        private ReplayError error(String message) {
            return new ReplayError(file + ":" + (current + 1) + ": " + message);
        }

        @Override
        public void beginRound(Simulation s) {
            int round = s.round();
            while (next < records.size() && round(records.get(next)) == round) {
                JsonValue.Obj r = records.get(next);
                current = next;
                switch (type(r)) {
                    case "link" -> {
                        JsonValue.Arr ports = r.get("ports") instanceof JsonValue.Arr a ? a : null;
                        if (ports == null || ports.size() != 2) throw error("a link needs \"ports\": [pu, pv]");
                        s.link(node(r, "u"), integer(ports.get(0)), node(r, "v"), integer(ports.get(1)));
                    }
                    case "refused" -> {
                        if (str(r, "change").equals("cut")) s.cut(node(r, "u"), node(r, "v"));
                        else s.link(node(r, "u"), node(r, "v"));
                    }
                    case "cut" -> s.cut(node(r, "u"), node(r, "v"));
                    case "move" -> {
                        JsonValue.Arr to = r.get("to") instanceof JsonValue.Arr a ? a : null;
                        if (to == null || to.size() != 2 || !(to.get(0) instanceof JsonValue.Num x)
                                || !(to.get(1) instanceof JsonValue.Num y)) {
                            throw error("a move needs \"to\": [x, y]");
                        }
                        s.move(node(r, "node"), x.doubleValue(), y.doubleValue());
                    }
                    case "call" -> {
                        Call c = Call.parse(str(r, "call"));
                        if (c == null) throw error("unknown call");
                        s.call(node(r, "node"), c);
                    }
                    default -> {
                        return; // the round's executions follow
                    }
                }
                next++;
            }
        }

        @Override
        public List<Planned> plan(Simulation s) {
            int round = s.round();
            List<Planned> out = new ArrayList<>();
            for (int i = next; i < records.size() && round(records.get(i)) == round; i++) {
                JsonValue.Obj r = records.get(i);
                current = i;
                String type = type(r);
                boolean commit = type.equals("action") && r.has("started");
                if (type.equals("start") || (type.equals("action") && !commit)) {
                    Choice c = choice(s, r);
                    out.add(type.equals("start") ? new Planned(c, integer(r.get("until")) - round + 1) : Planned.now(c));
                }
            }
            while (next < records.size() && round(records.get(next)) == round) next++;
            return out;
        }

        private Choice choice(Simulation s, JsonValue.Obj r) {
            int u = node(r, "node");
            String label = str(r, "action");
            List<Action<NodeState>> actions = s.actions();
            int a = -1;
            for (int i = 0; i < actions.size(); i++) if (actions.get(i).label().equals(label)) a = i;
            if (a < 0) throw error("unknown action \"" + label + "\"");
            Envelope message = null;
            if (r.get("recv") instanceof JsonValue.Obj recv) {
                long id = integer(recv.get("id"));
                int i = s.channels().indexOf(u, id);
                if (i < 0) throw error(label + " at " + s.nodeName(u) + " receives message #" + id + ", which is not in transit");
                message = s.channels().get(u, i);
            }
            int[] draws = new int[0];
            if (r.get("draws") instanceof JsonValue.Arr d) {
                draws = new int[d.size()];
                for (int i = 0; i < d.size(); i++) draws[i] = integer(d.get(i));
            }
            return new Choice(u, a, message, draws);
        }
    }
}
