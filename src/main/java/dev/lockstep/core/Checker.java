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
    /** This run's instance of each check ({@link Check#forRun()}): the ones with memory are its own. */
    private final Check[] running;
    /** Per check: whether it keeps memory in step with the changes (then it is told them even after findings). */
    private final boolean[] remembers;
    /** The checks that look at executions; after most executions there is none to call but these. */
    private final Check[] watchingExecutions;
    /** Per watcher: it as an {@link EdgeCountedCheck}, or null; null as a whole if none is one. */
    private final EdgeCountedCheck[] counted;
    /** Whether every watcher counts edges and keeps no memory ({@link #countsEdgesAlone}). */
    private final boolean alone;
    private Set<String> previousRound = Set.of();
    private Set<String> thisRound;
    private final List<Violation> scratch = new ArrayList<>();
    /** Per check: whether it found something at the last end of round (then it looks at every node again). */
    private boolean[] foundLastRound;

    public Checker(List<Check> checks) {
        this.checks = List.copyOf(checks);
        int k = this.checks.size();
        this.running = new Check[k];
        this.remembers = new boolean[k];
        List<Check> watching = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            Check c = this.checks.get(i);
            running[i] = c.forRun();
            remembers[i] = running[i] != c;
            if (watchesExecutions(running[i])) watching.add(running[i]);
        }
        this.watchingExecutions = watching.toArray(new Check[0]);
        this.counted = counted(watchingExecutions);
        this.alone = alone(watchingExecutions, counted, this.checks);
        this.foundLastRound = new boolean[k];
        this.thisRound = new HashSet<>();
    }

    /** Whether every check that looks at executions reads only the graph and the messages in transit ({@link Check#watchesTransitOnly}). */
    public boolean watchersReadTransitOnly() {
        for (Check c : watchingExecutions) if (!c.watchesTransitOnly()) return false;
        return true;
    }

    private static EdgeCountedCheck[] counted(Check[] watching) {
        EdgeCountedCheck[] counted = new EdgeCountedCheck[watching.length];
        boolean any = false;
        for (int i = 0; i < watching.length; i++) {
            if (watching[i] instanceof EdgeCountedCheck c) {
                counted[i] = c;
                any = true;
            }
        }
        return any ? counted : null;
    }

    /** Whether each watcher is an {@link EdgeCountedCheck} that is its own run's instance (no memory of the run). */
    private static boolean alone(Check[] watching, EdgeCountedCheck[] counted, List<Check> checks) {
        for (int i = 0; i < watching.length; i++) {
            if (counted == null || counted[i] == null) return false;
            boolean shared = false;
            for (Check c : checks) shared |= c == watching[i];
            if (!shared) return false;
        }
        return true;
    }

    /**
     * Whether the checks after executions are {@link EdgeCountedCheck}s without memory of the run
     * (or there are none): then {@link #afterSendsInto} may run on several threads at once, and
     * feeding what they found to {@link #fresh(List)} in plan order reports what
     * {@link #afterExecution(SystemView, int, long, int[])} after each execution would.
     */
    boolean countsEdgesAlone() {
        return alone;
    }

    /** What the watchers find after node's sends with the counts {@code onEdge}, into {@code out}; reads and writes nothing else here. */
    void afterSendsInto(SystemView view, int node, long sentPorts, int[] onEdge, List<Violation> out) {
        if (counted == null) return;
        for (EdgeCountedCheck c : counted) c.afterSends(view, node, sentPorts, onEdge, out);
    }

    /** The news among violations the watchers found after executions, in the order they ran. */
    List<Violation> fresh(List<Violation> found) {
        scratch.clear();
        scratch.addAll(found);
        return fresh();
    }

    /** Whether a check after executions takes the counts on the sent edges ({@link #afterExecution(SystemView, int, long, int[])}). */
    public boolean countsEdges() {
        return counted != null;
    }

    /**
     * Whether the check overrides {@link Check#afterExecution}; asked once per check class (the
     * explorer copies a simulation, and with it its checker, at every step: reflection each time
     * took an eighth of an exploration).
     */
    private static boolean watchesExecutions(Check c) {
        return WATCHES_EXECUTIONS.get(c.getClass());
    }

    private static final ClassValue<Boolean> WATCHES_EXECUTIONS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                return type.getMethod("afterExecution", SystemView.class, int.class, long.class, List.class)
                        .getDeclaringClass() != Check.class;
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException("Check.afterExecution is gone", e);
            }
        }
    };

    /**
     * A copy for a copy of the run: the checks with memory start afresh (their first end of round
     * is a full pass), as if built from {@link #checks()}; what does not change (the checks, which
     * of them remember or watch executions, the checks without memory) is shared, since the
     * explorer copies a checker at every step.
     */
    public Checker copy() {
        return new Checker(this);
    }

    private Checker(Checker o) {
        checks = o.checks;
        remembers = o.remembers;
        int k = checks.size();
        running = new Check[k];
        boolean freshWatcher = false;
        for (int i = 0; i < k; i++) {
            running[i] = remembers[i] ? checks.get(i).forRun() : o.running[i];
            if (remembers[i] && watchesExecutions(running[i])) freshWatcher = true;
        }
        if (freshWatcher) {
            List<Check> watching = new ArrayList<>();
            for (Check c : running) if (watchesExecutions(c)) watching.add(c);
            watchingExecutions = watching.toArray(new Check[0]);
        } else {
            watchingExecutions = o.watchingExecutions;
        }
        counted = counted(watchingExecutions);
        alone = alone(watchingExecutions, counted, checks);
        previousRound = o.previousRound;
        thisRound = o.thisRound.isEmpty() ? new HashSet<>() : new HashSet<>(o.thisRound);
        foundLastRound = o.foundLastRound.clone();
    }

    public List<Check> checks() {
        return checks;
    }

    /** New violations after an execution (only checks that look at executions report here). */
    public List<Violation> afterExecution(SystemView view, int node, long sentPorts) {
        return afterExecution(view, node, sentPorts, null);
    }

    /**
     * {@link #afterExecution(SystemView, int, long)}, with {@code onEdge} (or null) the messages in
     * transit on each sent edge as the commit counted them, for the {@link EdgeCountedCheck}s.
     */
    public List<Violation> afterExecution(SystemView view, int node, long sentPorts, int[] onEdge) {
        Check[] watching = watchingExecutions;
        if (watching.length == 0) return List.of();
        scratch.clear();
        EdgeCountedCheck[] byCount = onEdge == null ? null : counted;
        for (int i = 0; i < watching.length; i++) {
            if (byCount != null && byCount[i] != null) byCount[i].afterSends(view, node, sentPorts, onEdge, scratch);
            else watching[i].afterExecution(view, node, sentPorts, scratch);
        }
        return fresh();
    }

    public List<Violation> endOfRound(SystemView view) {
        scratch.clear();
        int[] changed = view.changedThisRound();
        for (int i = 0; i < running.length; i++) {
            int before = scratch.size();
            running[i].endOfRound(view, foundLastRound[i] && !remembers[i] ? null : changed, scratch);
            foundLastRound[i] = scratch.size() > before;
        }
        List<Violation> result = fresh();
        if (thisRound.isEmpty()) {
            previousRound = Set.of(); // the set stays this round's: no copy shares it, only a previous round may be shared
        } else {
            previousRound = thisRound;
            thisRound = new HashSet<>();
        }
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
