package dev.lockstep.protocol.lamport;

import dev.lockstep.core.Stats;
import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

class LogicalTimeMeProperties {
    private static final int WORKLOAD_ROUNDS = 200;

    @Provide
    Arbitrary<SchedulerPolicy> policies() {
        return Arbitraries.of(new Synchronous(), new SemiSynchronous(0.5), new Sequential(), new Asynchronous(0.5, 3));
    }

    /**
     * Safety, liveness and cost on a static complete graph, under every adversary: no violation
     * (mutual exclusion, lockout with bound 25 n², deadlock), every request succeeds once the
     * workload stops, and exactly 3n − 1 messages per critical section (slide "Complexity
     * Analysis (1)").
     */
    @Property(tries = 200)
    void mutualExclusionEverySuccessfulRequestAndThreeNMinusOne(
            @ForAll @IntRange(min = 2, max = 6) int n, @ForAll long seed, @ForAll("policies") SchedulerPolicy policy,
            @ForAll @DoubleRange(min = 0.02, max = 0.9) double lockProbability) {
        int roundBound = 25 * n * n;
        LtHarness h = new LtHarness(new LogicalTimeMe(), n, seed, roundBound, List.of(),
                new RandomWorkload(lockProbability, 2, WORKLOAD_ROUNDS), policy);
        boolean drained = h.runAndDrain(WORKLOAD_ROUNDS, 20 * roundBound);
        Stats s = h.sim.stats();
        check(drained, "requests still pending after the workload stopped");
        check(h.sim.violations().isEmpty(), "violations: " + h.sim.violations());
        check(s.locksAcquired() == s.lockRequests(), s.locksAcquired() + " of " + s.lockRequests() + " succeeded");
        check(s.messagesSent() == (3L * n - 1) * s.locksAcquired(),
                s.messagesSent() + " messages for " + s.locksAcquired() + " critical sections, n = " + n);
        check(s.maxWaitRounds() <= roundBound, "max wait " + s.maxWaitRounds() + " > " + roundBound);
    }

    private static void check(boolean ok, String why) {
        if (!ok) throw new AssertionError(why);
    }
}
