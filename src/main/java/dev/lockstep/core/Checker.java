package dev.lockstep.core;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Runs the checks and reports each violation once per episode: a violation with the same check
 * and nodes as in the previous round is the same ongoing problem (a deadlock lasts), not news.
 */
public final class Checker {
    private final List<Check> checks;
    private Set<String> previousRound = Set.of();
    private Set<String> thisRound = new HashSet<>();
    private final List<Violation> scratch = new ArrayList<>();
    /** Per check: whether it found something at the last end of round (then it looks at every node again). */
    private boolean[] foundLastRound;

    public Checker(List<Check> checks) {
        this.checks = List.copyOf(checks);
        this.foundLastRound = new boolean[this.checks.size()];
    }

    public Checker copy() {
        Checker c = new Checker(checks);
        c.previousRound = previousRound;
        c.thisRound = new HashSet<>(thisRound);
        c.foundLastRound = foundLastRound.clone();
        return c;
    }

    public List<Check> checks() {
        return checks;
    }

    /** New violations after an execution (only checks that look at executions report here). */
    public List<Violation> afterExecution(SystemView view, int node, long sentPorts) {
        scratch.clear();
        for (Check c : checks) c.afterExecution(view, node, sentPorts, scratch);
        return fresh();
    }

    public List<Violation> endOfRound(SystemView view) {
        scratch.clear();
        int[] changed = view.changedThisRound();
        for (int i = 0; i < checks.size(); i++) {
            int before = scratch.size();
            checks.get(i).endOfRound(view, foundLastRound[i] ? null : changed, scratch);
            foundLastRound[i] = scratch.size() > before;
        }
        List<Violation> result = fresh();
        previousRound = thisRound;
        thisRound = new HashSet<>();
        return result;
    }

    private List<Violation> fresh() {
        if (scratch.isEmpty()) return List.of();
        List<Violation> result = new ArrayList<>(scratch.size());
        for (Violation v : scratch) {
            String key = v.check() + v.nodes();
            boolean firstThisRound = thisRound.add(key);
            if (firstThisRound && !previousRound.contains(key)) result.add(v);
        }
        return result;
    }
}
