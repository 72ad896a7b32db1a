package dev.lockstep.protocol.klme;

import dev.lockstep.core.Check;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import dev.lockstep.protocol.klme.KlmeState.Phase;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code l-deadlock} (Sec. 1, l-deadlock avoidance): a neighbourhood with fewer than k nodes in CS
 * and a requester waiting must let one in within {@code bound} rounds. A check keeps no memory, so
 * the condition's start is read off the configuration: it began no earlier than the latest status
 * change (an exit, a new request) or region change of a member not in CS, or of a node that left
 * the neighbourhood last (a node in CS walking away). Reported while it lasts longer than the bound.
 */
final class LDeadlockCheck implements Check {
    static final String NAME = "l-deadlock";
    private final int k;
    private final int bound;

    LDeadlockCheck(int k, int bound) {
        this.k = k;
        this.bound = bound;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        var hoods = new Neighbourhoods(view);
        for (var e : hoods.members.entrySet()) {
            String r = e.getKey();
            int inCs = 0;
            List<Integer> waiting = new ArrayList<>();
            for (int u : e.getValue()) {
                KlmeState s = Neighbourhoods.state(view, u);
                if (s.state == Phase.CS) inCs++;
                else if (s.state == Phase.W && view.status(u) == OperationStatus.LOCKING && !view.crashed(u)) waiting.add(u);
            }
            if (inCs >= k || waiting.isEmpty()) continue;
            int since = 0;
            for (int u = 0, n = view.nodeCount(); u < n; u++) {
                KlmeState s = Neighbourhoods.state(view, u);
                boolean member = r.equals(s.region) && s.state != Phase.CS;
                if (member || r.equals(s.left)) since = Math.max(since, Math.max(view.statusSince(u), view.regionSince(u)));
            }
            int lasted = view.round() - since;
            if (lasted <= bound) continue;
            List<String> names = new ArrayList<>();
            for (int u : waiting) names.add(view.nodeName(u));
            out.add(new Violation(NAME, view.round(), waiting, r + " has had " + inCs + " of k = " + k
                    + " in CS for " + lasted + " rounds (bound " + bound + ") while " + String.join(", ", names)
                    + (waiting.size() == 1 ? " waits" : " wait")));
        }
    }
}
