package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.Choice;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.Variable;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.ScriptedWorkload;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.check.LockSets;
import java.util.List;
import org.junit.jupiter.api.Test;

class LmeTest {

    @Test
    void aLoneNodeLocksAndUnlocksItself() {
        LmeHarness h = new LmeHarness(LmeVariant.CORRECTED, 1, "u");
        h.sim.call(0, Call.LOCK);
        assertEquals(List.of("prepare()"), h.step("u", "InitLock").sent().stream().map(s -> s.message().label()).toList());
        assertEquals(OperationStatus.LOCKING, h.sim.status(0));
        h.endRound();
        h.step("u", "ReceivePrepare");
        h.endRound();
        h.step("u", "ReceiveReady");
        h.endRound();
        ExecutionRecord start = h.step("u", "CheckStart", -1, 6);
        assertEquals("request-lock(6)", start.sent().get(0).message().label());
        h.endRound();
        h.step("u", "ReceiveRequest");
        h.endRound();
        assertEquals("win(true)", h.step("u", "CheckPriorities").sent().get(0).message().label(), "alone: unique highest");
        h.endRound();
        h.step("u", "ReceiveWin");
        h.endRound();
        assertEquals("set-lock()", h.step("u", "CheckWin").sent().get(0).message().label());
        h.endRound();
        h.step("u", "ReceiveSetLock");
        assertEquals(0, h.state("u").lock(), "locked by itself: lock = 0");
        h.endRound();
        h.step("u", "ReceiveAckLock");
        h.endRound();
        h.step("u", "CheckDone");
        assertEquals(OperationStatus.LOCKED, h.sim.status(0));
        assertArrayEquals(new int[] {0}, LockSets.of(h.sim.protocol(), h.sim, 0));
        h.endRound();
        h.sim.call(0, Call.UNLOCK);
        h.step("u", "InitUnlock");
        h.endRound();
        h.step("u", "ReceiveRelease");
        assertEquals(LmeState.UNLOCKED, h.state("u").lock());
        h.endRound();
        h.step("u", "ReceiveAckUnlock");
        h.endRound();
        h.step("u", "CheckUnlocked");
        assertEquals(OperationStatus.IDLE, h.sim.status(0));
        assertEquals(LmeState.State.BOTTOM, h.state("u").state());
        assertEquals(List.of(), h.endRound());
        assertEquals(h.sim.actions().size() - 1, h.sim.stats().actions(), "every action once, except CleanUp");
        assertEquals(8, h.sim.stats().messagesSent(), "one message of each of the eight types");
    }

    @Test
    void anUncontestedLockOnAStarCostsSixMessagesPerClosedNeighbourAndTwoToUnlock() {
        // Centre c with 3 leaves: 4 participants, each exchanging prepare/ready, request-lock/win,
        // set-lock/ack-lock (one trial, no contention), then release-lock/ack-unlock.
        LmeHarness h = new LmeHarness(new Lme(), 3, 10_000, "c", "a", "b", "d");
        Engine e = new Engine(h.sim, new ScenarioAdversary(new int[] {0, 1, 0, 2, 0, 3}, 0, List.of(), null,
                new ScriptedWorkload(List.of(new ScriptedWorkload.Entry(0, 0, Call.LOCK, 1))), new Synchronous()));
        e.runUntil(80);
        assertEquals(1, h.sim.stats().locksAcquired());
        assertEquals(4 * 6 + 4 * 2, h.sim.stats().messagesSent());
        assertEquals(List.of(), h.sim.violations());
        assertEquals(OperationStatus.IDLE, h.sim.status(0));
    }

