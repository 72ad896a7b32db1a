package dev.lockstep.scenario;

import static dev.lockstep.scenario.Problems.orElse;

import dev.lockstep.application.InteractionWorkload;
import dev.lockstep.application.LockMode;
import dev.lockstep.application.population.ApproximateMajority;
import dev.lockstep.application.population.ExactMajority;
import dev.lockstep.application.population.PopulationProtocol;
import dev.lockstep.application.population.Transitions;
import dev.lockstep.core.Application;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.adversary.Workload;
import dev.lockstep.json.JsonValue;
import java.util.List;
import java.util.Map;

/**
 * Reads a scenario's {@code "application"}: a population protocol on top of the lock protocol
 * (Sec. 6), e.g. {@code {"kind": "exact-majority", "initial": {"A": 12, "B": 9}, "locks":
 * "neighbourhood", "interact": 0.3, "hold": 2}}; {@code "locks": "pair"} needs a protocol with
 * scoped Locks ({@link Protocol#lockScopes()}).
 */
final class ApplicationReader {
    static final List<String> FIELDS = List.of("kind", "initial", "locks", "interact", "hold");
    static final List<String> KINDS = List.of("exact-majority", "approximate-majority", "amoebots");

    /** The application and the workload that drives it. */
    record Read(Application application, Workload workload) {}

    private final Problems problems;

    ApplicationReader(Problems problems) {
        this.problems = problems;
    }

    /**
     * Null after reporting every problem; {@code nodes} is the scenario's node count (0: unknown),
     * {@code protocol} the lock protocol (null: unknown), which must offer scoped Locks for "pair".
     */
    Read application(JsonValue v, int nodes, Protocol<?> protocol) {
        JsonValue.Obj o = problems.object(v, "the application ({\"kind\": \"exact-majority\", \"initial\": {\"A\": 12, \"B\": 9}, ...})");
        if (o == null) return null;
        problems.onlyKnown(o, FIELDS);
        Transitions table = null;
        if (!o.has("kind")) {
            problems.add(o, "missing \"kind\"; expected one of: " + String.join(", ", KINDS));
        } else {
            String kind = problems.string(o.get("kind"), "the application's kind");
            if ("exact-majority".equals(kind)) table = new ExactMajority();
            else if ("approximate-majority".equals(kind)) table = new ApproximateMajority();
            else if (kind != null) problems.add(o.get("kind"), "unknown application \"" + kind + "\"; expected one of: " + String.join(", ", KINDS));
        }
        LockMode locks = LockMode.NEIGHBOURHOOD;
        if (o.has("locks")) {
            String l = problems.string(o.get("locks"), "the locks (\"neighbourhood\", \"pair\" or \"none\")");
            LockMode m = l == null ? null : LockMode.parse(l);
            if (l != null && m == null) {
                problems.add(o.get("locks"), "unknown locks \"" + l + "\"; expected \"neighbourhood\" (lock the whole neighbourhood, then"
                        + " interact with a locked neighbour), \"pair\" (choose the partner, then lock only the two)"
                        + " or \"none\" (interact without locks)");
            } else if (m == LockMode.PAIR && protocol != null && !protocol.lockScopes()) {
                problems.add(o.get("locks"), "\"pair\" (lock only u and its chosen partner) needs a Lock on a subset of ports,"
                        + " which " + protocol.name() + " does not offer (lme does); expected \"neighbourhood\" or \"none\"");
            } else if (m != null) {
                locks = m;
            }
        }
        double interact = o.has("interact") ? orElse(problems.probability(o.get("interact"),
                "interact (the probability that a free node starts an interaction in a round)"), 0.0) : 0.5;
        int hold = o.has("hold") ? (int) (long) orElse(problems.integer(o.get("hold"),
                "hold (rounds an interaction lasts)", 0, 1_000_000), 0L) : 1;
        int[] initial = null;
        if (!o.has("initial")) {
            problems.add(o, "missing \"initial\": how many agents start in each state, e.g. {\"A\": 12, \"B\": 9}");
        } else if (table != null) {
            initial = initial(o.get("initial"), table, nodes);
        }
        if (table == null || initial == null) return null;
        return new Read(new PopulationProtocol(table, initial), new InteractionWorkload(locks, interact, hold));
    }

    private int[] initial(JsonValue v, Transitions table, int nodes) {
        JsonValue.Obj o = problems.object(v, "the initial states ({\"A\": 12, \"B\": 9}: agents per state)");
        if (o == null) return null;
        List<String> states = table.states();
        int[] counts = new int[states.size()];
        boolean ok = true;
        long sum = 0;
        for (Map.Entry<String, JsonValue> e : o.members().entrySet()) {
            int s = table.indexOf(e.getKey());
            if (s < 0) {
                problems.add(e.getValue(), "unknown state \"" + e.getKey() + "\" of " + table.name() + "; expected one of: "
                        + String.join(", ", states));
                ok = false;
                continue;
            }
            Long c = problems.integer(e.getValue(), "the number of agents in state " + e.getKey(), 0, Integer.MAX_VALUE);
            if (c == null) ok = false;
            else {
                counts[s] = (int) (long) c;
                sum += c;
            }
        }
        if (ok && nodes > 0 && sum != nodes) {
            problems.add(o, "the initial states count " + sum + " agents, but the scenario has " + nodes
                    + " nodes; expected one agent per node");
            ok = false;
        }
        return ok ? counts : null;
    }
}
