package dev.lockstep.protocol.permission;

import dev.lockstep.core.Check;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.check.DeadlockCheck;
import dev.lockstep.core.check.LockoutCheck;
import dev.lockstep.core.check.MutualExclusionCheck;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Mutual exclusion over the whole system, as the lecture slides' protocols solve it: a process in
 * its critical section holds every node, so any two in C clash.
 */
public final class GlobalExclusion {
    private GlobalExclusion() {}

    /** The lock set of a holder: every node while it is in C, none otherwise. */
    public static void lockSet(boolean inCritical, SystemView view, IntConsumer member) {
        if (!inCritical) return;
        for (int v = 0, n = view.nodeCount(); v < n; v++) member.accept(v);
    }

    /** The live checks: mutual exclusion, lockout (a cut link can stall these protocols) and deadlock. */
    public static List<Check> checks(Protocol<?> protocol, CheckSettings settings) {
        return List.of(
                new MutualExclusionCheck(protocol),
                new LockoutCheck(settings.lockoutBound()),
                new DeadlockCheck());
    }
}
