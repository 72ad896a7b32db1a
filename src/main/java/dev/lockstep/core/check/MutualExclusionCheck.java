package dev.lockstep.core.check;

import dev.lockstep.core.Check;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.Arrays;
import java.util.List;

/**
 * {@code mutual-exclusion}: lock sets are pairwise disjoint in every round (Sec. 2.2). For a
 * global protocol the lock set of a node in its critical section is every node, so this is
 * classical mutual exclusion. For a protocol with local lock sets ({@link Protocol#localLockSets})
 * each run's instance remembers who owns which node ({@link LockOwners}) and recomputes only the
 * lock sets near the nodes that changed; for one whose lock sets cannot intersect by their
 * definition ({@link Protocol#disjointLockSets}: LME) it reads none.
 */
public final class MutualExclusionCheck extends LockSetCheck {
    public static final String NAME = LockSetClashes.NAME;
    /** This run's ownership, or null for the check as declared (which keeps nothing) and for disjoint lock sets. */
    private final LockOwners owners;
    /** A run's instance for a protocol whose lock sets are disjoint by definition: nothing to find. */
    private final boolean disjoint;

    public MutualExclusionCheck(Protocol<?> protocol) {
        this(protocol, null, false);
    }

    private MutualExclusionCheck(Protocol<?> protocol, LockOwners owners, boolean disjoint) {
        super(NAME, protocol);
        this.owners = owners;
        this.disjoint = disjoint;
    }

    @Override
    public Check forRun() {
        if (protocol.disjointLockSets()) return new MutualExclusionCheck(protocol, null, true);
        return protocol.localLockSets() ? new MutualExclusionCheck(protocol, new LockOwners(), false) : this;
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        int[] owner = new int[view.nodeCount()];
        Arrays.fill(owner, -1);
        LockSetClashes.report(view, LockSetClashes.find(protocol, view, owner), out);
    }

    @Override
    public void endOfRound(SystemView view, int[] changed, List<Violation> out) {
        if (disjoint) return;
        if (owners == null) endOfRound(view, out);
        else owners.endOfRound(protocol, view, changed, out);
    }
}