    @Test
    void stateIsInspectableAsNamedVariablesInTableOneOrder() {
        LmeHarness h = new LmeHarness(LmeVariant.CORRECTED, 3, "u", "v", "w");
        h.link("u", "v");
        h.link("u", "w");
        h.sim.call(0, Call.LOCK);
        h.step("u", "InitLock");
        List<Variable> vars = h.state("u").variables();
        assertEquals(List.of("lock", "state", "phase", "L", "R", "W", "H", "A", "C", "P", "Late"),
                vars.stream().map(Variable::name).toList());
        assertEquals("L = {0,1,2}", vars.get(3).toString());
        assertEquals("lock = ⊥", vars.get(0).toString());
        assertEquals("R = ∅", vars.get(4).toString());
        assertFalse(new LmeHarness(LmeVariant.PAPER, 1, "u").state("u").variables().stream()
                .anyMatch(v -> v.name().equals("Late")), "the printed algorithm has no Late");
    }

    @Test
    void theAdversaryCanSeeAndChooseEachRandomDraw() {
        LmeHarness h = new LmeHarness(new Lme(5, LmeVariant.CORRECTED), 1, 10_000, "u");
        h.sim.call(0, Call.LOCK);
        h.step("u", "InitLock");
        h.endRound();
        h.step("u", "ReceivePrepare");
        h.endRound();
        h.step("u", "ReceiveReady");
        h.endRound();
        Choice checkStart = h.sim.choices(0).stream()
                .filter(c -> h.sim.actions().get(c.action()).label().equals("CheckStart")).findFirst().orElseThrow();
        assertArrayEquals(new int[] {5}, h.sim.drawBounds(checkStart), "one draw from {0..K-1}");
        assertThrows(IllegalArgumentException.class, () -> h.sim.copy().execute(checkStart.withDraws(5)), "outside [0, K)");
        ExecutionRecord r = h.sim.execute(checkStart.withDraws(4));
        assertEquals("request-lock(4)", r.sent().get(0).message().label());
        assertArrayEquals(new int[] {4}, r.draws());
    }

    @Test
    void cleanUpWithNothingToCleanIsEnabledButNotEffective() {
        LmeHarness h = new LmeHarness(LmeVariant.CORRECTED, 1, "u", "v");
        h.link("u", "v");
        h.sim.call(0, Call.LOCK);
        h.step("u", "InitLock");
        h.endRound();
        h.step("v", "ReceivePrepare"); // v's phase is now prepare: CleanUp enabled at v
        h.endRound();
        Choice cleanUp = h.sim.choices(1).stream()
                .filter(c -> h.sim.actions().get(c.action()).label().equals("CleanUp")).findFirst().orElseThrow();
        assertFalse(h.sim.effective(cleanUp), "nothing to clean");
        int[] buf = new int[8];
        assertEquals(0, h.sim.enumerateEffective(1, buf), "the default adversary does not activate v for it");
        assertEquals(1, h.sim.enumerate(1, buf), "the literal adversary may");
        h.endRound();
        h.sim.cut(0, 1);
        assertTrue(h.sim.effective(cleanUp.withDraws()), "with a disconnection to process it is effective");
    }

    @Test
    void theCorrectedCleanUpGuardCoversEveryUnfinishedInitiatorState() {
        Lme paper = new Lme(8, LmeVariant.PAPER);
        Lme corrected = new Lme(8, LmeVariant.CORRECTED);
        var paperGuard = paper.actions().get(4);
        var correctedGuard = corrected.actions().get(4);
        assertEquals("CleanUp", paperGuard.label());
        for (LmeState.State st : LmeState.State.values()) {
            LmeState s = corrected.initialState(2);
            s.state(st);
            boolean unfinished = st != LmeState.State.BOTTOM && st != LmeState.State.LOCKED;
            assertEquals(unfinished, correctedGuard.guard(s, null), st.toString());
            assertEquals(st == LmeState.State.UNLOCK, paperGuard.guard(s, null), st.toString());
            s.phase(LmeState.Phase.PREPARE);
            assertTrue(correctedGuard.guard(s, null) && paperGuard.guard(s, null), "phase ≠ ⊥ enables both");
        }
    }

