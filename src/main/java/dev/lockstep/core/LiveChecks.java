package dev.lockstep.core;

import java.util.ArrayList;
import java.util.List;

/**
 * The checks hook of a run: runs the protocol's live checks after every execution and at the end
 * of every round, keeps every violation reported so far and tells the audience about each.
 */
final class LiveChecks {
    private final Checker checker;
    private final List<Violation> violations;

    LiveChecks(List<Check> checks) {
        this(new Checker(checks), new ArrayList<>());
    }

    private LiveChecks(Checker checker, List<Violation> violations) {
        this.checker = checker;
        this.violations = violations;
    }

    LiveChecks copy() {
        return new LiveChecks(checker.copy(), new ArrayList<>(violations));
    }

    void afterExecution(SystemView view, int node, long sentPorts, Audience audience) {
        afterExecution(view, node, sentPorts, null, audience);
    }

    /** With the counts on the sent edges the commit made ({@link Checker#afterExecution(SystemView, int, long, int[])}). */
    void afterExecution(SystemView view, int node, long sentPorts, int[] onEdge, Audience audience) {
        List<Violation> found = checker.afterExecution(view, node, sentPorts, onEdge);
        if (!found.isEmpty()) report(found, audience);
    }

    /** {@link Checker#countsEdges}. */
    boolean countsEdges() {
        return checker.countsEdges();
    }

    /** {@link Checker#countsEdgesAlone}. */
    boolean countsEdgesAlone() {
        return checker.countsEdgesAlone();
    }

    /** {@link Checker#afterSendsInto}: safe on several threads at once where {@link #countsEdgesAlone}. */
    void afterSendsInto(SystemView view, int node, long sentPorts, int[] onEdge, List<Violation> out) {
        checker.afterSendsInto(view, node, sentPorts, onEdge, out);
    }

    /** Reports the news among what {@link #afterSendsInto} found, given in plan order. */
    void found(List<Violation> found, Audience audience) {
        List<Violation> news = checker.fresh(found);
        if (!news.isEmpty()) report(news, audience);
    }

    /** {@link Checker#watchersReadTransitOnly}. */
    boolean watchersReadTransitOnly() {
        return checker.watchersReadTransitOnly();
    }

    List<Violation> endOfRound(SystemView view, Audience audience) {
        List<Violation> found = checker.endOfRound(view);
        report(found, audience);
        return found;
    }

    private void report(List<Violation> found, Audience audience) {
        for (Violation v : found) {
            violations.add(v);
            for (SimulationListener l : audience.all()) l.violated(v);
        }
    }

    List<Violation> violations() {
        return List.copyOf(violations);
    }

    int count() {
        return violations.size();
    }
}
