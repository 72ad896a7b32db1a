package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Violation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.check.LockSets;
import dev.lockstep.protocol.lme.LmeState.Phase;
import dev.lockstep.protocol.lme.LmeState.State;
import dev.lockstep.scenario.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The printed algorithm's liveness flaws, reproduced by the scripted schedules of README, caught
 * by the live checks, and absent from the corrected variant.
 */
class LmeFlawsTest {

    private static Simulation run(Scenario s) {
        Engine e = s.engine();
        e.runUntil(s.rounds());
        return e.simulation();
    }

    private static List<Violation> of(Simulation sim, String check) {
        return sim.violations().stream().filter(v -> v.check().equals(check)).toList();
    }

    @Test
    void flaw1_printedAlgorithmDeadlocksOnTwoNodes() throws Exception {
        Simulation sim = run(LmeHarness.sample("flaw-1-two-node-deadlock.json"));
        int x = sim.indexOf("x");
        int y = sim.indexOf("y");
        List<Violation> deadlock = of(sim, "deadlock");
        assertEquals(1, deadlock.size(), sim.violations().toString());
        assertEquals(9, deadlock.get(0).round(), "stuck right after the last scripted step");
        assertEquals(List.of(x, y), deadlock.get(0).nodes());
        List<Violation> cycle = of(sim, "acyclic-dependencies");
        assertEquals(1, cycle.size());
        assertEquals(9, cycle.get(0).round());
        // The shape of README's description, at both nodes: the participant holds the other
        // initiator's priority and waits for its own initiator's resend; the initiator holds its
        // own participant's win(true) and waits for the other participant.
        for (int u : new int[] {x, y}) {
            LmeState s = (LmeState) sim.state(u);
            assertEquals(State.COMPETE, s.state());
            assertEquals(Phase.COMPETE, s.phase());
            assertEquals(PortSet.of(0, 1), s.C());
            assertEquals(PortSet.of(1), s.P(), "only the other side's priority");
            assertEquals(PortSet.of(0), s.W(), "own participant's win only");
            assertEquals(PortSet.of(0), s.wTrue());
            assertEquals(OperationStatus.LOCKING, sim.status(u));
        }
        assertEquals(0, sim.totalInTransit());
        assertEquals(0, sim.stats().locksAcquired());
        assertEquals(2, of(sim, "lockout").size(), "both requests exceed the bound later");
    }

    @Test
    void flaw1_correctedVariantCompletesTheSameSchedule() throws Exception {
        Simulation sim = run(LmeHarness.sample("flaw-1-two-node-deadlock.json", "\"variant\": \"paper\"",
                "\"variant\": \"corrected\""));
        assertEquals(List.of(), sim.violations());
        assertEquals(2, sim.stats().locksAcquired());
        assertEquals(OperationStatus.IDLE, sim.status(0));
        assertEquals(OperationStatus.IDLE, sim.status(1));
    }

    /** README: "the mirror schedule, each participant deciding for the other side first". */
    @Test
    void flaw1_mirrorScheduleDeadlocksToo() {
        LmeHarness h = new LmeHarness(LmeVariant.PAPER, 1, "x", "y");
        h.link("x", "y");
        h.sim.call(0, Call.LOCK);
        h.sim.call(1, Call.LOCK);
        h.bothPrepare(5, 3);
        h.step("x", "ReceiveRequest", 1);   // the other side's request first
        h.step("y", "ReceiveRequest", 1);
        h.endRound();
        h.step("x", "CheckPriorities");     // decided for the other side alone: win(true) to it
        h.step("y", "CheckPriorities");
        h.endRound();
        h.step("x", "ReceiveRequest", 0);   // own request arrives: joins C and P
        h.step("y", "ReceiveRequest", 0);
        h.endRound();
        h.step("x", "ReceiveWin", 1);
        h.step("y", "ReceiveWin", 1);
        List<Violation> found = h.endRound();
        assertEquals(List.of("acyclic-dependencies", "deadlock"),
                found.stream().map(Violation::check).sorted().toList());
        assertEquals(PortSet.of(0), h.state("x").P(), "x's participant holds x's own priority");
        assertEquals(PortSet.of(1), h.state("x").W(), "x holds y's win");
    }

