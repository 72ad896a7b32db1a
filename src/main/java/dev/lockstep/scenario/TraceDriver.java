package dev.lockstep.scenario;

import dev.lockstep.core.Action;
import dev.lockstep.core.Call;
import dev.lockstep.core.Choice;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Adversary;
import dev.lockstep.core.adversary.Planned;
import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * An adversary that takes every decision from a trace's records, read one at a time: it holds the
 * record it has looked ahead at and the current round's plan, never the file. Every input is
 * checked at its record (nodes, ports, enabled choices, random draws), so a record that cannot
 * run is reported at its own line rather than failing later inside the simulation.
 */
final class TraceDriver implements Adversary {
    private final TraceLines in;
    private final String file;
    private Simulation sim;
    private IntConsumer beforeRound = r -> {};
    private JsonValue.Obj ahead;
    private int aheadRound;
    private int aheadLine;
    private int current;
    /** Per node, 1 + the last round it was planned to act in (0: never). */
    private int[] plannedIn;

    TraceDriver(TraceLines in, String file) {
        this.in = in;
        this.file = file;
    }

    /** The header (line 1), or an error if the file is empty or line 1 is not a JSON object. */
    JsonValue.Obj header() throws ScenarioException {
        String line = in.next();
        if (line == null) throw new ScenarioException(file + ": empty trace");
        return object(line, 1, ScenarioLoader.nodeLimit("$.scenario"));
    }

    /** Starts driving {@code sim}; {@code beforeRound} is told each round's number before it begins. */
    void drive(Simulation sim, IntConsumer beforeRound) throws ScenarioException {
        this.sim = sim;
        this.beforeRound = beforeRound;
        this.plannedIn = new int[sim.nodeCount()];
        advance();
    }

    /** The line of the record being applied (for a failure inside the simulation). */
    int currentLine() {
        return current;
    }

    private JsonValue.Obj object(String line, int number, JsonParser.Limit... limits) throws ScenarioException {
        try {
            if (JsonParser.parse(line, limits) instanceof JsonValue.Obj o) return o;
            throw new ScenarioException(file + ":" + number + ": expected a JSON object");
        } catch (JsonParseException e) {
            // the parser's own wording: a refused value (lone surrogate, node limit) names its path
            throw new ScenarioException(e.describe(file, number));
        }
    }

    private void advance() throws ScenarioException {
        String line = in.next();
        if (line == null) {
            ahead = null;
            return;
        }
        int number = in.count();
        JsonValue.Obj o = object(line, number);
        int round = -1;
        if (o.get("round") instanceof JsonValue.Num n && n.isIntegral()) {
            try {
                round = Integer.parseInt(n.text());
            } catch (NumberFormatException e) {
                round = -1;
            }
        }
        if (round < 0 || !(o.get("type") instanceof JsonValue.Str)) {
            throw new ScenarioException(file + ":" + number + ": a trace record needs \"round\" "
                    + "(a non-negative integer) and \"type\" (a string)");
        }
        ahead = o;
        aheadRound = round;
        aheadLine = number;
    }

    private boolean inRound(int round) {
        return ahead != null && aheadRound == round;
    }

    /** Moves past the record just applied. */
    private void consume() {
        try {
            advance();
        } catch (ScenarioException e) {
            throw new LineComparer.Unreadable(e);
        }
    }

