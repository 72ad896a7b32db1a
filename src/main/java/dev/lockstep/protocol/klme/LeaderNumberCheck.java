package dev.lockstep.protocol.klme;

import dev.lockstep.core.Check;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.Collections;
import java.util.List;

/**
 * {@code leader-number}: Token_leader_no never goes back. A check keeps no memory, so it compares
 * what is visible: every member has accepted Leader_info only up to the number its neighbourhood's
 * token carries (Node_leader_no ≤ Token_leader_no). A token whose number went back falls below
 * what members have already seen.
 */
final class LeaderNumberCheck implements Check {
    static final String NAME = "leader-number";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        var hoods = new Neighbourhoods(view);
        for (var e : hoods.tokenLeaderNos.entrySet()) {
            int token = Collections.max(e.getValue());
            for (int u : hoods.members.getOrDefault(e.getKey(), List.of())) {
                int seen = Neighbourhoods.state(view, u).nodeLeaderNo;
                if (seen <= token) continue;
                out.add(new Violation(NAME, view.round(), List.of(u), view.nodeName(u) + " has seen Token_leader_no "
                        + seen + " in " + e.getKey() + ", but the token carries " + token + ": the number went back"));
            }
        }
    }
}