    @Test
    void flaw1_correctionAnswersTheLateRequestAtOnce() {
        LmeHarness h = new LmeHarness(LmeVariant.CORRECTED, 1, "x", "y");
        h.link("x", "y");
        h.sim.call(0, Call.LOCK);
        h.sim.call(1, Call.LOCK);
        h.bothPrepare(5, 3);
        h.step("x", "ReceiveRequest", 0);
        h.endRound();
        h.step("x", "CheckPriorities");
        assertEquals(PortSet.of(1), h.state("x").late(), "y is an applicant whose request missed the trial");
        h.endRound();
        var r = h.step("x", "ReceiveRequest", 1);
        assertEquals(1, r.sent().size());
        assertEquals("win(false)", r.sent().get(0).message().label());
        assertEquals(1, r.sent().get(0).port());
        assertEquals(PortSet.of(0, 1), h.state("x").C());
        assertEquals(PortSet.EMPTY, h.state("x").P(), "the late request does not enter P");
        assertEquals(PortSet.EMPTY, h.state("x").late());
    }

    @Test
    void flaw2_printedAlgorithmGetsStuckInWinAfterACut() throws Exception {
        Simulation sim = run(LmeHarness.sample("flaw-2-stuck-in-win.json"));
        int x = sim.indexOf("x");
        List<Violation> deadlock = of(sim, "deadlock");
        assertEquals(1, deadlock.size(), sim.violations().toString());
        assertEquals(12, deadlock.get(0).round(), "in the round of the cut");
        assertEquals(List.of(x), deadlock.get(0).nodes());
        LmeState s = (LmeState) sim.state(x);
        assertEquals(State.WIN, s.state());
        assertEquals(Phase.BOTTOM, s.phase(), "so the printed CleanUp guard is false");
        assertEquals(PortSet.of(0, 1), s.L());
        assertEquals(PortSet.of(0), s.R(), "y's ack-lock was lost with the edge");
        assertEquals(PortSet.of(1), sim.unprocessedDisconnections(x), "D is never processed");
        assertEquals(1, sim.stats().messagesLost());
        assertTrue(of(sim, "acyclic-dependencies").isEmpty(), "no cycle: a different kind of stuck");
    }

    @Test
    void flaw2_correctedGuardProcessesTheCutAndLocksX() throws Exception {
        Scenario scenario = LmeHarness.sample("flaw-2-stuck-in-win.json", "\"variant\": \"paper\"", "\"variant\": \"corrected\"");
        Engine e = scenario.engine();
        Simulation sim = e.simulation();
        int x = sim.indexOf("x");
        int[][] lockSetAtSuccess = new int[1][];
        sim.addListener(new dev.lockstep.core.SimulationListener() {
            @Override
            public void executed(dev.lockstep.core.ExecutionRecord r) {
                if (r.label().equals("CheckDone")) lockSetAtSuccess[0] = LockSets.of(sim.protocol(), sim, r.node());
            }
        });
        e.runUntil(scenario.rounds());
        assertEquals(List.of(), sim.violations());
        assertEquals(1, sim.stats().locksAcquired());
        assertEquals(List.of(x), java.util.Arrays.stream(lockSetAtSuccess[0]).boxed().toList(),
                "y was cut during the request: only x itself is locked");
        assertFalse(sim.status(x).pending());
    }

