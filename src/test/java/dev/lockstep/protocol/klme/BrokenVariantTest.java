package dev.lockstep.protocol.klme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Action;
import dev.lockstep.core.Call;
import dev.lockstep.core.DerivedProtocol;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.adversary.ScriptedWorkload;
import dev.lockstep.core.adversary.ScriptedWorkload.Entry;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.check.LockoutCheck;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each of KLME's checks fires on a deliberately broken KLME and stays silent on the corrected one
 * in the same run: three nodes 1, 2, 3 in neighbourhood A (1 leads), synchronous rounds.
 */
class BrokenVariantTest {
    private static final double[] X = {1, 2, 3};
    private static final double[] Y = {1, 2, 1};

    private static KlmeHarness run(Protocol<?> p, int lockoutBound, int rounds, Entry... calls) {
        KlmeHarness h = new KlmeHarness(p, X, Y, 1, lockoutBound, List.of(), new ScriptedWorkload(List.of(calls)),
                new Synchronous());
        h.engine.runUntil(rounds);
        return h;
    }

    private static Protocol<KlmeState> broken(Klme base, String label, Action.Operation<KlmeState> op) {
        return DerivedProtocol.withAction(base, label, a -> a.withOperation(op));
    }

    /** Lock without asking anybody: two requesters in CS with k = 1. */
    @Test
    void kExclusionFiresWhenRequestersEnterWithoutTheToken() {
        Entry[] calls = {new Entry(10, 1, Call.LOCK, 5), new Entry(10, 2, Call.LOCK, 5)};
        Klme k1 = new Klme(1, KlmeVariant.CORRECTED);
        Protocol<KlmeState> greedy = broken(k1, KlmeActions.B, (s, x) -> {
            s.state = KlmeState.Phase.W;
            s.rn++;
            x.lockRequested();
            KlmeLeader.enter(s, x);
        });
        KlmeHarness bad = run(greedy, 1000, 30, calls);
        assertEquals(List.of(1, 2), bad.violations(KExclusionCheck.NAME).get(0).nodes());
        KlmeHarness good = run(k1, 1000, 30, calls);
        assertTrue(good.sim.violations().isEmpty(), good.sim.violations().toString());
        assertEquals(2, good.sim.stats().locksAcquired());
    }

    /** Every node believes itself the lowest id: three tokens in A. */
    @Test
    void oneTokenFiresWhenEveryNodeGeneratesAToken() {
        Klme k2 = new Klme(2, KlmeVariant.CORRECTED);
        KlmeLeader leader = new KlmeLeader(2, KlmeVariant.CORRECTED);
        Protocol<KlmeState> everyoneLeads = broken(k2, KlmeActions.ELECT, (s, x) -> {
            s.elected = true;
            leader.generate(s, x);
        });
        KlmeHarness bad = run(everyoneLeads, 1000, 10);
        assertEquals(List.of(0, 1, 2), bad.violations(OneTokenCheck.NAME).get(0).nodes());
        KlmeHarness good = run(k2, 1000, 10);
        assertTrue(good.sim.violations().isEmpty());
        assertEquals("{A=[0], B=[0]}", good.tokens());                // 0 keeps empty B's token
    }

    /** A holder that resets Token_leader_no on receipt: the members have seen a higher number. */
    @Test
    void leaderNumberFiresWhenTheTokenForgetsItsNumber() {
        Entry[] calls = {new Entry(10, 1, Call.LOCK, 3)};
        Klme k1 = new Klme(1, KlmeVariant.CORRECTED);
        Action<KlmeState> h = k1.actions().stream().filter(a -> a.label().equals(KlmeActions.H)).findFirst().orElseThrow();
        Protocol<KlmeState> forgetful = broken(k1, KlmeActions.H, (s, x) -> {
            h.run(s, x);
            if (s.token != null) s.token.leaderNo = 1;
        });
        KlmeHarness bad = run(forgetful, 1000, 30, calls);
        assertFalse(bad.violations(LeaderNumberCheck.NAME).isEmpty(), bad.sim.violations().toString());
        KlmeHarness good = run(k1, 1000, 30, calls);
        assertTrue(good.sim.violations().isEmpty(), good.sim.violations().toString());
    }

    /**
     * A leader that ignores releases (k = 2): 1 holds the token in CS for long, 2 is granted and
     * leaves, 3 waits with one of two resources idle — l-deadlock after its bound of 20 rounds,
     * and lockout after 40.
     */
    @Test
    void lDeadlockAndLockoutFireWhenReleasesAreLost() {
        Entry[] calls = {new Entry(10, 0, Call.LOCK, 150), new Entry(12, 1, Call.LOCK, 3), new Entry(14, 2, Call.LOCK, 3)};
        Klme k2 = new Klme(2, KlmeVariant.CORRECTED, 20);
        Protocol<KlmeState> deaf = broken(k2, KlmeActions.G, (s, x) -> { });
        KlmeHarness bad = run(deaf, 40, 100, calls);
        var l = bad.violations(LDeadlockCheck.NAME);
        assertFalse(l.isEmpty(), bad.sim.violations().toString());
        assertEquals(List.of(2), l.get(0).nodes());
        assertEquals(List.of(2), bad.violations(LockoutCheck.NAME).get(0).nodes());
        KlmeHarness good = run(k2, 40, 100, calls);
        assertTrue(good.sim.violations().isEmpty(), good.sim.violations().toString());
        assertEquals(3, good.sim.stats().locksAcquired());
    }
}
