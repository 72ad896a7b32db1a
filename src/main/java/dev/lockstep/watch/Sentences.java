package dev.lockstep.watch;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.Violation;
import java.util.List;
import java.util.Locale;

/**
 * The narration's sentences for everything but an action execution (the protocol narrates those):
 * written once, told both live ({@link Watcher}) and from a branch's history ({@link SessionMoment}),
 * so a jump in time shows the very lines the run showed.
 */
final class Sentences {
    private Sentences() {}

    static NarrationEntry action(int round, int u, String text) {
        return new NarrationEntry(round, List.of(u), text, NarrationEntry.Kind.ACTION);
    }

    static NarrationEntry called(Simulation sim, int round, int u, boolean lock) {
        return new NarrationEntry(round, List.of(u), sim.nodeName(u) + "'s application calls " + (lock ? "Lock" : "Unlock"),
                NarrationEntry.Kind.CALL);
    }

    /** An application step (Sec. 6), told with the application's own sentence; names u and its partner. */
    static NarrationEntry application(int round, int u, int partner, String sentence) {
        List<Integer> nodes = partner >= 0 && partner != u ? List.of(u, partner) : List.of(u);
        return new NarrationEntry(round, nodes, sentence, NarrationEntry.Kind.APPLICATION);
    }

    static NarrationEntry linked(Simulation sim, int round, int u, int pu, int v, int pv) {
        return new NarrationEntry(round, List.of(u, v), "edge " + sim.nodeName(u) + "–" + sim.nodeName(v)
                + " linked (port " + pu + " at " + sim.nodeName(u) + ", port " + pv + " at " + sim.nodeName(v) + ")",
                NarrationEntry.Kind.TOPOLOGY);
    }

    static NarrationEntry cut(Simulation sim, int round, int u, int v, List<String> lostLabels) {
        String text = "edge " + sim.nodeName(u) + "–" + sim.nodeName(v) + " cut";
        if (!lostLabels.isEmpty()) text += "; lost in transit: " + String.join(", ", lostLabels);
        return new NarrationEntry(round, List.of(u, v), text, NarrationEntry.Kind.TOPOLOGY);
    }

    static NarrationEntry refused(Simulation sim, int round, String change, int u, int v, String reason) {
        return new NarrationEntry(round, List.of(u, v), change + " " + sim.nodeName(u) + "–" + sim.nodeName(v)
                + " refused: " + reason, NarrationEntry.Kind.REFUSAL);
    }

    static NarrationEntry moved(Simulation sim, int round, int u, double x, double y) {
        return new NarrationEntry(round, List.of(u), sim.nodeName(u) + " moved to ("
                + String.format(Locale.ROOT, "%.2f, %.2f", x, y) + ")", NarrationEntry.Kind.TOPOLOGY);
    }

    static NarrationEntry lost(Simulation sim, int round, int from, int to, String label) {
        return new NarrationEntry(round, List.of(from, to), "the adversary destroyed " + label + " in transit from "
                + sim.nodeName(from) + " to " + sim.nodeName(to), NarrationEntry.Kind.TOPOLOGY);
    }

    static NarrationEntry crashed(Simulation sim, int round, int u) {
        return new NarrationEntry(round, List.of(u), sim.nodeName(u) + " crashed: it stops for good and its links fail",
                NarrationEntry.Kind.TOPOLOGY);
    }

    static NarrationEntry violated(int round, Violation v) {
        return new NarrationEntry(round, v.nodes(), v.check() + " violated: " + v.message(), NarrationEntry.Kind.VIOLATION);
    }
}