    @Test
    void flaw3_unscopedLateMarksDeadlockATriangle() throws Exception {
        Simulation sim = run(LmeHarness.sample("flaw-3-stale-late-mark.json"));
        int x = sim.indexOf("x");
        int y = sim.indexOf("y");
        int z = sim.indexOf("z");
        List<Violation> cycle = of(sim, "acyclic-dependencies");
        assertEquals(1, cycle.size(), sim.violations().toString());
        assertEquals(44, cycle.get(0).round(), "right after the last scripted step");
        assertEquals(List.of(x, y, z), cycle.get(0).nodes());
        List<Violation> deadlock = of(sim, "deadlock");
        assertEquals(1, deadlock.size());
        assertEquals(List.of(y, z), deadlock.get(0).nodes(), "x got its lock; y and z wait forever");
        assertEquals(1, sim.stats().locksAcquired());
        // The participants involved answered a first request-lock of the new competition from a
        // Late mark made in x's competition, while ordinary requests wait in P.
        LmeState sy = (LmeState) sim.state(y);
        LmeState sz = (LmeState) sim.state(z);
        assertTrue(sy.P() != 0 || sz.P() != 0, "an ordinary request waits in P");
    }

    @Test
    void flaw3_correctedVariantServesEveryRequestOnTheSamePrefix() throws Exception {
        // Under the corrected variant the schedule stops being possible at step 38 (the states
        // differ: no stale Late mark answered z). Run its first 38 steps, then let the
        // synchronous policy finish.
        String text = java.nio.file.Files.readString(java.nio.file.Path.of("sample-runs", "flaw-3-stale-late-mark.json"));
        StringBuilder kept = new StringBuilder();
        int steps = 0;
        for (String line : text.split("\n", -1)) {
            boolean step = line.trim().startsWith("{\"round\"") && line.contains("\"action\"");
            if (step && ++steps > 38) continue;
            kept.append(line).append('\n');
        }
        String edited = kept.toString().replace("\"variant\": \"corrected-unscoped\"", "\"variant\": \"corrected\"")
                .replaceAll(",\\s*\\n(\\s*\\])", "\n$1");
        Scenario scenario = dev.lockstep.scenario.ScenarioLoader.parse(edited, "flaw-3 (corrected)");
        Simulation sim = run(scenario);
        assertEquals(List.of(), sim.violations());
        assertEquals(3, sim.stats().lockRequests());
        assertEquals(3, sim.stats().locksAcquired());
    }

    // ---------------------------------------------------------------- flaw 4

    @Test
    void flaw4_aLockCallThatDoesNotApplyDropsTheCut() throws Exception {
        Simulation sim = run(LmeHarness.sample("flaw-4-lock-call-drops-cut.json"));
        assertFlaw4(sim);
    }

    /** The correction as first proposed is kept as proposed: it has flaw 4 too (README). */
    @Test
    void flaw4_correctedUnscopedDeadlocksTheSameWay() throws Exception {
        assertFlaw4(run(LmeHarness.sample("flaw-4-lock-call-drops-cut.json", "\"variant\": \"paper\"",
                "\"variant\": \"corrected-unscoped\"")));
    }

    /** README's flaw 4 at the end of round 3: x waits for ready() over the cut port, and D is gone. */
    private static void assertFlaw4(Simulation sim) {
        int x = sim.indexOf("x");
        List<Violation> deadlock = of(sim, "deadlock");
        assertEquals(1, deadlock.size(), sim.violations().toString());
        assertEquals(3, deadlock.get(0).round(), "stuck right after the last scripted step");
        assertEquals(List.of(x), deadlock.get(0).nodes());
        LmeState s = (LmeState) sim.state(x);
        assertEquals(State.PREPARE, s.state());
        assertEquals(PortSet.of(0, 1), s.L(), "port 1 was never removed from L");
        assertEquals(PortSet.of(0), s.R());
        assertEquals(-1, sim.peer(x, 1), "port 1 is cut");
        assertEquals(PortSet.EMPTY, sim.unprocessedDisconnections(x), "the second InitLock consumed D = {1}");
        assertEquals(1, sim.stats().lockRequests(), "the second call did not apply");
        assertEquals(0, sim.stats().locksAcquired());
        assertTrue(of(sim, "acyclic-dependencies").isEmpty(), "no cycle: x waits for a port that is gone");
    }

