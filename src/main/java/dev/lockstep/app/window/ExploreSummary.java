package dev.lockstep.app.window;

import dev.lockstep.core.Application;
import dev.lockstep.explore.ExplorationProgress;
import dev.lockstep.explore.ExplorationResult;
import dev.lockstep.explore.Finding;
import dev.lockstep.explore.Verdicts;
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
     * The verdict, in {@code check}'s wording ({@link Verdicts}, counted in rounds): with no
     * finding, how much of the space the search covered and what it did not explore; else how
     * many checks are violated (the first, a shortest, of each is listed below) and how far the
     * search went. Then how states were stored and counted: fingerprints with the bound on a
     * collision, and whether counts are up to symmetry.
     */
    static String verdict(ExplorationResult r) {
        return verdict(r, null);
    }

    /** {@link #verdict(ExplorationResult)}, then what the search left out of a run with an application (null: none). */
    static String verdict(ExplorationResult r, Application application) {
        String app = Verdicts.applicationNotExplored(application);
        return verdictOfProtocol(r) + (app == null ? "" : " " + capitalized(app) + ".");
    }

    private static String verdictOfProtocol(ExplorationResult r) {
        String storage = " States stored as " + Verdicts.storage(r) + ".";
        if (r.clean()) return capitalized(Verdicts.clean(r, Verdicts.Wording.WINDOW)) + "." + storage;
        int checks = r.firstFindings().size();
        String extent = r.exhausted()
                ? String.format(Locale.ROOT, "Searched %,d states, ", r.states()) + Verdicts.extent(r, Verdicts.Wording.WINDOW)
                : "The search stopped: " + Verdicts.bounds(r, Verdicts.Wording.WINDOW);
        return (checks == 1 ? "A violation" : checks + " checks violated") + " (the first, a shortest, of each below). " + extent
                + "." + storage;
    }

    private static String capitalized(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** "acyclic-dependencies after 11 rounds: …" */
    static String finding(Finding f) {
        return f.check() + " after " + f.length() + (f.length() == 1 ? " round: " : " rounds: ") + f.message();
    }
}
