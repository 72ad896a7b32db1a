package dev.lockstep.cli;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.Violation;
import dev.lockstep.explore.Counterexamples;
import dev.lockstep.explore.ExplorationPath;
import dev.lockstep.explore.ExplorationResult;
import dev.lockstep.explore.ExplorerSettings;
import dev.lockstep.explore.Finding;
import dev.lockstep.explore.PathStep;
import dev.lockstep.explore.Reductions;
import dev.lockstep.explore.Verdicts;
import dev.lockstep.json.Printable;
import dev.lockstep.scenario.Scenario;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code check} prints on stdout: what is explored, then the verdict (no violation, bounds
 * reached, or each check's first violation with its schedule step by step), then the numbers. Only
 * the {@code time} line depends on the machine and the thread count.
 */
final class CheckReport {
    private final PrintStream out;
    private final Scenario scenario;
    private final CheckStart start;
    private final ExplorerSettings settings;
    private final boolean breadthFirst;

    CheckReport(PrintStream out, Scenario scenario, CheckStart start, ExplorerSettings settings, boolean breadthFirst) {
        this.out = out;
        this.scenario = scenario;
        this.start = start;
        this.settings = settings;
        this.breadthFirst = breadthFirst;
    }

    /** What is checked and how; {@code walks} describes the random walks (null: breadth-first). */
    void header(String walks) {
        Simulation sim = start.simulation();
        out.printf(Locale.ROOT, "check        %s (%s), %d nodes, Δ %d, edges %s%n", Printable.escape(scenario.name()),
                scenario.protocol().name(), sim.nodeCount(), sim.config().delta(), Printable.escape(start.edgeNames()));
        StringBuilder adv = new StringBuilder();
        adv.append(count(settings.maxLockCallsPerNode(), "Lock call")).append(" per node, ")
                .append(settings.unlock() ? "Unlock when locked" : "no Unlock").append(", ")
                .append(count(settings.maxTopologyChanges(), "topology change"));
        if (settings.maxTopologyChanges() > 0) {
            adv.append(" (cut any edge, link ").append(Printable.escape(CheckStart.names(sim, settings.potentialEdges()))).append(')');
        }
        out.println("adversary    " + adv + "; every activation, message and random draw");
        String app = Verdicts.applicationNotExplored(scenario.application());
        if (app != null) out.println("application  " + app);
        if (walks != null) {
            out.println("search       " + walks);
        } else {
            Reductions r = settings.reductions();
            List<String> on = new ArrayList<>();
            if (r.fingerprints()) on.add("fingerprints");
            if (r.symmetry()) on.add("symmetry");
            if (r.partialOrder()) on.add("partial order");
            out.printf(Locale.ROOT, "search       breadth-first, at most %,d states, %s; reductions: %s%n", settings.maxStates(),
                    settings.maxDepth() == Integer.MAX_VALUE ? "no depth bound" : "depth " + settings.maxDepth(),
                    on.isEmpty() ? "none" : String.join(", ", on));
        }
    }

    /** A breadth-first search's verdict and numbers (the wording is {@link Verdicts}', shared with the window). */
    void result(ExplorationResult r) {
        if (r.clean()) {
            out.println(Verdicts.clean(r, Verdicts.Wording.CLI));
        } else {
            for (Finding f : r.firstFindings().values()) {
                narrate(f.check(), f.path(), f.message(), f.length() + " steps (a shortest schedule)");
            }
            out.println();
            out.println("search       " + Verdicts.extent(r, Verdicts.Wording.CLI));
        }
        out.printf(Locale.ROOT, "states       %,d distinct, %,d transitions, deepest %d steps from the start%n", r.states(), r.transitions(),
                r.maxDepth());
        out.println("storage      " + Verdicts.storage(r));
        if (!r.clean()) {
            List<String> counts = new ArrayList<>();
            for (Map.Entry<String, Integer> e : r.findingCounts().entrySet()) counts.add(e.getKey() + " " + String.format(Locale.ROOT, "%,d", e.getValue()));
            out.println("findings     steps ending in a violation: " + String.join(", ", counts));
        }
        time(r.millis() * 1_000_000L, r.states(), "states");
    }

    /** Random walks' verdict: each check's shrunk schedule, or none found. */
    void walks(Counterexamples.Sample sample, int maxSteps, List<ExplorationPath> shrunk, long nanos) {
        List<String> hits = new ArrayList<>();
        for (Map.Entry<String, Integer> e : sample.hits().entrySet()) hits.add(e.getKey() + " " + String.format(Locale.ROOT, "%,d", e.getValue()));
        if (shrunk.isEmpty()) {
            out.printf(Locale.ROOT, "no violation in %,d random walks of at most %d steps (a sample: evidence, not proof)%n", sample.walks(),
                    maxSteps);
        } else {
            int i = 0;
            for (Map.Entry<String, ExplorationPath> e : sample.first().entrySet()) {
                ExplorationPath p = shrunk.get(i++);
                narrate(e.getKey(), p, lastMessage(p, e.getKey()), p.size() + " steps (a random walk of " + e.getValue().size()
                        + (e.getKey().equals(Finding.ERROR) ? " steps; not necessarily shortest)"
                        : " steps, shrunk until no single step can be left out; not necessarily shortest)"));
            }
            out.println();
        }
        out.printf(Locale.ROOT, "walks        %,d walks, %,d steps; %,d ended in a violation%s%n", sample.walks(), sample.steps(),
                sample.totalHits(), hits.isEmpty() ? "" : " (" + String.join(", ", hits) + ")");
        time(nanos, sample.steps(), "steps");
    }

    private void narrate(String check, ExplorationPath path, String message, String length) {
        out.println();
        out.println((check.equals(Finding.ERROR) ? "error" : "violation: " + check) + " after " + length);
        for (PathStep s : path.steps()) out.println("  " + Printable.escape(s.toString()));
        int last = path.steps().get(path.size() - 1).round();
        out.println("  " + (check.equals(Finding.ERROR) ? "the protocol throws" : check + " in round " + last) + ": " + Printable.escape(message));
    }

    /** The message of the violation of {@code check} that ends a path (found again by replay). */
    private static String lastMessage(ExplorationPath p, String check) {
        Simulation end;
        try {
            end = p.replay();
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        String m = "(no message)";
        for (Violation v : end.violations()) if (v.check().equals(check)) m = v.message();
        return m;
    }

    private void time(long nanos, long count, String what) {
        double seconds = nanos / 1e9;
        out.printf(Locale.ROOT, "time         %.2f s, %,.0f %s/s on %s%n", seconds, seconds > 0 ? count / seconds : 0.0, what,
                breadthFirst ? count(settings.reductions().threads(), "thread") : "1 thread");
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
