package dev.lockstep.protocol.krl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/** KRL and KRLF over random connected graphs, k, adversaries, churn and seeds. */
class KrlProperties {
    @Provide
    Arbitrary<String> policies() {
        return Arbitraries.of("synchronous", "semi-synchronous", "sequential", "asynchronous");
    }

    /** Safety with churn: no live check fires (k-exclusion, tokens conserved, token-oriented DAG). */
    @Property(tries = 300)
    void noViolationUnderChurn(@ForAll @IntRange(min = 2, max = 14) int n, @ForAll @IntRange(min = 1, max = 4) int k,
                               @ForAll boolean forwarding, @ForAll("policies") String policy, @ForAll boolean churn,
                               @ForAll @DoubleRange(min = 0.02, max = 0.5) double lock,
                               @ForAll @IntRange(min = 0, max = 4) int hold, @ForAll long seed) {
        KrlSetup s = KrlSetup.of(new Krl(Math.min(k, n - 1), KrlVariant.of(forwarding, "corrected")), n, policy, churn, lock, hold, seed);
        s.runAndSettle(2000);
        assertEquals(List.of(), s.sim().violations());
    }

    /** Liveness on a static connected graph: once requests stop, every request is served. */
    @Property(tries = 300)
    void everyRequestServedOnAStaticGraph(@ForAll @IntRange(min = 2, max = 14) int n, @ForAll @IntRange(min = 1, max = 4) int k,
                                          @ForAll boolean forwarding, @ForAll("policies") String policy,
                                          @ForAll @DoubleRange(min = 0.02, max = 0.5) double lock,
                                          @ForAll @IntRange(min = 0, max = 4) int hold, @ForAll long seed) {
        KrlSetup s = KrlSetup.of(new Krl(Math.min(k, n - 1), KrlVariant.of(forwarding, "corrected")), n, policy, false, lock, hold, seed);
        boolean settled = s.runAndSettle(20 * n * n + 400);
        Simulation sim = s.sim();
        assertEquals(List.of(), sim.violations());
        assertTrue(settled, sim.stats().lockRequests() + " issued, " + sim.stats().locksAcquired() + " acquired");
        assertEquals(sim.stats().lockRequests(), sim.stats().locksAcquired());
    }

    /**
     * Theorem 2 ("if link changes cease, then every request is eventually satisfied"), with
     * Lockstep's lossy cuts: once the churn stops, every request is served, except in components
     * the cuts left without a token (tokens lost in transit are not regenerated).
     */
    @Property(tries = 300)
    void onceChurnStopsEveryRequestWithATokenInReachIsServed(
            @ForAll @IntRange(min = 2, max = 12) int n, @ForAll @IntRange(min = 1, max = 3) int k,
            @ForAll boolean forwarding, @ForAll("policies") String policy,
            @ForAll @DoubleRange(min = 0.02, max = 0.5) double lock, @ForAll @IntRange(min = 0, max = 4) int hold,
            @ForAll long seed) {
        KrlSetup s = KrlSetup.of(new Krl(Math.min(k, n - 1), KrlVariant.of(forwarding, "corrected")), n, policy, true, lock,
                hold, seed);
        s.runAndSettle(20 * n * n + 600);
        Simulation sim = s.sim();
        assertEquals(List.of(), sim.violations());
        int[] component = new int[n];
        java.util.Arrays.fill(component, -1);
        for (int r = 0; r < n; r++) {
            if (component[r] >= 0) continue;
            java.util.ArrayDeque<Integer> work = new java.util.ArrayDeque<>(List.of(r));
            component[r] = r;
            while (!work.isEmpty()) {
                int v = work.poll();
                for (long p = sim.ports(v) & ~1L; p != 0; p &= p - 1) {
                    int u = sim.peer(v, Long.numberOfTrailingZeros(p));
                    if (component[u] < 0) {
                        component[u] = r;
                        work.add(u);
                    }
                }
            }
        }
        boolean[] hasToken = new boolean[n];
        for (int u = 0; u < n; u++) {
            if (((KrlState) sim.state(u)).numTokens > 0) hasToken[component[u]] = true;
            int cu = component[u];
            sim.messagesInTransit(u, m -> {
                if (m instanceof KrlMessages.Token) hasToken[cu] = true;
            });
        }
        for (int u = 0; u < n; u++) {
            boolean waiting = sim.status(u) != dev.lockstep.core.OperationStatus.IDLE || sim.hasPendingCalls(u);
            if (waiting && hasToken[component[u]] && ((KrlState) sim.state(u)).status != KrlState.Status.CRITICAL) {
                throw new AssertionError("n" + u + " still waits in a component with a token, round " + sim.round());
            }
        }
    }
}