    @Override
    public void beginRound(Simulation s) {
        int round = s.round();
        beforeRound.accept(round);
        while (inRound(round)) {
            JsonValue.Obj r = ahead;
            current = aheadLine;
            switch (type(r)) {
                case "link" -> {
                    int u = node(r, "u");
                    int v = node(r, "v");
                    JsonValue.Arr ports = r.get("ports") instanceof JsonValue.Arr a && a.size() == 2 ? a : null;
                    if (ports == null) throw error("a link needs \"ports\": [pu, pv]");
                    s.link(u, port(ports.get(0)), v, port(ports.get(1)));
                }
                case "refused" -> {
                    String change = str(r, "change");
                    if (change.equals("cut")) s.cut(node(r, "u"), node(r, "v"));
                    else if (change.equals("crash")) s.crash(node(r, "u"));
                    else if (change.equals("lose")) s.loseOldest(node(r, "u"), node(r, "v"), str(r, "message"));
                    else if (r.get("ports") instanceof JsonValue.Arr a && a.size() == 2) {
                        // the ports were given (a user's pick): a link left to choose its own could form
                        s.link(node(r, "u"), port(a.get(0)), node(r, "v"), port(a.get(1)));
                    } else if (r.has("ports")) {
                        throw error(r.get("ports"), "a refused link's \"ports\" are [pu, pv]");
                    } else {
                        s.link(node(r, "u"), node(r, "v"));
                    }
                }
                case "cut" -> {
                    int u = node(r, "u");
                    int v = node(r, "v");
                    // not an input (the simulation finds them), but never a port the model lacks
                    if (r.get("ports") instanceof JsonValue.Arr a) for (JsonValue p : a.items()) port(p);
                    // a crash cuts its node's links itself: the cut records after it are its consequence
                    boolean byCrash = (s.crashed(u) || s.crashed(v)) && !s.graph().adjacent(u, v);
                    if (!byCrash) s.cut(u, v);
                }
                case "move" -> {
                    JsonValue.Arr to = r.get("to") instanceof JsonValue.Arr a ? a : null;
                    if (to == null || to.size() != 2 || !(to.get(0) instanceof JsonValue.Num x)
                            || !(to.get(1) instanceof JsonValue.Num y)) {
                        throw error("a move needs \"to\": [x, y]");
                    }
                    if (!Double.isFinite(x.doubleValue()) || !Double.isFinite(y.doubleValue())) {
                        throw error(to, "expected a finite position, found " + show(to));
                    }
                    s.move(node(r, "node"), x.doubleValue(), y.doubleValue());
                }
                case "crash" -> s.crash(node(r, "node"));
                case "lose" -> {
                    if (!(r.get("id") instanceof JsonValue.Num id) || !id.isIntegral()) throw error("a lost message needs its \"id\"");
                    s.lose(node(r, "to"), Long.parseLong(id.text()));
                }
                case "app" -> {
                    int partner = r.has("with") ? node(r, "with") : -1;
                    try {
                        s.applicationStep(node(r, "node"), str(r, "step"), partner);
                    } catch (IllegalArgumentException | IllegalStateException e) {
                        throw error("the application step cannot be taken: " + e.getMessage());
                    }
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
            consume();
        }
    }

    @Override
    public List<Planned> plan(Simulation s) {
        int round = s.round();
        List<Planned> out = new ArrayList<>();
        while (inRound(round)) {
            JsonValue.Obj r = ahead;
            current = aheadLine;
            String type = type(r);
            boolean commit = type.equals("action") && r.has("started");
            if (type.equals("start")) {
                Choice c = choice(s, r);
                long until = integer(r.get("until"), "\"until\"");
                if (until < round || until >= Integer.MAX_VALUE) {
                    throw error(r.get("until"), "expected a round between " + round + " (the start) and " + (Integer.MAX_VALUE - 1)
                            + ", found " + until);
                }
                out.add(new Planned(c, (int) (until - round + 1)));
            } else if (type.equals("action") && !commit) {
                out.add(Planned.now(choice(s, r)));
            }
            consume();
        }
        return out;
    }

    private static String type(JsonValue.Obj r) {
        return r.get("type") instanceof JsonValue.Str s ? s.value() : "";
    }

    private String str(JsonValue.Obj r, String key) {
        if (r.get(key) instanceof JsonValue.Str s) return s.value();
        throw error("missing \"" + key + "\"");
    }

    private long integer(JsonValue v, String what) {
        try {
            if (v instanceof JsonValue.Num n && n.isIntegral()) return Long.parseLong(n.text());
        } catch (NumberFormatException e) {
            // out of range: reported below
        }
        if (v == null) throw error("missing " + what);
        throw error(v, "expected " + what + " to be an integer, found " + show(v));
    }

    /** A port of a link end: one of the node's Δ ports 1..Δ (port 0 is the node itself). */
    private int port(JsonValue v) {
        int delta = sim.delta();
        long p = v instanceof JsonValue.Num n && n.isIntegral() ? integerOrMin(n) : Long.MIN_VALUE;
        if (p < 1 || p > delta) {
            throw error(v, "expected a port between 1 and Δ = " + delta + " (port 0 is the node itself), found " + show(v));
        }
        return (int) p;
    }

    private static long integerOrMin(JsonValue.Num n) {
        try {
            return Long.parseLong(n.text());
        } catch (NumberFormatException e) {
            return Long.MIN_VALUE;
        }
    }

    private int node(JsonValue.Obj r, String key) {
        String name = str(r, key);
        int u = sim.indexOf(name);
        if (u < 0) throw error("unknown node \"" + name + "\"");
        return u;
    }

    /** A problem with one value of the current record: file:line:column: path: message. */
    private LineComparer.Unreadable error(JsonValue v, String message) {
        return new LineComparer.Unreadable(new ScenarioException(file + ":" + current + ":" + v.column() + ": "
                + v.path() + ": " + message));
    }

    private static String show(JsonValue v) {
        if (v instanceof JsonValue.Num n) return n.text();
        if (v instanceof JsonValue.Str s) return "\"" + s.value() + "\"";
        if (v instanceof JsonValue.Arr a) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < a.size(); i++) sb.append(i > 0 ? "," : "").append(show(a.get(i)));
            return sb.append(']').toString();
        }
        return v.typeName();
    }

