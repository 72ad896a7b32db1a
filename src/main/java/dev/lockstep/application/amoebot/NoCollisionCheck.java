package dev.lockstep.application.amoebot;

import dev.lockstep.core.Check;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * "no-collision": no cell is occupied by two particles, and no two expansions under way claim
 * the same cell — what isolating every move with LME's locks guarantees an amoebot system (Sec. 6:
 * "ensuring isolation of concurrent amoebot actions even as connections between amoebots change
 * due to their movements"). Without locks, two particles that both read a cell empty both expand
 * into it. A collision that lasts is reported once (the checker drops repeats).
 */
public final class NoCollisionCheck implements Check {
    public static final String NAME = "no-collision";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        if (!(view.application() instanceof Particles p)) return;
        int n = p.particles();
        for (int u = 0; u < n; u++) {
            for (Cell c : p.expanded(u) ? List.of(p.tail(u), p.head(u)) : List.of(p.tail(u))) {
                int[] on = p.occupants(c);
                if (on.length < 2 || on[0] != u) continue; // reported once, by the lowest occupant
                List<Integer> nodes = new ArrayList<>();
                List<String> names = new ArrayList<>();
                for (int v : on) {
                    nodes.add(v);
                    names.add(view.nodeName(v));
                }
                out.add(new Violation(NAME, view.round(), nodes, "cell " + c + " is occupied by " + String.join(" and ", names)));
            }
        }
        Map<Cell, Integer> claimedBy = new HashMap<>(); // lookups only
        for (int u = 0; u < n; u++) {
            Cell c = p.claim(u);
            if (c == null) continue;
            Integer first = claimedBy.putIfAbsent(c, u);
            if (first != null) {
                out.add(new Violation(NAME, view.round(), List.of(first, u), view.nodeName(first) + " and " + view.nodeName(u)
                        + " are both expanding into " + c));
            }
        }
    }
}
