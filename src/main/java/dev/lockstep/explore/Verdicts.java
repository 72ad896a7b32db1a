package dev.lockstep.explore;

import dev.lockstep.core.Application;
import dev.lockstep.core.Check;
import java.util.Locale;

/**
 * How a search's extent and storage are told, in one wording for every front end ({@code check}
 * on the command line, Run › Explore in the window): what was complete, which bound stopped the
 * search and what it left out, how states were stored (fingerprints with the bound on a collision,
 * which would have left a state unexplored, or full states) and whether counts are up to
 * symmetry. Everything is read from the result: a search stopped by its depth bound stops at
 * that depth, one stopped by its state bound at that many states.
 */
public final class Verdicts {
    /**
     * What a front end calls things: a step of the search ({@code "steps"} on the command line,
     * {@code "rounds"} in the window, where every step is a round of the session), and how it
     * names the bounds on depth and states after the bound itself ({@code " (--depth)"}, or "").
     */
    public record Wording(String steps, String depthBound, String statesBound) {
        public static final Wording CLI = new Wording("steps", " (--depth)", " (--max-states)");
        public static final Wording WINDOW = new Wording("rounds", "", "");
    }

    private Verdicts() {}

    /**
     * The verdict of a search that found nothing: "no violation: N states, complete to depth D
     * (…)" when every reachable state within the bounds was expanded, else "no violation within
     * the bounds; " (or "no violation found; " when cancelled) and {@link #bounds}.
     */
    public static String clean(ExplorationResult r, Wording w) {
        if (r.exhausted()) return String.format(Locale.ROOT, "no violation: %,d states, %s", r.states(), extent(r, w));
        return (r.stop() == ExplorationResult.Stop.CANCELLED ? "no violation found; " : "no violation within the bounds; ") + bounds(r, w);
    }

    /** How far a search went: "complete to depth D (every reachable state within the bounds expanded)", or {@link #bounds}. */
    public static String extent(ExplorationResult r, Wording w) {
        return r.exhausted() ? String.format(Locale.ROOT, "complete to depth %d (every reachable state within the bounds expanded)",
                r.maxDepth()) : bounds(r, w);
    }

    /** Which bound stopped the search, how far it is complete, and what it left out. */
    public static String bounds(ExplorationResult r, Wording w) {
        int[] levels = r.levelSizes();
        String complete = String.format(Locale.ROOT, "complete to depth %d: every schedule of at most %d %s was tried",
                r.completeDepth(), r.completeDepth(), w.steps());
        return switch (r.stop()) {
            case MAX_DEPTH -> String.format(Locale.ROOT, "bounds reached: depth %d%s; %s; not explored: the %,d states %d %s away"
                    + " (found and checked, not expanded) and all beyond", r.maxDepth(), w.depthBound(), complete,
                    levels[levels.length - 1], r.maxDepth(), w.steps());
            case MAX_STATES -> String.format(Locale.ROOT, "bounds reached: %,d states%s while expanding depth %d; %s;"
                    + " not expanded: the rest of the states %d %s away and all deeper ones", r.states(), w.statesBound(),
                    r.completeDepth(), complete, r.completeDepth(), w.steps());
            case CANCELLED -> String.format(Locale.ROOT, "interrupted at %,d states while expanding depth %d; %s; not expanded:"
                    + " the rest of the states %d %s away and all deeper ones", r.states(), r.completeDepth(), complete,
                    r.completeDepth(), w.steps());
            case EXHAUSTED -> complete;
        };
    }

    /**
     * What a search leaves out of a run with an application (LME paper, Sec. 6), or null without
     * one: the explorer's moves are executions, Lock and Unlock calls and topology changes, and its
     * state ({@code Configuration}) holds no application state, so no interaction begins or ends
     * and the application's checks are not searched. "not explored: the application exact-majority
     * and its checks (isolation, majority-invariant); ..."
     */
    public static String applicationNotExplored(Application application) {
        if (application == null) return null;
        String checks = application.checks().stream().map(Check::name).collect(java.util.stream.Collectors.joining(", "));
        return "not explored: the application " + application.name() + (checks.isEmpty() ? "" : " and its checks (" + checks + ")")
                + "; the search makes the Lock and Unlock calls in the application's place, so no interaction begins or ends"
                + " and only the lock protocol is searched";
    }

    /**
     * How states were stored and counted: "64-bit fingerprints, 25.2 bytes a state (table and
     * tree); P(two states shared one) <= 4.1e-07", or "full states (exact)"; then whether states
     * equal up to a renaming of the nodes were counted once (symmetry), or why not.
     */
    public static String storage(ExplorationResult r) {
        String kept = r.storage().fingerprintBits() > 0
                ? String.format(Locale.ROOT, "%d-bit fingerprints, %.1f bytes a state (table and tree); P(two states shared one) <= %.1e",
                        r.storage().fingerprintBits(), r.bytesPerState(), r.collisionProbabilityBound())
                : "full states (exact)";
        String counted = r.reductions().symmetry() ? "; states equal up to a renaming of the nodes counted once (symmetry)"
                : r.symmetryRefusal() != null && !r.symmetryRefusal().equals("not asked for") ? "; no symmetry: " + r.symmetryRefusal() : "";
        return kept + counted;
    }
}
