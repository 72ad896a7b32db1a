package dev.lockstep.core.check;

import dev.lockstep.core.Check;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.List;

/** {@code transit-bound}: at most {@code bound} messages in transit on any edge (LME: 2, Lemma 4.18). */
public final class TransitBoundCheck implements Check {
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
            int q = view.peerPort(u, p);
            int count = p == 0 ? view.inTransit(u, 0) : view.inTransit(v, q) + view.inTransit(u, p);
            if (count > bound) {
                String edge = p == 0 ? view.nodeName(u) + "'s self-channel (port 0)"
                        : "edge " + view.nodeName(u) + "–" + view.nodeName(v) + " (port " + p + " at "
                        + view.nodeName(u) + ", port " + q + " at " + view.nodeName(v) + ")";
                List<Integer> nodes = p == 0 ? List.of(u) : List.of(Math.min(u, v), Math.max(u, v));
                out.add(new Violation(NAME, view.round(), nodes,
                        count + " messages in transit on " + edge + "; at most " + bound + " allowed (Lemma 4.18)"));
            }
        }
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
