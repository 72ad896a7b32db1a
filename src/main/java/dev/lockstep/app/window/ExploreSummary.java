package dev.lockstep.app.window;

import dev.lockstep.explore.ExplorationProgress;
import dev.lockstep.explore.ExplorationResult;
import dev.lockstep.explore.Finding;
import java.util.Locale;

/** What the Explore dialog says while a search runs and when it ends. */
final class ExploreSummary {
    private ExploreSummary() {}

    /** "12,345 states · depth 17 · 8,200 states/s · no violation so far". */
    static String progress(ExplorationProgress p) {
        return String.format(Locale.ROOT, "%,d states · depth %d · %,.0f states/s · %s", p.states(), p.depth(),
                p.statesPerSecond(), p.findings() == 0 ? "no violation so far" : p.findings() + (p.findings() == 1 ? " step violates a check" : " steps violate a check"));
    }

    /**
     * The verdict: with no finding, how much of the space the search covered and what it did not
     * explore; else the first (a shortest) violation of each check.
     */
    static String verdict(ExplorationResult r) {
        String how = coverage(r);
        if (r.clean()) return "No violation: " + how;
        StringBuilder sb = new StringBuilder();
        int checks = r.firstFindings().size();
        sb.append(checks == 1 ? "A violation" : checks + " checks violated").append(" (the first, a shortest, of each below). ");
        sb.append("Searched ").append(how);
        return sb.toString();
    }

    /** The extent of the search, honestly: what was complete and what was left out. */
    static String coverage(ExplorationResult r) {
        String states = String.format(Locale.ROOT, "%,d states", r.states());
        return switch (r.stop()) {
            case EXHAUSTED -> states + ", complete to depth " + r.completeDepth()
                    + ": every continuation within the bounds on calls and topology changes was explored.";
            case MAX_DEPTH -> states + ", complete to depth " + r.completeDepth()
                    + "; bound on depth reached: nothing more than " + r.completeDepth() + " rounds from here was explored.";
            case MAX_STATES -> states + "; bound on states reached: every path of at most " + r.completeDepth()
                    + " rounds was tried, longer ones only in part.";
            case CANCELLED -> states + "; cancelled: every path of at most " + r.completeDepth()
                    + " rounds was tried, longer ones only in part.";
        };
    }

    /** "acyclic-dependencies after 11 rounds: …" */
    static String finding(Finding f) {
        return f.check() + " after " + f.length() + (f.length() == 1 ? " round: " : " rounds: ") + f.message();
    }
}
