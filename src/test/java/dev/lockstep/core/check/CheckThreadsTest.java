package dev.lockstep.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.bench.LmeBench;
import dev.lockstep.bench.RandomWalk;
import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.SeededRandom;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.check.BothWays.Tally;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.protocol.lme.Lme;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Runs large enough that the checks share their passes across threads (more holders than
 * {@link LockSetScan#GRAIN} twice over, nodes moving so edges are cut and made): every check,
 * both ways at every end of round, reports the same violations in the same order on one, two and
 * three threads.
 */
class CheckThreadsTest {
    private static final double DEGREE = 6;

    /** The configuration: n nodes placed at random, unit disk of mean degree about 6. */
    static SimulationConfig config(Protocol<?> protocol, int n, int lockoutBound) {
        double side = LmeBench.side(n, DEGREE);
        SeededRandom layout = new SeededRandom(7);
        double[] x = new double[n];
        double[] y = new double[n];
        List<String> names = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            x[i] = layout.nextDouble() * side;
            y[i] = layout.nextDouble() * side;
            names.add("n" + i);
        }
        return new SimulationConfig(protocol, names, x, y, null, 16, ChannelDiscipline.UNORDERED,
                PortAssignment.LOWEST, new CheckSettings(lockoutBound), 3);
    }

    /** Synchronous rounds, Lock calls at chance {@code lock} (held one round), 2 % of the nodes moving each round. */
    static RandomWalk adversary(int n, double lock) {
        ScenarioAdversary base = new ScenarioAdversary(new int[0], 1.0, List.of(), null,
                new RandomWorkload(lock, 1, Integer.MAX_VALUE), new Synchronous());
        return new RandomWalk(base, 0.02, LmeBench.side(n, DEGREE));
    }

    private static Map<String, Tally> run(Protocol<?> protocol, int n, int lockoutBound, double lock, int rounds, int threads) {
        return BothWays.run(config(protocol, n, lockoutBound), adversary(n, lock), rounds, threads);
    }

    private static void assertSameOnEveryThreadCount(Map<String, Tally> one, Map<String, Tally> other, int threads) {
        assertEquals(one.keySet(), other.keySet());
        for (String check : one.keySet()) {
            assertEquals(one.get(check).all, other.get(check).all, check + " on " + threads + " threads");
        }
    }

    @Test
    void clashingLockSetsAreFoundAlikeOnAnyThreadCount() {
        for (boolean local : new boolean[] {true, false}) {
            Map<String, Tally> one = run(new GreedyProtocol(local), 10_000, 1000, 0.02, 6, 1);
            Tally mutex = one.get(MutualExclusionCheck.NAME);
            assertTrue(mutex.all.size() > 100, "clashes: " + mutex.all.size());
            if (local) assertTrue(mutex.fromMemory > 0, "answered from memory in clash-free rounds: " + mutex.fromMemory);
            else assertEquals(0, mutex.fromMemory, "a global protocol's check keeps no memory");
            for (int threads = 2; threads <= 3; threads++) {
                assertSameOnEveryThreadCount(one, run(new GreedyProtocol(local), 10_000, 1000, 0.02, 6, threads), threads);
            }
        }
    }

    @Test
    void lmeLockoutsAndLockSetsAreAlikeOnAnyThreadCount() {
        Map<String, Tally> one = run(new Lme(), 20_000, 2, 0.5, 10, 1);
        assertTrue(one.get(LockoutCheck.NAME).all.size() > 100, "lockouts: " + one.get(LockoutCheck.NAME).all.size());
        assertTrue(one.get(MutualExclusionCheck.NAME).fromMemory >= 8, "mutual exclusion from memory");
        assertSameOnEveryThreadCount(one, run(new Lme(), 20_000, 2, 0.5, 10, 3), 3);
    }
}
