package dev.lockstep.scenario;

import static dev.lockstep.scenario.Problems.orElse;

import dev.lockstep.core.Action;
import dev.lockstep.core.Call;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.adversary.Churn;
import dev.lockstep.core.adversary.Manual;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.Policies;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.Scripted;
import dev.lockstep.core.adversary.ScriptedWorkload;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.adversary.TopologyEvent;
import dev.lockstep.core.adversary.Tuning;
import dev.lockstep.core.adversary.Workload;
import dev.lockstep.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads what the adversary of a scenario does: the scheduler (policies and scripted steps), the
 * topology dynamics and churn, and the workload of Lock and Unlock calls. Nodes are named by id,
 * looked up in the {@link TopologyReader} that read them.
 */
final class AdversaryReader {
    private final Problems problems;
    private final TopologyReader topology;
    private final String file;
    /** Δ once read (0 before, or when invalid): the range of a scripted step's port. */
    private final int delta;

    AdversaryReader(Problems problems, TopologyReader topology, String file, int delta) {
        this.problems = problems;
        this.topology = topology;
        this.file = file;
        this.delta = delta;
    }

    /**
     * A scheduler object; {@code top} if it is the scenario's own (a scripted schedule stands only
     * there, not in "then" or a session's input). Policies made of knobs go by {@link SchedulerJson}.
     */
    SchedulerPolicy scheduler(JsonValue v, Protocol<?> protocol, boolean top) {
        JsonValue.Obj o = problems.object(v, "the scheduler");
        if (o == null) return new Synchronous();
        String policy = o.has("policy") ? problems.string(o.get("policy"), "the scheduling policy") : null;
        if (!o.has("policy")) problems.add(o, "missing \"policy\"; expected one of: " + String.join(", ", SchedulerJson.POLICIES));
        if (policy == null) return new Synchronous();
        NodeChoice choice = NodeChoice.EFFECTIVE;
        if (o.has("choice")) {
            String c = problems.string(o.get("choice"), "the in-node choice");
            NodeChoice parsed = c == null ? null : NodeChoice.parse(c);
            if (c != null && parsed == null) {
                problems.add(o.get("choice"), "unknown choice \"" + c + "\"; expected \"effective\" or \"any\"");
            }
            if (parsed != null) choice = parsed;
        }
        if (policy.equals("scripted")) {
            problems.onlyKnown(o, List.of("policy", "steps", "then"));
            if (!top) problems.add(o, "a scripted schedule cannot be nested in \"then\"");
            List<Scripted.Step> steps = o.has("steps") ? steps(o.get("steps"), protocol) : List.of();
            if (!o.has("steps")) problems.add(o, "missing \"steps\"");
            SchedulerPolicy then = o.has("then") ? scheduler(o.get("then"), protocol, false) : null;
            return new Scripted(steps, then);
        }
        List<String> knobs = SchedulerJson.knobs(policy);
        if (knobs == null) {
            problems.add(o.get("policy"), "unknown policy \"" + policy + "\"; expected one of: "
                    + String.join(", ", SchedulerJson.POLICIES));
            return new Synchronous();
        }
        List<String> known = new ArrayList<>(List.of("policy"));
        known.addAll(knobs);
        problems.onlyKnown(o, known);
        if (policy.equals("manual")) return new Manual();
        // maxDuration before the activation: the order its problems have always been reported in
        int max = knobs.contains("maxDuration") && o.has("maxDuration")
                ? (int) (long) orElse(problems.integer(o.get("maxDuration"), "maxDuration (rounds)", 1, 1_000_000), 1L)
                : Tuning.DEFAULT.maxDuration();
        double activation = knobs.contains("activation") ? activation(o) : Tuning.DEFAULT.activation();
        return Policies.randomized(policy, new Tuning(activation, max, choice));
    }

    private double activation(JsonValue.Obj o) {
        if (!o.has("activation")) return 0.5;
        Double p = problems.probability(o.get("activation"), "the activation probability");
        if (p != null && p == 0) problems.add(o.get("activation"), "an activation probability of 0 never activates anyone");
        return p == null ? 0.5 : p;
    }

