package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.check.Violation;
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
            assertEquals(State.COMPETE, s.state);
            assertEquals(Phase.COMPETE, s.phase);
            assertEquals(PortSet.of(0, 1), s.C);
            assertEquals(PortSet.of(1), s.P, "only the other side's priority");
            assertEquals(PortSet.of(0), s.W, "own participant's win only");
            assertEquals(PortSet.of(0), s.wTrue);
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
        assertEquals(PortSet.of(0), h.state("x").P, "x's participant holds x's own priority");
        assertEquals(PortSet.of(1), h.state("x").W, "x holds y's win");
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
        assertEquals(PortSet.of(1), h.state("x").late, "y is an applicant whose request missed the trial");
        h.endRound();
        var r = h.step("x", "ReceiveRequest", 1);
        assertEquals(1, r.sent().size());
        assertEquals("win(false)", r.sent().get(0).message().label());
        assertEquals(1, r.sent().get(0).port());
        assertEquals(PortSet.of(0, 1), h.state("x").C);
        assertEquals(PortSet.EMPTY, h.state("x").P, "the late request does not enter P");
        assertEquals(PortSet.EMPTY, h.state("x").late);
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
        assertEquals(State.WIN, s.state);
        assertEquals(Phase.BOTTOM, s.phase, "so the printed CleanUp guard is false");
        assertEquals(PortSet.of(0, 1), s.L);
        assertEquals(PortSet.of(0), s.R, "y's ack-lock was lost with the edge");
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
        assertTrue(sy.P != 0 || sz.P != 0, "an ordinary request waits in P");
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
}
