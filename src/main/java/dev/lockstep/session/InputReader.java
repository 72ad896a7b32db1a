package dev.lockstep.session;

import dev.lockstep.core.Call;
import dev.lockstep.core.Simulation;
import dev.lockstep.json.JsonValue;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;

/**
 * Reads the inputs of a session file. Every value is checked where it enters, as a scenario's
 * are: a problem names the file, line:column, JSON path and the range expected, instead of a
 * number that does not fit surfacing later as a bare {@code NumberFormatException} or a port
 * that aliases another in the simulation's bit sets.
 */
final class InputReader {
    /** The largest round a session can reach (as for a scenario's rounds). */
    static final long MAX_ROUND = Integer.MAX_VALUE - 1;
    static final String KINDS = "expected one of \"move\", \"link\", \"cut\", \"crash\", \"lose\" (with \"to\"), \"call\", \"scheduler\", \"workload\", \"execute\" (with \"step\")";

    private final String file;
    private final Simulation sim;

    InputReader(String file, Simulation sim) {
        this.file = file;
        this.sim = sim;
    }

    Input read(JsonValue item) throws ScenarioException {
        if (!(item instanceof JsonValue.Obj o)) throw problem(item, "expected an input (an object), found " + item.typeName());
        if (!o.has("round")) throw problem(o, "an input needs an integer \"round\"");
        int round = (int) integer(o.get("round"), "the input's round", 0, MAX_ROUND);
        long step = o.has("step") ? integer(o.get("step"), "the input's step (executions begun before it)", 0, Long.MAX_VALUE) : -1;
        if (o.has("move")) {
            JsonValue.Arr to = array(o, "to", 2, "the new position [x, y]");
            return new Input.Move(round, step, node(o.get("move")), number(to.get(0), "x"), number(to.get(1), "y"));
        }
        if (o.has("link")) {
            JsonValue.Arr pair = array(o, "link", 2, "the two nodes [u, v]");
            int pu = -1;
            int pv = -1;
            if (o.has("ports")) {
                JsonValue.Arr ports = array(o, "ports", 2, "the ports [pu, pv] the link takes");
                pu = port(ports.get(0));
                pv = port(ports.get(1));
            }
            return new Input.Link(round, step, node(pair.get(0)), node(pair.get(1)), pu, pv);
        }
        if (o.has("cut")) {
            JsonValue.Arr pair = array(o, "cut", 2, "the two nodes [u, v]");
            return new Input.Cut(round, step, node(pair.get(0)), node(pair.get(1)));
        }
        if (o.has("crash")) return new Input.Crash(round, step, node(o.get("crash")));
        if (o.has("lose")) {
            if (!o.has("to")) throw problem(o, "a lost message needs \"to\": the node it was in transit to");
            long id = integer(o.get("lose"), "the lost message's id", 0, Long.MAX_VALUE);
            return new Input.Lose(round, step, node(o.get("to")), id);
        }
        if (o.has("call")) {
            String c = string(o.get("call"), "the call");
            Call call = Call.parse(c);
            if (call == null) throw problem(o.get("call"), "unknown call \"" + c + "\"; expected \"lock\" or \"unlock\"");
            if (!o.has("node")) throw problem(o, "a call needs \"node\"");
            return new Input.CallInput(round, step, node(o.get("node")), call);
        }
        if (o.has("scheduler")) return new Input.Policy(round, step, ScenarioLoader.policy(o.get("scheduler"), file));
        if (o.has("workload")) {
            if (o.get("workload") instanceof JsonValue.Bool b) return new Input.WorkloadSwitch(round, step, b.value());
            throw problem(o.get("workload"), "expected true or false, found " + o.get("workload").typeName());
        }
        if (o.has("execute")) {
            if (step < 0) throw problem(o, "a manual execution needs \"step\"");
            if (!o.has("action")) throw problem(o, "a manual execution needs \"action\"");
            int node = node(o.get("execute"));
            String action = string(o.get("action"), "the action label");
            long message = o.has("message") ? integer(o.get("message"), "the received message's id", 0, Long.MAX_VALUE) : -1;
            int[] draws = null;
            if (o.has("draws")) {
                if (!(o.get("draws") instanceof JsonValue.Arr d)) throw problem(o.get("draws"), "expected the draws (an array of integers)");
                draws = new int[d.size()];
                for (int i = 0; i < d.size(); i++) draws[i] = (int) integer(d.get(i), "a draw", 0, Integer.MAX_VALUE - 1);
            }
            return new Input.Execute(round, step, node, action, message, draws);
        }
        throw problem(o, KINDS);
    }

    /** An integer within [min, max] as the file writes it, or a problem naming the range. */
    long integer(JsonValue v, String what, long min, long max) throws ScenarioException {
        if (!(v instanceof JsonValue.Num n) || !n.isIntegral()) {
            throw problem(v, "expected " + what + " to be an integer between " + min + " and " + max + ", found "
                    + (v instanceof JsonValue.Num n2 ? n2.text() : v.typeName()));
        }
        long x;
        try {
            x = Long.parseLong(n.text());
        } catch (NumberFormatException e) {
            throw problem(v, "expected " + what + " between " + min + " and " + max + ", found " + n.text());
        }
        if (x < min || x > max) throw problem(v, "expected " + what + " between " + min + " and " + max + ", found " + n.text());
        return x;
    }

    private double number(JsonValue v, String what) throws ScenarioException {
        if (!(v instanceof JsonValue.Num n)) throw problem(v, "expected " + what + " (a number), found " + v.typeName());
        double d = n.doubleValue();
        if (!Double.isFinite(d)) throw problem(v, "expected " + what + " to be a finite number, found " + n.text());
        return d;
    }

    private String string(JsonValue v, String what) throws ScenarioException {
        if (v instanceof JsonValue.Str s) return s.value();
        throw problem(v, "expected " + what + " (a string), found " + v.typeName());
    }

    private JsonValue.Arr array(JsonValue.Obj o, String key, int size, String what) throws ScenarioException {
        if (!o.has(key)) throw problem(o, "missing \"" + key + "\": " + what);
        if (o.get(key) instanceof JsonValue.Arr a && a.size() == size) return a;
        throw problem(o.get(key), "expected " + what);
    }

    private int node(JsonValue v) throws ScenarioException {
        String name = string(v, "a node id");
        int u = sim.indexOf(name);
        if (u < 0) throw problem(v, "unknown node \"" + name + "\"");
        return u;
    }

    /** A port a link takes: 1..Δ (a larger one would alias a real port in the simulation's bit sets). */
    private int port(JsonValue v) throws ScenarioException {
        return (int) integer(v, "a port the link takes (port 0 is the node itself)", 1, sim.delta());
    }

    ScenarioException problem(JsonValue at, String message) {
        return new ScenarioException(file + ":" + at.line() + ":" + at.column() + ": " + at.path() + ": " + message);
    }
}
