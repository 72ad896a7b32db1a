package dev.lockstep.core.check;

import dev.lockstep.core.Protocol;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mutual-exclusion check's full pass and its words: shared by the check
 * ({@link MutualExclusionCheck}) and its memory ({@link LockOwners}).
 */
final class LockSetClashes {
    static final String NAME = "mutual-exclusion";

    private LockSetClashes() {}

    /**
     * Every node's lock set, in node order, into {@code owner} (all −1 on entry; on return each
     * node's first holder). Returns the clashes: (first holder, second holder) → the first node
     * they share, in the order found (insertion-ordered, for determinism).
     */
    static Map<Long, Integer> find(Protocol<?> protocol, SystemView view, int[] owner) {
        Map<Long, Integer> clashes = new LinkedHashMap<>();
        LockSetScan.scan(protocol, view, null, owner.length, (holder, v) -> {
            int other = owner[v];
            if (other == -1) owner[v] = holder;
            else if (other != holder) clashes.putIfAbsent(((long) other << 32) | holder, v);
            return true;
        });
        return clashes;
    }

    static void report(SystemView view, Map<Long, Integer> clashes, List<Violation> out) {
        for (Map.Entry<Long, Integer> e : clashes.entrySet()) {
            int a = (int) (e.getKey() >>> 32);
            int b = (int) (long) e.getKey();
            int v = e.getValue();
            out.add(new Violation(NAME, view.round(), List.of(a, b), "the lock sets of " + view.nodeName(a)
                    + " and " + view.nodeName(b) + " intersect (both contain " + view.nodeName(v) + ")"));
        }
    }
}