    private List<Scripted.Step> steps(JsonValue v, Protocol<?> protocol) {
        JsonValue.Arr arr = problems.array(v, "the scripted steps");
        if (arr == null) return List.of();
        List<String> labels = new ArrayList<>();
        if (protocol != null) for (Action<?> a : protocol.actions()) labels.add(a.label());
        List<Scripted.Step> out = new ArrayList<>();
        for (JsonValue item : arr.items()) {
            JsonValue.Obj o = problems.object(item, "a step");
            if (o == null) continue;
            problems.onlyKnown(o, List.of("round", "node", "action", "port", "message", "draws"));
            Long round = o.has("round") ? problems.integer(o.get("round"), "the step's round", 0, Integer.MAX_VALUE - 1) : null;
            if (!o.has("round")) problems.add(o, "missing \"round\"");
            Integer node = o.has("node") ? topology.node(o.get("node"), "the step's node") : null;
            if (!o.has("node")) problems.add(o, "missing \"node\"");
            String action = o.has("action") ? problems.string(o.get("action"), "the action label") : null;
            if (!o.has("action")) problems.add(o, "missing \"action\"");
            if (action != null && protocol != null && !labels.contains(action)) {
                problems.add(o.get("action"), "unknown action \"" + action + "\" of " + protocol.name()
                        + "; expected one of: " + String.join(", ", labels));
            }
            int maxPort = delta > 0 ? delta : PortSet.MAX_DELTA;
            int port = o.has("port") ? (int) (long) orElse(problems.integer(o.get("port"), "the port", 0, maxPort), -1L) : -1;
            String message = o.has("message") ? problems.string(o.get("message"), "the message label") : null;
            int[] draws = null;
            if (o.has("draws")) {
                JsonValue.Arr d = problems.array(o.get("draws"), "the draws");
                if (d != null) {
                    draws = new int[d.size()];
                    for (int i = 0; i < d.size(); i++) {
                        draws[i] = (int) (long) orElse(problems.integer(d.get(i), "a draw", 0, Integer.MAX_VALUE), 0L);
                    }
                }
            }
            if (round != null && node != null && action != null) {
                String where = file + ":" + item.line() + ":" + item.column() + ": " + item.path();
                out.add(new Scripted.Step((int) (long) round, node, action, port, message, draws, where));
            }
        }
        return out;
    }

    List<TopologyEvent> dynamics(JsonValue v) {
        JsonValue.Arr arr = problems.array(v, "the dynamics");
        if (arr == null) return List.of();
        List<TopologyEvent> out = new ArrayList<>();
        for (JsonValue item : arr.items()) {
            JsonValue.Obj o = problems.object(item, "a topology event");
            if (o == null) continue;
            Long round = o.has("round") ? problems.integer(o.get("round"), "the event's round", 0, Integer.MAX_VALUE - 1) : null;
            if (!o.has("round")) problems.add(o, "missing \"round\"");
            int kinds = (o.has("cut") ? 1 : 0) + (o.has("link") ? 1 : 0) + (o.has("move") ? 1 : 0)
                    + (o.has("crash") ? 1 : 0) + (o.has("lose") ? 1 : 0);
            if (kinds != 1) {
                problems.add(o, "expected exactly one of \"cut\", \"link\", \"move\", \"crash\" or \"lose\"");
                continue;
            }
            String src = item.path();
            if (o.has("crash") || o.has("lose")) {
                TopologyEvent fault = fault(o, round, src);
                if (fault != null) out.add(fault);
            } else if (o.has("move")) {
                problems.onlyKnown(o, List.of("round", "move", "to"));
                Integer node = topology.node(o.get("move"), "the moving node");
                double[] to = null;
                if (!o.has("to")) {
                    problems.add(o, "missing \"to\": the new position as [x, y]");
                } else {
                    JsonValue.Arr t = problems.array(o.get("to"), "the new position [x, y]");
                    if (t != null && t.size() != 2) problems.add(t, "expected [x, y], found " + t.size() + " numbers");
                    else if (t != null) {
                        Double px = problems.number(t.get(0), "x");
                        Double py = problems.number(t.get(1), "y");
                        if (px != null && py != null) to = new double[] {px, py};
                    }
                }
                if (round != null && node != null && to != null) {
                    out.add(new TopologyEvent.Move((int) (long) round, node, to[0], to[1], src));
                }
            } else {
                boolean cut = o.has("cut");
                problems.onlyKnown(o, List.of("round", cut ? "cut" : "link"));
                int[] e = topology.pair(o.get(cut ? "cut" : "link"), "the edge");
                if (round != null && e != null) {
                    int r = (int) (long) round;
                    out.add(cut ? new TopologyEvent.Cut(r, e[0], e[1], src) : new TopologyEvent.Link(r, e[0], e[1], src));
                }
            }
        }
        return out;
    }

    /**
     * {@code {"round": r, "crash": "u"}} or {@code {"round": r, "lose": {"from": "u", "to": "v",
     * "message": "Token"}}} (the oldest message from u to v whose label starts so; "message" optional).
     */
    private TopologyEvent fault(JsonValue.Obj o, Long round, String src) {
        if (o.has("crash")) {
            problems.onlyKnown(o, List.of("round", "crash"));
            Integer node = topology.node(o.get("crash"), "the crashing node");
            return round == null || node == null ? null : new TopologyEvent.Crash((int) (long) round, node, src);
        }
        problems.onlyKnown(o, List.of("round", "lose"));
        JsonValue.Obj m = problems.object(o.get("lose"), "the lost message {\"from\": u, \"to\": v, \"message\": label}");
        if (m == null) return null;
        problems.onlyKnown(m, List.of("from", "to", "message"));
        if (!m.has("from")) problems.add(m, "missing \"from\": the sending node");
        if (!m.has("to")) problems.add(m, "missing \"to\": the receiving node");
        Integer from = m.has("from") ? topology.node(m.get("from"), "the sending node") : null;
        Integer to = m.has("to") ? topology.node(m.get("to"), "the receiving node") : null;
        String label = m.has("message") ? problems.string(m.get("message"), "the start of the message's label") : "";
        if (round == null || from == null || to == null || label == null) return null;
        return new TopologyEvent.Lose((int) (long) round, from, to, label, src);
    }