    private LineComparer.Unreadable error(String message) {
        return new LineComparer.Unreadable(new ScenarioException(file + ":" + current + ": " + message));
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
            long id = integer(recv.get("id"), "the message id");
            int i = s.channels().indexOf(u, id);
            if (i < 0) throw error(label + " at " + s.nodeName(u) + " receives message #" + id + ", which is not in transit");
            message = s.channels().get(u, i);
        }
        Choice c = new Choice(u, a, message, null);
        // Planned at the start of the round and run later in it: a node's own choices cannot change
        // in between (one execution per node per round, no message received in the round it is sent),
        // except by a second execution of its own in the round, which is refused here.
        String why = s.whyNotEnabled(c);
        if (why == null && plannedIn[u] == s.round() + 1) why = label + " at " + s.nodeName(u) + ": the node already acted in round " + s.round();
        if (why != null) throw error("cannot run here: " + why);
        plannedIn[u] = s.round() + 1;
        return c.withDraws(draws(r, s.drawBounds(c), label + " at " + s.nodeName(u)));
    }

    /** The record's random draws, exactly as many as the execution makes, each within its bound. */
    private int[] draws(JsonValue.Obj r, int[] bounds, String what) {
        JsonValue.Arr given = r.get("draws") instanceof JsonValue.Arr d ? d : null;
        if (r.has("draws") && given == null) throw error(r.get("draws"), "expected an array of integers");
        int count = given == null ? 0 : given.size();
        if (count != bounds.length || !within(given, bounds)) {
            String expected = what + " makes " + bounds.length + " random draw" + (bounds.length == 1 ? "" : "s")
                    + (bounds.length == 0 ? "" : " (" + ranges(bounds) + ")");
            if (given == null) throw error("\"draws\" missing: " + expected);
            throw error(given, expected + ", found " + show(given));
        }
        int[] out = new int[count];
        for (int i = 0; i < count; i++) out[i] = Integer.parseInt(((JsonValue.Num) given.get(i)).text());
        return out;
    }

    private static boolean within(JsonValue.Arr given, int[] bounds) {
        if (given == null) return true;
        for (int i = 0; i < bounds.length; i++) {
            if (!(given.get(i) instanceof JsonValue.Num n) || !n.isIntegral()) return false;
            long x = integerOrMin(n);
            if (x < 0 || x >= bounds[i]) return false;
        }
        return true;
    }

    private static String ranges(int[] bounds) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < bounds.length; i++) {
            if (i > 0) sb.append(", ");
            if (bounds.length > 1) sb.append("the ").append(ordinal(i + 1)).append(' ');
            sb.append("in 0..").append(bounds[i] - 1);
        }
        return sb.toString();
    }

    private static String ordinal(int k) {
        return k + (k % 100 >= 11 && k % 100 <= 13 ? "th" : switch (k % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        });
    }
}
