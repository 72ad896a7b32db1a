package dev.lockstep.protocol.klme;

import dev.lockstep.core.Stats;
import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.adversary.TopologyEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * The corrected KLME over random neighbourhood assignments (two areas, A and B), schedules,
 * workloads and moves across the boundary, in CS or not, leaders included: no check fires
 * (k-exclusion, l-deadlock, one-token, leader-number, lockout, deadlock) and every request is
 * served once the workload and the moves stop.
 */
class KlmeProperties {
    private static final int WORKLOAD_ROUNDS = 200;
    /**
     * Rounds between two moves of one node; {@code -Dklme.quiet=N} explores other values (README,
     * "Interpretation choices": faster churn than Sec. 3's assumption 5).
     */
    static final int QUIET = Integer.getInteger("klme.quiet", 40);
    /** Rounds between two moves of any nodes (quasi-stable: one change settles before the next). */
    static final int SPACING = Integer.getInteger("klme.spacing", 15);

    @Provide
    Arbitrary<SchedulerPolicy> policies() {
        return Arbitraries.of(new Synchronous(), new SemiSynchronous(0.5), new Sequential(), new Asynchronous(0.5, 3));
    }

    @Property(tries = 200)
    void noViolationAndEveryRequestServed(
            @ForAll @IntRange(min = 2, max = 7) int n, @ForAll @IntRange(min = 1, max = 3) int k, @ForAll long seed,
            @ForAll("policies") SchedulerPolicy policy, @ForAll @DoubleRange(min = 0.02, max = 0.5) double lock,
            @ForAll @IntRange(min = 0, max = 12) int moves) {
        int bound = 40 * n * n;
        KlmeHarness h = harness(n, k, seed, policy, lock, moves, KlmeVariant.CORRECTED);
        boolean drained = h.runAndDrain(WORKLOAD_ROUNDS, 20 * bound);
        Stats s = h.sim.stats();
        check(h.sim.violations().isEmpty(), "violations: " + h.sim.violations());
        check(drained, "requests still pending after the workload stopped");
        check(s.locksAcquired() == s.lockRequests(), s.locksAcquired() + " of " + s.lockRequests() + " succeeded");
    }

    /**
     * As above over three areas, where a neighbourhood may start empty (C always does, A or B may)
     * and moves may empty one: node 0 keeps the token of each neighbourhood nobody was in, and a
     * last member leaving keeps its token, until somebody enters (README, "Interpretation choices").
     */
    @Property(tries = 100)
    void noViolationWithEmptyNeighbourhoods(
            @ForAll @IntRange(min = 2, max = 6) int n, @ForAll @IntRange(min = 1, max = 2) int k, @ForAll long seed,
            @ForAll("policies") SchedulerPolicy policy, @ForAll @DoubleRange(min = 0.02, max = 0.5) double lock,
            @ForAll @IntRange(min = 0, max = 12) int moves) {
        KlmeHarness h = threeAreas(n, k, seed, policy, lock, moves);
        boolean drained = h.runAndDrain(WORKLOAD_ROUNDS, 20 * 40 * n * n);
        Stats s = h.sim.stats();
        check(h.sim.violations().isEmpty(), "violations: " + h.sim.violations());
        check(drained, "requests still pending after the workload stopped");
        check(s.locksAcquired() == s.lockRequests(), s.locksAcquired() + " of " + s.lockRequests() + " succeeded");
    }

    /** A random run over {@link KlmeHarness#THREE_AREAS}: nodes anywhere in A and B, moves anywhere. */
    static KlmeHarness threeAreas(int n, int k, long seed, SchedulerPolicy policy, double lock, int moves) {
        return threeAreas(n, k, seed, policy, lock, moves, SPACING, QUIET);
    }