    Churn churn(JsonValue v) {
        JsonValue.Obj o = problems.object(v, "the churn");
        if (o == null) return null;
        problems.onlyKnown(o, List.of("cut", "link", "until"));
        double cut = o.has("cut") ? orElse(problems.probability(o.get("cut"), "the cut probability"), 0.0) : 0;
        double link = o.has("link") ? orElse(problems.probability(o.get("link"), "the link probability"), 0.0) : 0;
        int until = o.has("until")
                ? (int) (long) orElse(problems.integer(o.get("until"), "the last churn round (until)", 0, Integer.MAX_VALUE), 0L)
                : Integer.MAX_VALUE;
        return new Churn(cut, link, until);
    }

    Workload workload(JsonValue v) {
        if (v instanceof JsonValue.Arr arr) {
            List<ScriptedWorkload.Entry> entries = new ArrayList<>();
            for (JsonValue item : arr.items()) {
                JsonValue.Obj o = problems.object(item, "a call");
                if (o == null) continue;
                problems.onlyKnown(o, List.of("round", "node", "call", "hold"));
                Long round = o.has("round") ? problems.integer(o.get("round"), "the call's round", 0, Integer.MAX_VALUE - 1) : null;
                if (!o.has("round")) problems.add(o, "missing \"round\"");
                Integer node = o.has("node") ? topology.node(o.get("node"), "the calling node") : null;
                if (!o.has("node")) problems.add(o, "missing \"node\"");
                Call call = null;
                if (!o.has("call")) {
                    problems.add(o, "missing \"call\"; expected \"lock\" or \"unlock\"");
                } else {
                    String c = problems.string(o.get("call"), "the call");
                    call = c == null ? null : Call.parse(c);
                    if (call == Call.MOVE) {
                        problems.add(o.get("call"), "\"move\" is raised by a move across an area's boundary, not called;"
                                + " expected \"lock\" or \"unlock\"");
                        call = null;
                    } else if (c != null && call == null) {
                        problems.add(o.get("call"), "unknown call \"" + c + "\"; expected \"lock\" or \"unlock\"");
                    }
                }
                int hold = -1;
                if (o.has("hold")) {
                    hold = (int) (long) orElse(problems.integer(o.get("hold"), "hold (rounds)", 0, Integer.MAX_VALUE), 0L);
                    if (call == Call.UNLOCK) problems.add(o.get("hold"), "\"hold\" belongs to a lock call");
                }
                if (round != null && node != null && call != null) {
                    entries.add(new ScriptedWorkload.Entry((int) (long) round, node, call, hold));
                }
            }
            return new ScriptedWorkload(entries);
        }
        JsonValue.Obj o = problems.object(v, "the workload ({\"lock\": p, \"hold\": h} or a list of calls)");
        if (o == null) return null;
        if (o.has("kind")) {
            String kind = problems.string(o.get("kind"), "the workload's kind");
            if (GeneratorReader.POISSON.equals(kind)) return new GeneratorReader(problems).poisson(o);
            if (kind != null && !kind.equals("random")) {
                problems.add(o.get("kind"), "unknown workload kind \"" + kind + "\"; expected \"random\" or \"poisson\"");
                return null;
            }
        }
        problems.onlyKnown(o, List.of("lock", "hold", "until", "strayCalls", "kind"));
        double lock = o.has("lock") ? orElse(problems.probability(o.get("lock"), "the lock probability"), 0.0) : 0;
        if (!o.has("lock")) problems.add(o, "missing \"lock\": the probability that an idle node calls Lock in a round");
        int hold = o.has("hold") ? (int) (long) orElse(problems.integer(o.get("hold"), "hold (rounds)", 0, Integer.MAX_VALUE), 1L) : 1;
        int until = o.has("until")
                ? (int) (long) orElse(problems.integer(o.get("until"), "the last round with new requests (until)", 0, Integer.MAX_VALUE), 0L)
                : Integer.MAX_VALUE;
        // Calls LME's l. 2 tests turn away (Lock at a busy node, Unlock at one not locked): flaw 4.
        double stray = o.has("strayCalls") ? orElse(problems.probability(o.get("strayCalls"),
                "the stray-call probability"), 0.0) : 0;
        return new RandomWorkload(lock, hold, until, stray);
    }
}