    @Test
    void flaw4_correctedProcessesTheCutAtTheCallThatDoesNotApply() throws Exception {
        Scenario scenario = LmeHarness.sample("flaw-4-lock-call-drops-cut.json", "\"variant\": \"paper\"",
                "\"variant\": \"corrected\"");
        Engine e = scenario.engine();
        Simulation sim = e.simulation();
        int x = sim.indexOf("x");
        e.runUntil(2);
        LmeState s = (LmeState) sim.state(x);
        assertEquals(State.PREPARE, s.state(), "the second call did not apply ...");
        assertEquals(PortSet.of(0), s.L(), "... but its CleanUp() removed the cut port from L");
        assertEquals(PortSet.EMPTY, sim.unprocessedDisconnections(x));
        int[] doneRound = {-1};
        int[][] lockSet = new int[1][];
        sim.addListener(new dev.lockstep.core.SimulationListener() {
            @Override
            public void executed(dev.lockstep.core.ExecutionRecord r) {
                if (!r.label().equals("CheckDone")) return;
                doneRound[0] = r.round();
                lockSet[0] = LockSets.of(sim.protocol(), sim, r.node());
            }
        });
        e.runUntil(scenario.rounds());
        assertEquals(List.of(), sim.violations());
        assertEquals(1, sim.stats().lockRequests());
        assertEquals(1, sim.stats().locksAcquired());
        assertEquals(11, doneRound[0], "the gallery: x locks {x} in round 11");
        assertEquals(List.of(x), java.util.Arrays.stream(lockSet[0]).boxed().toList());
        assertFalse(sim.status(x).pending());
    }

    /** Flaw 4 through Unlock: an Unlock call at a node that is locking (not locked) drops D the same way. */
    private static final String UNLOCK_WHILE_LOCKING = """
            {
              "format": "lockstep-scenario/1",
              "protocol": "lme",
              "params": {"K": 8, "variant": "VARIANT"},
              "delta": 1, "seed": 1, "rounds": 60,
              "nodes": [{"id": "x", "x": 0, "y": 0}, {"id": "y", "x": 4, "y": 0}],
              "edges": [["x", "y"]],
              "workload": [{"round": 0, "node": "x", "call": "lock", "hold": 2}, {"round": 1, "node": "x", "call": "unlock"}],
              "dynamics": [{"round": 1, "cut": ["x", "y"]}],
              "scheduler": {"policy": "scripted", "steps": [
                {"round": 0, "node": "x", "action": "InitLock"},
                {"round": 1, "node": "x", "action": "InitUnlock"},
                {"round": 2, "node": "x", "action": "ReceivePrepare", "port": 0},
                {"round": 3, "node": "x", "action": "ReceiveReady", "port": 0}
              ], "then": {"policy": "synchronous"}},
              "checks": {"lockoutBound": 50}
            }
            """;

