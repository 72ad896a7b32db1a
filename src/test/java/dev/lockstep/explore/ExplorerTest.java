package dev.lockstep.explore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;
import dev.lockstep.protocol.lme.LmeVariant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The explorer itself, on state spaces small enough to count by hand. */
class ExplorerTest {

    /**
     * One LME node alone (corrected variant, K = 2), one Lock call, Unlock allowed. By hand:
     * <pre>
     *  0 start                          1 lock call pending        2 InitLock: prepare() to itself
     *  3 ReceivePrepare: ready()        4 ReceiveReady: R = L      5a/5b CheckStart draws 0 / 1
     *  6a/6b ReceiveRequest (P differs) 7 CheckPriorities: win(true) (P = ∅, so 6a and 6b merge)
     *  8 ReceiveWin  9 CheckWin: set-lock()  10 ReceiveSetLock: ack-lock()  11 ReceiveAckLock
     * 12 CheckDone: LOCKED  13 unlock call pending  14 InitUnlock  15 ReceiveRelease
     * 16 ReceiveAckUnlock  17 CheckUnlocked: IDLE, no Lock call left
     * </pre>
     * 20 states, the last at depth 17. Transitions: one per move, including the no-op CleanUp the
     * corrected guard enables whenever the node is mid-operation (states 2-11 and 14-16), which
     * leads back to the same state: 1+1+2+2+3+2·2+2·2+2+2+2+2+2+1+1+2+2+2 = 35.
     */
    @Test
    void oneNodeOneLockCallHasTwentyStates() {
        Simulation start = LmeStarts.start(LmeVariant.CORRECTED, 2, 1, List.of("x"));
        ExplorationResult r = new Explorer(start, ExplorerSettings.defaults().withLockCalls(1)).run();
        System.out.println("one node, one lock call: " + r.summary());
        assertEquals(20, r.states());
        assertEquals(17, r.maxDepth());
        assertEquals(35, r.transitions());
        assertTrue(r.exhausted());
        assertTrue(r.clean(), r.summary());
        assertArrayEquals(new int[] {1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, r.levelSizes());
    }

    /** Without Unlock the node stops at LOCKED: states 0..12 of the count above (5 and 6 twice), 15 in all. */
    @Test
    void withoutUnlockTheSearchStopsAtLocked() {
        Simulation start = LmeStarts.start(LmeVariant.CORRECTED, 2, 1, List.of("x"));
        ExplorationResult r = new Explorer(start, ExplorerSettings.defaults().withUnlock(false)).run();
        assertEquals(15, r.states());
        assertEquals(12, r.maxDepth());
        assertTrue(r.exhausted());
    }

    /**
     * x–y: "x calls lock, y calls lock" and "y calls lock, x calls lock" reach one configuration.
     * Level 1 = {x called, y called} (two transitions from the start); level 2 = {both called,
     * x InitLock, y InitLock}: four more transitions, three new states — the search stops at the
     * sixth state, having merged one.
     */
    @Test
    void twoOrdersOfTheSameCallsAreOneState() {
        Simulation start = LmeStarts.pair(LmeVariant.CORRECTED, 2);
        ExplorationResult r = new Explorer(start, ExplorerSettings.defaults().withMaxStates(6)).run();
        assertArrayEquals(new int[] {1, 2, 3}, r.levelSizes());
        assertEquals(6, r.states());
        assertEquals(6, r.transitions());
        assertFalse(r.exhausted());
        assertEquals(1, r.completeDepth());

        Simulation a = start.copy();
        new AdversaryMove.CallMove(0, Call.LOCK).apply(a);
        a.endRound();
        new AdversaryMove.CallMove(1, Call.LOCK).apply(a);
        a.endRound();
        Simulation b = start.copy();
        new AdversaryMove.CallMove(1, Call.LOCK).apply(b);
        b.endRound();
        new AdversaryMove.CallMove(0, Call.LOCK).apply(b);
        b.endRound();
        assertEquals(a.configuration(), b.configuration());
    }

    /** Same start and settings: the same numbers, findings and paths, line by line. */
    @Test
    void explorationIsDeterministic() {
        ExplorerSettings s = ExplorerSettings.defaults().withMaxStates(3000);
        ExplorationResult r1 = new Explorer(LmeStarts.pair(LmeVariant.PAPER, 2), s).run();
        ExplorationResult r2 = new Explorer(LmeStarts.pair(LmeVariant.PAPER, 2), s).run();
        assertEquals(r1.states(), r2.states());
        assertEquals(r1.transitions(), r2.transitions());
        assertArrayEquals(r1.levelSizes(), r2.levelSizes());
        assertEquals(r1.findingCounts(), r2.findingCounts());
        assertEquals(r1.firstFindings().keySet(), r2.firstFindings().keySet());
        for (String check : r1.firstFindings().keySet()) {
            assertEquals(r1.first(check).path().toString(), r2.first(check).path().toString());
        }
    }

    /** Rebuilding frontier states by replay instead of keeping them changes nothing but memory. */
    @Test
    void rebuildingFrontierStatesGivesTheSameSearch() {
        ExplorerSettings s = ExplorerSettings.defaults().withLockCalls(2).withMaxStates(20_000);
        ExplorationResult kept = new Explorer(LmeStarts.pair(LmeVariant.PAPER, 2), s.withMaxFrontierSimulations(1_000_000)).run();
        ExplorationResult rebuilt = new Explorer(LmeStarts.pair(LmeVariant.PAPER, 2), s.withMaxFrontierSimulations(0)).run();
        assertEquals(kept.states(), rebuilt.states());
        assertEquals(kept.transitions(), rebuilt.transitions());
        assertArrayEquals(kept.levelSizes(), rebuilt.levelSizes());
        assertEquals(kept.findingCounts(), rebuilt.findingCounts());
        assertFalse(kept.findingCounts().isEmpty());
        for (String check : kept.firstFindings().keySet()) {
            assertEquals(kept.first(check).path().toString(), rebuilt.first(check).path().toString());
        }
    }

    /** A target predicate is reported like a finding, with a shortest path to it. */
    @Test
    void targetStatesAreFoundWithShortestPaths() {
        Simulation start = LmeStarts.start(LmeVariant.CORRECTED, 2, 1, List.of("x"));
        ExplorationResult r = new Explorer(start, ExplorerSettings.defaults()
                .withTarget("x locked", sim -> sim.status(0) == OperationStatus.LOCKED)).run();
        Finding f = r.first("x locked");
        assertEquals(12, f.length());
        ExplorationPath p = f.path();
        assertEquals(12, p.size());
        assertEquals("r0: x calls lock", p.steps().get(0).toString());
        assertEquals("r1: x InitLock", p.steps().get(1).toString());
        assertEquals("r4: x CheckStart draws [0]", p.steps().get(4).toString());
        assertEquals("r11: x CheckDone", p.steps().get(11).toString());
        assertEquals(OperationStatus.LOCKED, p.replay().status(0));
    }

    /** The schedule of a path in the scenario format, one move per round. */
    @Test
    void scheduleRendersCallsExecutionsAndTopologyChanges() {
        Simulation start = LmeStarts.pair(LmeVariant.PAPER, 2);
        ExplorationResult r = new Explorer(start, ExplorerSettings.defaults().withTopologyChanges(1, new int[] {0, 1})
                .withTarget("cut after prepare", sim -> !sim.graph().adjacent(0, 1) && sim.stats().actions() == 2)).run();
        ExplorationPath p = r.first("cut after prepare").path();
        assertEquals(List.of("r0: x calls lock", "r1: x InitLock", "r2: x ReceivePrepare receives prepare() via port 0",
                "r3: cut x–y"), p.steps().stream().map(PathStep::toString).toList());
        String expected = """
                {
                  "workload": [
                    {"round": 0, "node": "x", "call": "lock"}
                  ],
                  "dynamics": [
                    {"round": 3, "cut": ["x", "y"]}
                  ],
                  "scheduler": {"policy": "scripted", "steps": [
                    {"round": 1, "node": "x", "action": "InitLock"},
                    {"round": 2, "node": "x", "action": "ReceivePrepare", "port": 0, "message": "prepare()"}
                  ]}
                }""";
        assertEquals(expected, p.toSchedule());
    }

    /**
     * Shrinking agrees with breadth-first search on x–y with the printed LME (one Lock call per
     * node): a shrunk random walk is never shorter than the BFS shortest cycle, and the BFS
     * shortest cannot be shrunk.
     */
    @Test
    void shrinkingNeverBeatsBreadthFirstSearch() {
        ExplorerSettings s = ExplorerSettings.defaults();
        ExplorationResult r = new Explorer(LmeStarts.pair(LmeVariant.PAPER, 2), s).run();
        assertTrue(r.exhausted());
        Finding shortest = r.first("acyclic-dependencies");
        ExplorationPath bfs = shortest.path();
        assertEquals(bfs.size(), Counterexamples.shrink(bfs, s, "acyclic-dependencies").size());
        for (long seed = 1; seed <= 5; seed++) {
            ExplorationPath walk = Counterexamples.randomWalk(LmeStarts.pair(LmeVariant.PAPER, 2), s, "acyclic-dependencies",
                    seed, 2_000, 200);
            assertNotNull(walk, "seed " + seed);
            ExplorationPath shrunk = Counterexamples.shrink(walk, s, "acyclic-dependencies");
            assertTrue(shrunk.size() <= walk.size());
            assertTrue(shrunk.size() >= bfs.size(), shrunk.size() + " < " + bfs.size());
            assertTrue(reportedAtEnd(shrunk, "acyclic-dependencies"));
        }
    }

    private static boolean reportedAtEnd(ExplorationPath p, String check) {
        int last = p.steps().get(p.size() - 1).round();
        return p.replay().violations().stream().anyMatch(v -> v.round() == last && v.check().equals(check));
    }

    /** A scenario replays a path only from a round-0 start whose only history is its initial links. */
    @Test
    void toScenarioRefusesAStartWithHistory() {
        Simulation start = LmeStarts.pair(LmeVariant.CORRECTED, 2);
        start.call(0, Call.LOCK);
        start.endRound();
        ExplorationPath p = new Explorer(start, ExplorerSettings.defaults()
                .withTarget("any", sim -> true)).run().first("any").path();
        assertEquals(1, p.size());
        assertThrows(IllegalArgumentException.class, () -> p.toScenario("n", "lme", "{}", 0));
    }

    @Test
    void randomPortAssignmentIsRefusedWithTopologyChanges() {
        Simulation start = LmeStarts.start(LmeVariant.CORRECTED, 2, 1, List.of("x", "y"), true, new int[] {0, 1});
        assertThrows(IllegalArgumentException.class, () -> new Explorer(start,
                ExplorerSettings.defaults().withTopologyChanges(1, new int[] {0, 1})));
    }
}
