package dev.lockstep.core.adversary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.Choice;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A scripted schedule executes exactly its steps, chosen by action, port and message, then hands over. */
class ScriptedTest {
    private static Scripted.Step step(int round, int node, String action, int port, String message, int... draws) {
        return new Scripted.Step(round, node, action, port, message, draws.length == 0 ? null : draws,
                "$.scheduler.steps[" + round + "," + node + "]");
    }

    /** x (0) — y (1), x calls Lock in round 0. */
    private static Simulation pair() {
        return AdversaryTest.lme(2, 1, 5);
    }

    private static Engine engine(Simulation sim, Scripted policy) {
        return new Engine(sim, new ScenarioAdversary(new int[] {0, 1}, 0, List.of(), null,
                new ScriptedWorkload(List.of(new ScriptedWorkload.Entry(0, 0, Call.LOCK, -1))), policy));
    }

    private static List<String> log(Simulation sim) {
        List<String> out = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override public void executed(ExecutionRecord r) {
                out.add(r.round() + " " + sim.nodeName(r.node()) + " " + r.label()
                        + (r.received() == null ? "" : " " + r.received().message().label() + "@" + r.received().toPort()));
            }
        });
        return out;
    }

    /** The prepare/ready exchange of x's Lock, step by step. */
    private static List<Scripted.Step> preparation() {
        return List.of(
                step(0, 0, "InitLock", -1, null),
                step(1, 1, "ReceivePrepare", 1, "prepare"),
                step(1, 0, "ReceivePrepare", 0, null),
                step(2, 0, "ReceiveReady", 1, "ready"),
                step(3, 0, "ReceiveReady", -1, null));
    }

    @Test
    void executesExactlyTheScriptedStepsInTheirRounds_thenNothingWithoutAThen() {
        Simulation sim = pair();
        List<String> log = log(sim);
        engine(sim, new Scripted(preparation(), null)).runUntil(8);
        assertEquals(List.of("0 n0 InitLock", "1 n1 ReceivePrepare prepare()@1", "1 n0 ReceivePrepare prepare()@0",
                "2 n0 ReceiveReady ready()@1", "3 n0 ReceiveReady ready()@0"), log);
        assertTrue(!sim.choices(0).isEmpty(), "x could go on (CheckStart), but no step schedules it");
    }

    @Test
    void afterTheLastScriptedRoundThenSchedulesTheRest() {
        Simulation sim = pair();
        List<String> log = log(sim);
        engine(sim, new Scripted(preparation(), new Synchronous())).runUntil(5);
        assertEquals(6, log.size(), log.toString());
        assertEquals("4 n0 CheckStart", log.get(5));
    }

    @Test
    void fixedDrawsAreTheExecutionsDraws() {
        for (int draw : new int[] {0, 1}) {
            List<Scripted.Step> steps = new ArrayList<>(preparation());
            steps.add(step(4, 0, "CheckStart", -1, null, draw));
            Simulation sim = pair();
            List<int[]> draws = new ArrayList<>();
            sim.addListener(new SimulationListener() {
                @Override public void executed(ExecutionRecord r) {
                    if (r.label().equals("CheckStart")) draws.add(r.draws());
                }
            });
            engine(sim, new Scripted(steps, null)).runUntil(5);
            assertEquals(1, draws.size());
            assertEquals(List.of(draw), java.util.Arrays.stream(draws.get(0)).boxed().toList());
            assertTrue(sim.choices(1).stream().anyMatch(c -> c.message() != null
                    && c.message().message().label().equals("request-lock(" + draw + ")")), "y receives the drawn priority");
        }
    }

    @Test
    void drawsOutOfRangeAreAScheduleErrorNamingTheRound() {
        for (int[] draws : new int[][] {{1 << 30}, {-1}, {0, 0}}) {
            List<Scripted.Step> steps = new ArrayList<>(preparation());
            steps.add(step(4, 0, "CheckStart", -1, null, draws));
            Simulation sim = pair();
            Engine e = engine(sim, new Scripted(steps, null));
            e.runUntil(4);
            ScheduleException x = assertThrows(ScheduleException.class, e::stepRound);
            assertTrue(x.getMessage().startsWith("in round 4 draws "), x.getMessage());
            assertTrue(x.getMessage().contains("do not fit: CheckStart at n0 makes 1 random draw, in 0..7"), x.getMessage());
            assertEquals("$.scheduler.steps[4,0]", x.source());
        }
    }

    @Test
    void aStepWhosePortOrMessageDoesNotMatchIsRefusedListingWhatIsEnabled() {
        for (Scripted.Step wrong : List.of(step(1, 0, "ReceivePrepare", 1, null), step(1, 0, "ReceivePrepare", -1, "ready"),
                step(1, 0, "ReceiveReady", -1, null))) {
            Simulation sim = pair();
            Engine e = engine(sim, new Scripted(List.of(step(0, 0, "InitLock", -1, null), wrong), null));
            e.stepRound();
            ScheduleException x = assertThrows(ScheduleException.class, e::stepRound, wrong.toString());
            assertTrue(x.getMessage().contains("node n0 cannot execute " + wrong.action()), x.getMessage());
            assertTrue(x.getMessage().contains("; enabled: ReceivePrepare(prepare() via port 0)"), x.getMessage());
            assertEquals(wrong.source(), x.source());
        }
        Simulation sim = pair();
        Engine e = engine(sim, new Scripted(List.of(step(0, 1, "InitLock", -1, null)), null));
        ScheduleException x = assertThrows(ScheduleException.class, e::stepRound);
        assertEquals("in round 0 node n1 cannot execute InitLock; enabled: nothing", x.getMessage());
    }

    @Test
    void aNodeScheduledTwiceInOneRoundIsRefused() {
        Simulation sim = pair();
        Engine e = engine(sim, new Scripted(List.of(step(0, 0, "InitLock", -1, null), step(0, 0, "InitLock", -1, null)), null));
        ScheduleException x = assertThrows(ScheduleException.class, e::stepRound);
        assertTrue(x.getMessage().contains("scheduled twice in round 0"), x.getMessage());
    }

    @Test
    void keepsItsStepsAndSuccessor() {
        Synchronous then = new Synchronous();
        Scripted s = new Scripted(preparation(), then);
        assertEquals(preparation(), s.steps());
        assertEquals(then, s.then());
        assertEquals("scripted", s.name());
        for (SchedulerPolicy p : List.of(new Synchronous(), new Sequential(), new SemiSynchronous(0.5),
                new Asynchronous(0.5, 2), new Manual())) {
            assertTrue(!p.name().isEmpty());
        }
    }
}