    /**
     * Flaw 4 through Unlock at an idle node: y holds {x, y}; the edge is cut and x, idle, gets an
     * Unlock call before it processed the cut. Without the fix x keeps lock = 1, a pointer into a
     * port that is gone, so its participant answers win(false) to x's own later request forever.
     */
    private static final String UNLOCK_WHILE_IDLE = """
            {
              "format": "lockstep-scenario/1",
              "protocol": "lme",
              "params": {"K": 8, "variant": "VARIANT"},
              "delta": 1, "seed": 1, "rounds": 100,
              "nodes": [{"id": "x", "x": 0, "y": 0}, {"id": "y", "x": 4, "y": 0}],
              "edges": [["x", "y"]],
              "workload": [{"round": 0, "node": "y", "call": "lock", "hold": 3}, {"round": 14, "node": "x", "call": "unlock"},
                           {"round": 15, "node": "x", "call": "lock", "hold": 2}],
              "dynamics": [{"round": 14, "cut": ["x", "y"]}],
              "scheduler": {"policy": "scripted", "steps": [
                {"round": 0, "node": "y", "action": "InitLock"},
                {"round": 1, "node": "x", "action": "ReceivePrepare", "port": 1},
                {"round": 1, "node": "y", "action": "ReceivePrepare", "port": 0},
                {"round": 2, "node": "y", "action": "ReceiveReady", "port": 0},
                {"round": 3, "node": "y", "action": "ReceiveReady", "port": 1},
                {"round": 4, "node": "y", "action": "CheckStart", "draws": [3]},
                {"round": 5, "node": "x", "action": "ReceiveRequest", "port": 1},
                {"round": 5, "node": "y", "action": "ReceiveRequest", "port": 0},
                {"round": 6, "node": "x", "action": "CheckPriorities"},
                {"round": 6, "node": "y", "action": "CheckPriorities"},
                {"round": 7, "node": "y", "action": "ReceiveWin", "port": 0},
                {"round": 8, "node": "y", "action": "ReceiveWin", "port": 1},
                {"round": 9, "node": "y", "action": "CheckWin"},
                {"round": 10, "node": "x", "action": "ReceiveSetLock", "port": 1},
                {"round": 10, "node": "y", "action": "ReceiveSetLock", "port": 0},
                {"round": 11, "node": "y", "action": "ReceiveAckLock", "port": 0},
                {"round": 12, "node": "y", "action": "ReceiveAckLock", "port": 1},
                {"round": 13, "node": "y", "action": "CheckDone"},
                {"round": 14, "node": "x", "action": "InitUnlock"}
              ], "then": {"policy": "synchronous"}},
              "checks": {"lockoutBound": 50}
            }
            """;

    private static Simulation runText(String template, LmeVariant v) throws Exception {
        return run(dev.lockstep.scenario.ScenarioLoader.parse(template.replace("VARIANT", v.json()), "flaw-4-unlock.json"));
    }

    @Test
    void flaw4_anUnlockCallAtALockingNodeDropsTheCutToo() throws Exception {
        for (LmeVariant v : List.of(LmeVariant.PAPER, LmeVariant.CORRECTED_UNSCOPED)) {
            Simulation sim = runText(UNLOCK_WHILE_LOCKING, v);
            List<Violation> deadlock = of(sim, "deadlock");
            assertEquals(1, deadlock.size(), v + ": " + sim.violations());
            assertEquals(3, deadlock.get(0).round(), v.json());
            LmeState s = (LmeState) sim.state(0);
            assertEquals(PortSet.of(0, 1), s.L(), v.json());
            assertEquals(PortSet.EMPTY, sim.unprocessedDisconnections(0), v.json());
        }
        Simulation fixed = runText(UNLOCK_WHILE_LOCKING, LmeVariant.CORRECTED);
        assertEquals(List.of(), fixed.violations());
        assertEquals(1, fixed.stats().locksAcquired());
    }

    @Test
    void flaw4_anUnlockCallAtAnIdleNodeLeavesAStaleLockPointer() throws Exception {
        Simulation sim = runText(UNLOCK_WHILE_IDLE, LmeVariant.CORRECTED_UNSCOPED);
        int x = sim.indexOf("x");
        assertEquals(List.of("lockout"), sim.violations().stream().map(Violation::check).toList(),
                "x retries forever, losing every trial at its own participant");
        assertEquals(x, sim.violations().get(0).nodes().get(0));
        LmeState s = (LmeState) sim.state(x);
        assertEquals(1, s.lock(), "still locked by the port y was on");
        assertEquals(-1, sim.peer(x, 1));
        assertEquals(2, sim.stats().lockRequests());
        assertEquals(1, sim.stats().locksAcquired(), "y's only");

        Simulation fixed = runText(UNLOCK_WHILE_IDLE, LmeVariant.CORRECTED);
        assertEquals(List.of(), fixed.violations());
        assertEquals(2, fixed.stats().locksAcquired());
        assertEquals(LmeState.UNLOCKED, ((LmeState) fixed.state(x)).lock());
    }

