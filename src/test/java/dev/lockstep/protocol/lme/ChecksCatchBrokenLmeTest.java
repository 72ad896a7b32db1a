package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.DerivedProtocol;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Violation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.ScriptedWorkload;
import dev.lockstep.core.adversary.Synchronous;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each LME check catches a deliberately broken LME (a one-action change), and stays silent on the
 * intact protocol under the same schedule. (acyclic-dependencies, lockout and deadlock catch the
 * printed algorithm's own flaws: see LmeFlawsTest.)
 */
class ChecksCatchBrokenLmeTest {

    /** Runs a line a–u–b where u locks in round 0 (and optionally a, too). */
    private static List<Violation> runLine(Protocol<LmeState> protocol, boolean bothLock) {
        LmeHarness h = new LmeHarness(protocol, 2, 10_000, "a", "u", "b");
        List<ScriptedWorkload.Entry> calls = bothLock
                ? List.of(new ScriptedWorkload.Entry(0, 1, Call.LOCK, 2), new ScriptedWorkload.Entry(0, 0, Call.LOCK, 2))
                : List.of(new ScriptedWorkload.Entry(0, 1, Call.LOCK, 2));
        Engine e = new Engine(h.sim, new ScenarioAdversary(new int[] {0, 1, 1, 2}, 0, List.of(), null,
                new ScriptedWorkload(calls), new Synchronous()));
        e.runUntil(200);
        return h.sim.violations();
    }

    @Test
    void persistentLockSetCatchesAParticipantThatNeverSetsItsLock() {
        // ReceiveSetLock acknowledges but only ever locks itself (a plausible slip: lock ← ℓ only for ℓ = 0).
        Protocol<LmeState> broken = DerivedProtocol.withAction(new Lme(), "ReceiveSetLock", a -> a.withOperation((s, x) -> {
            int l = x.receivedPort();
            if (l == 0) s.lock(0);
            s.C(s.C() & ~(1L << l));
            new Lme().cleanUp(s, x);
            x.send(l, new LmeMessages.AckLock());
        }));
        List<Violation> found = runLine(broken, false);
        assertEquals(List.of("persistent-lock-set"), found.stream().map(Violation::check).distinct().toList());
        Violation v = found.get(0);
        assertEquals(List.of(1), v.nodes(), "u's request");
        assertTrue(v.message().contains("lock set {u}"), v.message());
        assertTrue(v.message().contains("persistent neighbourhood is {a, u, b}"), v.message());

        assertEquals(List.of(), runLine(new Lme(), false), "control: the intact protocol");
    }

    @Test
    void transitBoundCatchesAnInitiatorThatAnnouncesTwice() {
        // InitLock sends prepare() twice on every port: four messages on a–u when both lock at once.
        Protocol<LmeState> broken = DerivedProtocol.withAction(new Lme(), "InitLock", a -> a.withOperation((s, x) -> {
            a.run(s, x);
            if (s.state() == LmeState.State.PREPARE) {
                for (long p = s.L(); p != 0; p &= p - 1) x.send(Long.numberOfTrailingZeros(p), new LmeMessages.Prepare());
            }
        }));
        List<Violation> found = runLine(broken, true);
        List<Violation> bound = found.stream().filter(v -> v.check().equals("transit-bound")).toList();
        assertTrue(!bound.isEmpty(), found.toString());
        assertEquals(0, bound.get(0).round());
        assertTrue(bound.stream().anyMatch(v -> v.nodes().equals(List.of(0, 1)) && v.message().startsWith("4 messages")),
                bound.toString());

        assertEquals(List.of(), runLine(new Lme(), true), "control: the intact protocol");
    }

    @Test
    void actionReplacementKeepsTheLabelAndRejectsUnknownOnes() {
        Protocol<LmeState> p = DerivedProtocol.withAction(new Lme(), "CheckDone", a -> a.withGuard(st -> false));
        assertEquals(new Lme().actions().size(), p.actions().size());
        assertEquals("CheckDone", p.actions().get(11).label());
        assertTrue(p.actions().get(11) != new Lme().actions().get(11));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> DerivedProtocol.withAction(new Lme(), "NoSuchAction", a -> a));
    }
}
