package dev.lockstep.protocol.klme;

import dev.lockstep.core.SystemView;
import dev.lockstep.protocol.klme.KlmeMessages.TokenMsg;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What KLME's checks see of a configuration, neighbourhood by neighbourhood. A node counts in
 * the neighbourhood it joined last (its own {@code region}, event K): between the adversary's
 * move and the node's event I it still holds the old neighbourhood's resource, as the paper's
 * "about to leave" has it. Tokens count where their holder is; a Token in transit counts for its
 * neighbourhood only while its receiver is still there, in the visit the Token is addressed to
 * (else the receiver drops it: it is lost — a receiver that walked away and came back drops a
 * Token meant for its earlier visit, and its sender regenerates the token, Sec. 7 case 1).
 */
final class Neighbourhoods {
    /** Members by neighbourhood, in name order (deterministic). */
    final Map<String, List<Integer>> members = new TreeMap<>();
    /** Tokens by neighbourhood: held ones by their holder's neighbourhood, live ones in transit. */
    final Map<String, List<Integer>> tokenLeaderNos = new TreeMap<>();
    /** Token holders and receivers of live Tokens in transit, by neighbourhood. */
    final Map<String, List<Integer>> tokenNodes = new TreeMap<>();

    Neighbourhoods(SystemView view) {
        for (int u = 0, n = view.nodeCount(); u < n; u++) {
            if (!(view.state(u) instanceof KlmeState s) || !s.ready) continue;
            for (KlmeToken p : s.parked.values()) token(p.region, p.leaderNo, u); // kept for an empty one
            if (s.region.isEmpty()) continue;
            String r = s.region;
            members.computeIfAbsent(r, x -> new ArrayList<>()).add(u);
            if (s.token != null) token(r, s.token.leaderNo, u);
            int to = u;
            view.messagesInTransit(u, m -> {
                // addressed to an earlier visit of its receiver, it is dropped as surely (KlmeEvents.foreign)
                if (m instanceof TokenMsg t && t.region().equals(r) && (t.visit() < 0 || t.visit() == s.visit)) {
                    token(r, t.token().leaderNo, to);
                }
            });
        }
    }

    private void token(String region, int leaderNo, int node) {
        tokenLeaderNos.computeIfAbsent(region, x -> new ArrayList<>()).add(leaderNo);
        tokenNodes.computeIfAbsent(region, x -> new ArrayList<>()).add(node);
    }

    static KlmeState state(SystemView view, int u) {
        return (KlmeState) view.state(u);
    }
}