    /** As above with moves at least {@code spacing} rounds apart, a node's at least {@code quiet}. */
    static KlmeHarness threeAreas(int n, int k, long seed, SchedulerPolicy policy, double lock, int moves,
                                  int spacing, int quiet) {
        Random r = new Random(seed);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int u = 0; u < n; u++) {
            x[u] = r.nextInt(100) / 10.0;
            y[u] = r.nextInt(50) / 10.0;
        }
        List<TopologyEvent> dynamics = moves(r, x.clone(), y.clone(), moves, true, spacing, quiet);
        return new KlmeHarness(new Klme(k, KlmeVariant.CORRECTED, lDeadlockBound(policy, n)), x, y, seed,
                40 * n * n, dynamics, new RandomWorkload(lock, 2, WORKLOAD_ROUNDS), policy, KlmeHarness.THREE_AREAS);
    }

    /** A random run: node 0 in A, node 1 in B, the rest anywhere; moves as {@link #moves}. */
    static KlmeHarness harness(int n, int k, long seed, SchedulerPolicy policy, double lock, int moves,
                               KlmeVariant variant) {
        Random r = new Random(seed);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int u = 0; u < n; u++) {
            // node 0 in A and node 1 in B: neither neighbourhood starts empty
            x[u] = u == 0 ? r.nextInt(50) / 10.0 : u == 1 ? 5 + r.nextInt(50) / 10.0 : r.nextInt(100) / 10.0;
            y[u] = r.nextInt(50) / 10.0;
        }
        List<TopologyEvent> dynamics = moves(r, x.clone(), y.clone(), moves, false, SPACING, QUIET);
        return new KlmeHarness(new Klme(k, variant, lDeadlockBound(policy, n)), x, y, seed, 40 * n * n, dynamics,
                new RandomWorkload(lock, 2, WORKLOAD_ROUNDS), policy);
    }

    /**
     * The l-deadlock bound in rounds: the default 100, times n under the sequential scheduler,
     * where a round is one node's step (a neighbourhood's only holder then acts about once in n
     * rounds: with fresh seeds, a leader of seven nodes made 11 steps in the 100 rounds the check
     * counted — the scheduler's delay, not the protocol's). The lockout bound scales likewise.
     */
    static int lDeadlockBound(SchedulerPolicy policy, int n) {
        return policy instanceof Sequential ? 100 * n : 100;
    }

    /**
     * Random moves at distinct rounds, within A and B each leaving its neighbourhood with another
     * member, or, {@code anywhere}, into C too and emptying neighbourhoods. A node moves again
     * only after {@code quiet} rounds and moves are {@code spacing} rounds apart (by default
     * {@link #QUIET} and {@link #SPACING}: Sec. 3, assumption 5, the network is quasi-stable, so
     * the messages of a previous change have mostly drained; README, "Interpretation choices").
     */
    static List<TopologyEvent> moves(Random r, double[] x, double[] y, int count, boolean anywhere, int spacing,
                                     int quiet) {
        List<TopologyEvent> out = new ArrayList<>();
        int[] last = new int[x.length];
        java.util.Arrays.fill(last, -quiet);
        int round = 5;
        for (int i = 0; i < count; i++) {
            round += spacing + r.nextInt(WORKLOAD_ROUNDS / (count + 1));
            int u = r.nextInt(x.length);
            double nx = r.nextInt(100) / 10.0;
            double ny = r.nextInt(anywhere ? 100 : 50) / 10.0;
            boolean fromA = x[u] < 5;
            int others = 0;
            for (int v = 0; v < x.length; v++) if (v != u && (x[v] < 5) == fromA) others++;
            if (!anywhere && others == 0 || round - last[u] < quiet || (nx < 5) == fromA && r.nextBoolean()) continue;
            last[u] = round;
            x[u] = nx;
            y[u] = ny;
            out.add(new TopologyEvent.Move(round, u, nx, ny, "test"));
        }
        return out;
    }

    private static void check(boolean ok, String why) {
        if (!ok) throw new AssertionError(why);
    }
}
