package dev.lockstep.core.check;

import dev.lockstep.core.PortSet;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.Arrays;
import java.util.List;

/**
 * {@code persistent-lock-set}: when u's request issued in round i succeeds in round j, its lock
 * set equals u plus every neighbour whose edge persisted (as one connection) from i to j — the
 * paper's definition of success (Sec. 2.2). A neighbour cut during the request, or one that
 * arrived after it was issued, must not be in the lock set. For a scoped Lock (pair locks, Sec. 6)
 * the request's neighbourhood is taken within the scope, so the expected set is u and, if its
 * edge persisted, the chosen partner.
 */
public final class PersistentLockSetCheck extends LockSetCheck {
    public static final String NAME = "persistent-lock-set";

    public PersistentLockSetCheck(Protocol<?> protocol) {
        super(NAME, protocol);
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        for (int u : view.acquiredThisRound()) {
            long ports = view.persistentPorts(u);
            int[] expected = new int[PortSet.size(ports) + 1];
            int k = 0;
            expected[k++] = u;
            for (long s = ports; s != 0; s &= s - 1) expected[k++] = view.peer(u, Long.numberOfTrailingZeros(s));
            Arrays.sort(expected);
            int[] actual = LockSets.of(protocol, view, u);
            if (!Arrays.equals(expected, actual)) {
                out.add(new Violation(NAME, view.round(), List.of(u), view.nodeName(u) + "'s request from round "
                        + view.requestRound(u) + " succeeded with lock set " + LockSets.names(view, actual)
                        + ", but its persistent neighbourhood is " + LockSets.names(view, expected)));
            }
        }
    }
}