    /**
     * Flaw 4 breaks safety too (found by the explorer with stray calls and two topology changes,
     * shrunk by hand): x locks y; the x–y edge is cut and re-linked on the same ports, and in
     * between idle y executes an Unlock call made long before (round 1), which drops y's D. y's
     * lock pointer now names the new x–y connection, so x's request, issued before the cut,
     * succeeds with y in its lock set: `persistent-lock-set` fires in round 21.
     */
    private static final String STALE_POINTER_AFTER_RELINK = """
            {
              "format": "lockstep-scenario/1",
                "protocol": "lme",
              "params": {"K": 2, "variant": "VARIANT"},
              "delta": 1, "seed": 1, "rounds": 40,
              "nodes": [{"id": "x", "x": 0, "y": 0}, {"id": "y", "x": 4, "y": 0}],
              "edges": [["x", "y"]],
              "workload": [{"round": 0, "node": "x", "call": "lock"}, {"round": 1, "node": "y", "call": "unlock"}],
              "dynamics": [{"round": 17, "cut": ["x", "y"]}, {"round": 20, "link": ["x", "y"]}],
              "scheduler": {"policy": "scripted", "steps": [
                {"round": 2, "node": "x", "action": "InitLock"},
                {"round": 3, "node": "x", "action": "ReceivePrepare", "port": 0},
                {"round": 4, "node": "x", "action": "ReceiveReady", "port": 0},
                {"round": 5, "node": "y", "action": "ReceivePrepare", "port": 1},
                {"round": 6, "node": "x", "action": "ReceiveReady", "port": 1},
                {"round": 7, "node": "x", "action": "CheckStart", "draws": [0]},
                {"round": 8, "node": "x", "action": "ReceiveRequest", "port": 0},
                {"round": 9, "node": "x", "action": "CheckPriorities"},
                {"round": 10, "node": "x", "action": "ReceiveWin", "port": 0},
                {"round": 11, "node": "y", "action": "ReceiveRequest", "port": 1},
                {"round": 12, "node": "y", "action": "CheckPriorities"},
                {"round": 13, "node": "x", "action": "ReceiveWin", "port": 1},
                {"round": 14, "node": "x", "action": "CheckWin"},
                {"round": 15, "node": "x", "action": "ReceiveSetLock", "port": 0},
                {"round": 16, "node": "y", "action": "ReceiveSetLock", "port": 1},
                {"round": 18, "node": "x", "action": "ReceiveAckLock", "port": 0},
                {"round": 19, "node": "y", "action": "InitUnlock"},
                {"round": 21, "node": "x", "action": "CheckDone"}
              ], "then": {"policy": "synchronous"}},
              "checks": {"lockoutBound": 30}
            }
            """;

    @Test
    void flaw4_anUnlockCallAtAnIdleNodeBetweenACutAndARelinkBreaksThePersistentLockSet() throws Exception {
        for (LmeVariant v : List.of(LmeVariant.PAPER, LmeVariant.CORRECTED_UNSCOPED)) {
            Simulation sim = runText(STALE_POINTER_AFTER_RELINK, v);
            assertEquals(List.of("persistent-lock-set"), sim.violations().stream().map(Violation::check).toList(), v.json());
            assertEquals(21, sim.violations().get(0).round(), v.json());
            assertEquals(1, ((LmeState) sim.state(sim.indexOf("y"))).lock(), v.json() + ": y's pointer survived the cut");
        }
        Simulation fixed = runText(STALE_POINTER_AFTER_RELINK, LmeVariant.CORRECTED);
        assertEquals(List.of(), fixed.violations());
        assertEquals(1, fixed.stats().locksAcquired());
        assertEquals(LmeState.UNLOCKED, ((LmeState) fixed.state(fixed.indexOf("y"))).lock());
    }
}
