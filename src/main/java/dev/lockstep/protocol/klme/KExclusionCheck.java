package dev.lockstep.protocol.klme;

import dev.lockstep.core.Check;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import dev.lockstep.protocol.klme.KlmeState.Phase;
import java.util.ArrayList;
import java.util.List;

/** {@code k-exclusion} (Sec. 1, safety): at most k nodes of a neighbourhood are in CS at once. */
final class KExclusionCheck implements Check {
    static final String NAME = "k-exclusion";
    private final int k;

    KExclusionCheck(int k) {
        this.k = k;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        var hoods = new Neighbourhoods(view);
        for (var e : hoods.members.entrySet()) {
            List<Integer> inCs = new ArrayList<>();
            for (int u : e.getValue()) if (Neighbourhoods.state(view, u).state == Phase.CS) inCs.add(u);
            if (inCs.size() <= k) continue;
            List<String> names = new ArrayList<>();
            for (int u : inCs) names.add(view.nodeName(u));
            out.add(new Violation(NAME, view.round(), inCs, inCs.size() + " nodes of " + e.getKey() + " are in CS ("
                    + String.join(", ", names) + "), more than k = " + k));
        }
    }
}
