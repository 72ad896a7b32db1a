package dev.lockstep.protocol.krl;

import dev.lockstep.core.Check;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import dev.lockstep.protocol.krl.KrlState.Status;
import java.util.ArrayList;
import java.util.List;

/** {@code k-exclusion}: at most k nodes of the whole network in the CS (Sec. 3, property 1; Theorem 1). */
final class KrlExclusionCheck implements Check {
    static final String NAME = "k-exclusion";
    private final int k;

    KrlExclusionCheck(int k) {
        this.k = k;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        List<Integer> in = new ArrayList<>();
        for (int u = 0, n = view.nodeCount(); u < n; u++) {
            if (((KrlState) view.state(u)).status == Status.CRITICAL) in.add(u);
        }
        if (in.size() <= k) return;
        List<String> names = new ArrayList<>();
        for (int u : in) names.add(view.nodeName(u));
        out.add(new Violation(NAME, view.round(), in, in.size() + " nodes are in the CS at once ("
                + String.join(", ", names) + "), more than k = " + k));
    }
}
