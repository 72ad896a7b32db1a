package dev.lockstep.protocol.lamport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Stats;
import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** One seed, one run: every random choice (workload, scheduling) comes from the seeded stream. */
class DeterminismTest {

    static Stream<SchedulerPolicy> policies() {
        return Stream.of(new Synchronous(), new SemiSynchronous(0.5), new Sequential(), new Asynchronous(0.5, 3));
    }

    private record Run(List<String> trace, List<Long> stats) {}

    private static Run run(SchedulerPolicy policy, long seed) {
        LtHarness h = new LtHarness(new LogicalTimeMe(), 4, seed, 10_000, List.of(),
                new RandomWorkload(0.4, 2, 120), policy);
        h.engine.runUntil(150);
        Stats s = h.sim.stats();
        List<String> trace = h.executed.stream().map(DeterminismTest::describe).toList();
        return new Run(trace, List.of(s.actions(), s.messagesSent(), s.messagesLost(), s.lockRequests(),
                s.locksAcquired(), s.unlocks(), s.maxWaitRounds(), Math.round(s.meanWaitRounds() * 1e6)));
    }

    /** Everything an execution did; the node state is read later, so it is left out. */
    private static String describe(ExecutionRecord r) {
        return r.startRound() + "-" + r.round() + " p" + r.node() + " " + r.label() + " "
                + (r.received() == null ? "-" : r.received().toString()) + " " + r.sent();
    }

    @ParameterizedTest
    @MethodSource("policies")
    void sameSeedSameRunOtherSeedOtherRun(SchedulerPolicy policy) {
        Run a = run(policy, 42);
        Run b = run(policy, 42);
        Run c = run(policy, 43);
        assertTrue(a.trace().size() > 100, "too little happened to compare: " + a.trace().size());
        assertEquals(a.trace(), b.trace());
        assertEquals(a.stats(), b.stats());
        assertNotEquals(a.trace(), c.trace());
    }
}
