package dev.lockstep.core.check;

import dev.lockstep.core.Protocol;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code mutual-exclusion}: lock sets are pairwise disjoint in every round (Sec. 2.2). For a
 * global protocol the lock set of a node in its critical section is every node, so this is
 * classical mutual exclusion.
 */
public final class MutualExclusionCheck extends LockSetCheck {
    public static final String NAME = "mutual-exclusion";

    public MutualExclusionCheck(Protocol<?> protocol) {
        super(NAME, protocol);
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        int n = view.nodeCount();
        int[] owner = new int[n];
        Arrays.fill(owner, -1);
        // (first holder, second holder) -> first node they share; insertion-ordered for determinism
        Map<Long, Integer> clashes = new LinkedHashMap<>();
        for (int u = 0; u < n; u++) {
            int holder = u;
            protocol.lockSet(u, view, v -> {
                int other = owner[v];
                if (other == -1) owner[v] = holder;
                else if (other != holder) clashes.putIfAbsent(((long) other << 32) | holder, v);
            });
        }
        for (Map.Entry<Long, Integer> e : clashes.entrySet()) {
            int a = (int) (e.getKey() >>> 32);
            int b = (int) (long) e.getKey();
            int v = e.getValue();
            out.add(new Violation(NAME, view.round(), List.of(a, b), "the lock sets of " + view.nodeName(a)
                    + " and " + view.nodeName(b) + " intersect (both contain " + view.nodeName(v) + ")"));
        }
    }
}