    @Test
    void parametersAreValidated() {
        assertThrows(IllegalArgumentException.class, () -> new Lme(1, LmeVariant.CORRECTED));
        assertEquals(8, new Lme().k());
        assertEquals(LmeVariant.CORRECTED, new Lme().variant());
        assertEquals(2, new Lme().sendsPerPort());
    }

    @Test
    void statesCompareByValue() {
        Lme lme = new Lme();
        LmeState a = lme.initialState(3);
        LmeState b = lme.initialState(3);
        a.P(PortSet.of(1));
        b.P(PortSet.of(1));
        a.priority(1, 3);
        b.priority(1, 3);
        b.priority(2, 7); // not in P: irrelevant
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        b.priority(1, 4);
        assertNotEquals(a, b);
        LmeState c = a.copy();
        c.priority(1, 5);
        assertEquals(3, a.priority(1), "copies are independent");
    }

    /** Runs a scripted workload on a fresh engine until {@code rounds}. */
    private static void lockOnce(LmeHarness h, int[] edges, int node, int rounds) {
        Engine e = new Engine(h.sim, new ScenarioAdversary(edges, 0, List.of(), null,
                new ScriptedWorkload(List.of(new ScriptedWorkload.Entry(0, node, Call.LOCK, -1))), new Synchronous()));
        e.runUntil(rounds);
    }

    @Test
    void aLockPointerIntoAnUnprocessedDisconnectionIsStale() {
        // u locks {u, v}; then u–v is cut and w is attached to v's port 1 before v acts.
        LmeHarness h = new LmeHarness(new Lme(), 1, 10_000, "u", "v", "w");
        lockOnce(h, new int[] {0, 1}, 0, 60);
        int u = 0, v = 1, w = 2;
        assertEquals(OperationStatus.LOCKED, h.sim.status(u));
        assertArrayEquals(new int[] {u, v}, LockSets.of(h.sim.protocol(), h.sim, u));
        assertEquals(1, h.state("v").lock(), "v is locked by its port 1 (u)");
        h.sim.cut(u, v);
        assertTrue(h.sim.link(v, w));
        assertEquals(1, h.sim.portTo(v, w), "w took v's port 1: lock(v) = ℓ_v(w) by the letter of the formula");
        assertArrayEquals(new int[0], LockSets.of(h.sim.protocol(), h.sim, w), "but the pointer is stale: v is not w's");
        assertArrayEquals(new int[] {u}, LockSets.of(h.sim.protocol(), h.sim, u), "nor u's any more");
        assertEquals(List.of(), h.sim.endRound(), "no check is confused by it");
        // Once v acts (w's prepare makes it), CleanUp processes D and the pointer is reset.
        h.sim.call(w, Call.LOCK);
        h.step("w", "InitLock");
        h.endRound();
        h.step("v", "ReceivePrepare", 1);
        assertEquals(LmeState.UNLOCKED, h.state("v").lock());
    }

    @Test
    void aTieForTheHighestPriorityMakesEveryCandidateLose() {
        LmeHarness h = new LmeHarness(LmeVariant.CORRECTED, 1, "x", "y");
        h.link("x", "y");
        h.sim.call(0, Call.LOCK);
        h.sim.call(1, Call.LOCK);
        h.bothPrepare(6, 6); // the same priority
        h.step("x", "ReceiveRequest", 0);
        h.endRound();
        h.step("x", "ReceiveRequest", 1);   // both candidates' priorities in P before deciding
        h.endRound();
        assertEquals(PortSet.of(0, 1), h.state("x").P());
        ExecutionRecord r = h.step("x", "CheckPriorities");
        assertEquals(List.of("win(false)", "win(false)"), r.sent().stream().map(s -> s.message().label()).toList());
        assertEquals(PortSet.of(0, 1), h.state("x").C(), "both stay candidates for the next trial");
        assertEquals(PortSet.EMPTY, h.state("x").P());
    }
}
