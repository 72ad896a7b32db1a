package dev.lockstep.core.check;

import dev.lockstep.core.EdgeCountedCheck;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.List;

/** {@code transit-bound}: at most {@code bound} messages in transit on any edge (LME: 2, Lemma 4.18). */
public final class TransitBoundCheck implements EdgeCountedCheck {
    public static final String NAME = "transit-bound";
    private final int bound;

    public TransitBoundCheck(int bound) {
        this.bound = bound;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void afterExecution(SystemView view, int u, long sentPorts, List<Violation> out) {
        for (long s = sentPorts; s != 0; s &= s - 1) {
            int p = Long.numberOfTrailingZeros(s);
            int v = view.peer(u, p);
            if (v < 0) continue;
            int count = p == 0 ? view.inTransit(u, 0) : view.inTransit(v, view.peerPort(u, p)) + view.inTransit(u, p);
            if (count > bound) out.add(violation(view, u, p, count));
        }
    }

    /** The counts the commit made as it appended the sends: the same as {@link #afterExecution} reads. */
    @Override
    public void afterSends(SystemView view, int u, long sentPorts, int[] onEdge, List<Violation> out) {
        for (long s = sentPorts; s != 0; s &= s - 1) {
            int p = Long.numberOfTrailingZeros(s);
            if (onEdge[p] > bound) out.add(violation(view, u, p, onEdge[p]));
        }
    }

    private Violation violation(SystemView view, int u, int p, int count) {
        int v = view.peer(u, p);
        int q = view.peerPort(u, p);
        String edge = p == 0 ? view.nodeName(u) + "'s self-channel (port 0)"
                : "edge " + view.nodeName(u) + "–" + view.nodeName(v) + " (port " + p + " at "
                + view.nodeName(u) + ", port " + q + " at " + view.nodeName(v) + ")";
        List<Integer> nodes = p == 0 ? List.of(u) : List.of(Math.min(u, v), Math.max(u, v));
        return new Violation(NAME, view.round(), nodes,
                count + " messages in transit on " + edge + "; at most " + bound + " allowed (Lemma 4.18)");
    }

    /** It reads the graph and the counts in transit only. */
    @Override
    public boolean watchesTransitOnly() {
        return true;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        // Only sends add messages, so checking after each execution covers every moment.
    }
}
