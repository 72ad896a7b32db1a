package dev.lockstep.scenario;

import static dev.lockstep.scenario.Problems.orElse;

import dev.lockstep.core.adversary.AreaMoves;
import dev.lockstep.core.adversary.LinkChanges;
import dev.lockstep.core.adversary.RandomWalk;
import dev.lockstep.core.adversary.PoissonWorkload;
import dev.lockstep.json.JsonValue;
import java.util.List;

/**
 * Reads the generators of the papers' experiments, in time units (one time unit = one round):
 * the Poisson workload {@code {"kind": "poisson", "meanInterRequest": m, "hold": h, "until": r}}
 * (or {@code "requestRate": 1/m}), the link changes {@code {"rate": λ, "tolerance": t, "until": r}} and the
 * moves between areas {@code {"rate": λ, "until": r}}.
 */
final class GeneratorReader {
    static final String POISSON = "poisson";
    private final Problems problems;

    GeneratorReader(Problems problems) {
        this.problems = problems;
    }

    PoissonWorkload poisson(JsonValue.Obj o) {
        problems.onlyKnown(o, List.of("kind", "meanInterRequest", "requestRate", "hold", "meanHold", "until"));
        Double mean = null;
        if (o.has("meanInterRequest") && o.has("requestRate")) {
            problems.add(o, "give either \"meanInterRequest\" or \"requestRate\" (its inverse), not both");
        } else if (o.has("meanInterRequest")) {
            mean = atLeast(o.get("meanInterRequest"), "meanInterRequest (time units from a node's release to its next request)", 1);
        } else if (o.has("requestRate")) {
            Double rate = within(o.get("requestRate"), "requestRate (requests per node and time unit)", null, 1);
            mean = rate == null ? null : 1 / rate;
        } else {
            problems.add(o, "missing \"meanInterRequest\": the mean time units (rounds) from a node's release to its"
                    + " next request (or \"requestRate\", its inverse)");
        }
        int hold = o.has("hold") ? (int) (long) orElse(problems.integer(o.get("hold"), "hold (rounds)", 0, Integer.MAX_VALUE), 1L) : 1;
        Double meanHold = 0.0;
        if (o.has("meanHold") && o.has("hold")) {
            problems.add(o, "give either \"hold\" (a CS of that many rounds) or \"meanHold\" (CS lengths random with that mean), not both");
        } else if (o.has("meanHold")) {
            meanHold = atLeast(o.get("meanHold"), "meanHold (the mean CS length in rounds)", 1);
        }
        int until = until(o, "the last round with new requests (until)");
        return mean == null || meanHold == null ? null : new PoissonWorkload(mean, hold, until, meanHold);
    }

    /** The link changes, or null after reporting; {@code unitDisk}: the scenario gives a radius instead of edges. */
    LinkChanges linkChanges(JsonValue v, boolean unitDisk) {
        JsonValue.Obj o = problems.object(v, "the link changes ({\"rate\": changes per time unit, \"tolerance\": 0.1})");
        if (o == null) return null;
        problems.onlyKnown(o, List.of("rate", "tolerance", "until", "onlyIdleLinks"));
        if (unitDisk) {
            problems.add(o, "link changes need explicit \"edges\": on a unit-disk graph the edges follow the positions");
        }
        Double rate = null;
        if (o.has("rate")) rate = within(o.get("rate"), "rate (link changes per time unit)", 0, LinkChanges.MAX_RATE);
        else problems.add(o, "missing \"rate\": the mean number of link changes per time unit (round), e.g. 0.02 for one per 50");
        double tolerance = LinkChanges.DEFAULT_TOLERANCE;
        if (o.has("tolerance")) {
            Double t = problems.number(o.get("tolerance"), "the tolerance");
            if (t != null && (t < 0 || t > 1)) {
                problems.add(o.get("tolerance"), "expected the tolerance (how far the edge count may stray from the initial"
                        + " count, as a fraction of it) between 0 and 1, found " + text(o.get("tolerance")));
            } else if (t != null) {
                tolerance = t;
            }
        }
        int until = until(o, "the last round with link changes (until)");
        boolean idle = false;
        if (o.has("onlyIdleLinks")) {
            if (o.get("onlyIdleLinks") instanceof JsonValue.Bool b) idle = b.value();
            else problems.add(o.get("onlyIdleLinks"), "expected onlyIdleLinks to be true or false, found " + o.get("onlyIdleLinks").typeName());
        }
        return rate == null || unitDisk ? null : new LinkChanges(rate, tolerance, until, idle);
    }

