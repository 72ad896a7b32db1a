package dev.lockstep.protocol.ricartagrawala;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.SimulationListener;
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

class RicartAgrawalaProperties {
    private static final int WORKLOAD_ROUNDS = 200;

    @Provide
    Arbitrary<SchedulerPolicy> policies() {
        return Arbitraries.of(new Synchronous(), new SemiSynchronous(0.5), new Sequential(), new Asynchronous(0.5, 3));
    }

    /**
     * Safety and liveness on a static complete graph, under every adversary: no violation at all
     * (mutual exclusion, lockout, deadlock), every request succeeds once the workload stops, and
     * waits are bounded in two ways:
     * <ul>
     *   <li>bypass: while p_i waits, other processes enter C at most 2(n − 1) times. p_i answers
     *   only tries that precede t_i; a process p_j's tries sent after it received p_i's try
     *   follow t_i; and p_j can issue at most two requests meanwhile (one already answered when
     *   p_i called try, one issued before p_i's try reached p_j: its ok from p_i travels behind
     *   that try on the FIFO channel);</li>
     *   <li>rounds: at most 25 n², also the lockout bound. Random adversaries bound waits only
     *   with high probability, so this is generous: over 600 runs per adversary and n, the worst
     *   waits seen were 42 rounds at n = 2 (100 allowed) and 121 at n = 6 (900 allowed).</li>
     * </ul>
     */
    @Property(tries = 200)
    void mutualExclusionAndEverySuccessfulRequest(@ForAll @IntRange(min = 2, max = 6) int n, @ForAll long seed,
                                                  @ForAll("policies") SchedulerPolicy policy,
                                                  @ForAll @DoubleRange(min = 0.02, max = 0.9) double lockProbability) {
        int roundBound = 25 * n * n;
        RaHarness h = new RaHarness(new RicartAgrawala(), n, seed, roundBound, List.of(),
                new RandomWorkload(lockProbability, 2, WORKLOAD_ROUNDS), policy);
        BypassCounter bypass = new BypassCounter(n);
        h.sim.addListener(bypass);

        boolean drained = h.runAndDrain(WORKLOAD_ROUNDS, 20 * roundBound);

        Stats s = h.sim.stats();
        check(drained, "requests still pending after the workload stopped");
        check(h.sim.violations().isEmpty(), "violations: " + h.sim.violations());
        check(s.locksAcquired() == s.lockRequests(), s.locksAcquired() + " of " + s.lockRequests() + " succeeded");
        check(s.maxWaitRounds() <= roundBound, "max wait " + s.maxWaitRounds() + " > " + roundBound);
        check(bypass.max <= 2 * (n - 1), "a request was bypassed " + bypass.max + " times");
    }

    private static void check(boolean ok, String why) {
        if (!ok) throw new AssertionError(why);
    }

    /** Counts the critical sections others entered while each process waited (commit order). */
    private static final class BypassCounter implements SimulationListener {
        private final int[] count;
        private final boolean[] waiting;
        int max;

        BypassCounter(int n) {
            count = new int[n];
            waiting = new boolean[n];
        }

        @Override
        public void executed(ExecutionRecord r) {
            int u = r.node();
            if (r.label().equals("Try")) {
                waiting[u] = true;
                count[u] = 0;
            } else if (r.label().equals("Crit")) {
                for (int i = 0; i < count.length; i++) if (waiting[i] && i != u) count[i]++;
                waiting[u] = false;
                max = Math.max(max, count[u]);
            }
        }
    }
}
