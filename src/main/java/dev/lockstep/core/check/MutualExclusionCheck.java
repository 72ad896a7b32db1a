package dev.lockstep.core.check;

import dev.lockstep.core.Check;
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
 * classical mutual exclusion. For a protocol with local lock sets ({@link Protocol#localLockSets})
 * each run's instance remembers who owns which node ({@link LockOwners}) and recomputes only the
 * lock sets near the nodes that changed.
 */
public final class MutualExclusionCheck extends LockSetCheck {
    public static final String NAME = "mutual-exclusion";
    /** This run's ownership, or null for the check as declared (which keeps nothing). */
    private final LockOwners owners;

    public MutualExclusionCheck(Protocol<?> protocol) {
        this(protocol, null);
    }

    private MutualExclusionCheck(Protocol<?> protocol, LockOwners owners) {
        super(NAME, protocol);
        this.owners = owners;
    }

    @Override
    public Check forRun() {
        return protocol.localLockSets() ? new MutualExclusionCheck(protocol, new LockOwners()) : this;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        int[] owner = new int[view.nodeCount()];
        Arrays.fill(owner, -1);
        report(view, own(view, owner), out);
    }

    @Override
    public void endOfRound(SystemView view, int[] changed, List<Violation> out) {
        if (owners == null) endOfRound(view, out);
        else owners.endOfRound(this, view, changed, out);
    }

    /**
     * The full pass: every node's lock set, in node order, into {@code owner} (all −1 on entry;
     * on return each node's first holder). Returns the clashes: (first holder, second holder) →
     * the first node they share, in the order found.
     */
    Map<Long, Integer> own(SystemView view, int[] owner) {
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