    /** The moves between areas, or null after reporting; {@code areas}: the scenario has "areas" to move between. */
    AreaMoves areaMoves(JsonValue v, boolean areas) {
        JsonValue.Obj o = problems.object(v, "the moves between areas ({\"rate\": moves per time unit, \"until\": r})");
        if (o == null) return null;
        problems.onlyKnown(o, List.of("rate", "until"));
        if (!areas) {
            problems.add(o, "moves between areas need \"areas\": the rectangles (KLME's neighbourhoods) a node moves between");
        }
        Double rate = null;
        if (o.has("rate")) rate = within(o.get("rate"), "rate (moves between areas per time unit)", 0, LinkChanges.MAX_RATE);
        else problems.add(o, "missing \"rate\": the mean number of moves between areas per time unit (round), e.g. 0.01 for one per 100");
        int until = until(o, "the last round with moves between areas (until)");
        return rate == null || !areas ? null : new AreaMoves(rate, until);
    }

    /** {@code {"kind": "random-walk", "move": p, "step": d, "until": r}}: see {@link RandomWalk}. */
    RandomWalk mobility(JsonValue v, boolean unitDisk) {
        JsonValue.Obj o = problems.object(v, "the mobility ({\"kind\": \"random-walk\", \"move\": p, \"step\": d})");
        if (o == null) return null;
        problems.onlyKnown(o, List.of("kind", "move", "step", "until"));
        if (!unitDisk) problems.add(o, "mobility needs \"unitDisk\": edges follow the moves only on a unit disk");
        if (o.has("kind")) {
            String kind = problems.string(o.get("kind"), "the mobility's kind");
            if (kind != null && !kind.equals("random-walk")) {
                problems.add(o.get("kind"), "unknown mobility \"" + kind + "\"; expected \"random-walk\"");
            }
        }
        Double move = o.has("move") ? problems.probability(o.get("move"), "move (the probability that a node moves in a round)") : null;
        if (!o.has("move")) problems.add(o, "missing \"move\": the probability that a node moves in a round");
        Double step = null;
        if (o.has("step")) step = within(o.get("step"), "step (the longest move, in the unit disk's units)", null, 1e6);
        else problems.add(o, "missing \"step\": the longest move in a round, e.g. 0.3");
        int until = until(o, "the last round with moves (until)");
        return move == null || step == null || !unitDisk ? null : new RandomWalk(move, step, until);
    }

    private int until(JsonValue.Obj o, String what) {
        return o.has("until")
                ? (int) (long) orElse(problems.integer(o.get("until"), what, 0, Integer.MAX_VALUE), 0L)
                : Integer.MAX_VALUE;
    }

    private Double atLeast(JsonValue v, String what, double min) {
        Double d = problems.number(v, what);
        if (d == null) return null;
        if (d < min) {
            problems.add(v, "expected " + what + " to be at least " + text(min) + " (a node requests at most once a round),"
                    + " found " + text(v));
            return null;
        }
        return d;
    }

    /** A number in [min, max], or in (0, max] when {@code min} is null; null after reporting. */
    private Double within(JsonValue v, String what, Integer min, double max) {
        Double d = problems.number(v, what);
        if (d == null) return null;
        if (!((min == null ? d > 0 : d >= min) && d <= max)) {
            String low = min == null ? "above 0" : "at least " + min;
            problems.add(v, "expected " + what + " " + low + " and at most " + text(max) + ", found " + text(v));
            return null;
        }
        return d;
    }

    private static String text(JsonValue v) {
        return ((JsonValue.Num) v).text();
    }

    private static String text(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
