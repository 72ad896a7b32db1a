package dev.lockstep.protocol.lamport;

import dev.lockstep.core.Protocol;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.TopologyEvent;
import dev.lockstep.core.adversary.Workload;
import dev.lockstep.protocol.permission.CompleteGraphHarness;
import java.util.List;

/** LogicalTimeME runs on a complete graph with FIFO channels, as the protocol requires. */
final class LtHarness extends CompleteGraphHarness<LtState> {
    LtHarness(Protocol<?> protocol, int n, long seed, int lockoutBound, List<TopologyEvent> dynamics, Workload workload,
            SchedulerPolicy policy) {
        super(protocol, n, seed, lockoutBound, dynamics, workload, policy);
    }
}
