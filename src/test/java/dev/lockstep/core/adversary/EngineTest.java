package dev.lockstep.core.adversary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.Simulation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The engine's round protocol: begin once, execute the plan in order, replan only before executions. */
class EngineTest {
    /** Every node calls Lock in round 0; counts how often it is asked to begin a round and to plan. */
    static final class Counting implements Adversary {
        int begun;
        int planned;

        @Override public void beginRound(Simulation sim) {
            begun++;
            if (sim.round() == 0) for (int u = 0; u < sim.nodeCount(); u++) sim.call(u, Call.LOCK);
        }

        @Override public List<Planned> plan(Simulation sim) {
            planned++;
            return new Synchronous().plan(sim);
        }
    }

    @Test
    void theBegunRoundExecutesItsPlanOneByOneThenEnds() {
        Simulation sim = AdversaryTest.lme(3, 2, 1);
        Counting adv = new Counting();
        Engine e = new Engine(sim, adv);
        assertSame(sim, e.simulation());
        assertSame(adv, e.adversary());
        assertThrows(IllegalStateException.class, e::executeNext, "not begun");
        assertThrows(IllegalStateException.class, e::replan, "not begun");
        assertFalse(e.midRound());
        assertFalse(e.hasNext());

        e.beginRound();
        e.beginRound();
        assertEquals(1, adv.begun, "a begun round is not begun again");
        assertTrue(e.midRound());
        for (int i = 1; i <= 3; i++) {
            assertTrue(e.hasNext());
            assertTrue(e.executeNext());
            assertEquals(i, sim.executionsThisRound());
        }
        assertFalse(e.hasNext());
        assertFalse(e.executeNext());
        assertEquals(0, sim.round());
        e.finishRound();
        assertEquals(1, sim.round());
        assertFalse(e.midRound());
        assertEquals(1, adv.begun);
    }

    @Test
    void finishRoundWithoutBeginBeginsItAndExecutesNothing() {
        Simulation sim = AdversaryTest.lme(2, 1, 1);
        Counting adv = new Counting();
        Engine e = new Engine(sim, adv);
        e.finishRound();
        assertEquals(1, adv.begun);
        assertEquals(1, sim.round());
        assertEquals(0, sim.stats().actions());
        assertEquals(List.of(Call.LOCK), sim.pendingCalls(0), "the calls were made, nothing executed");
    }

    @Test
    void replanAsksAgainOnlyBeforeTheFirstExecution_andDropRestEndsThePlan() {
        Simulation sim = AdversaryTest.lme(3, 2, 1);
        Counting adv = new Counting();
        Engine e = new Engine(sim, adv);
        e.beginRound();
        e.replan();
        assertEquals(2, adv.planned);
        assertTrue(e.executeNext());
        assertThrows(IllegalStateException.class, e::replan);
        e.dropRest();
        assertFalse(e.hasNext());
        assertFalse(e.executeNext());
        assertTrue(e.midRound());
        e.finishRound();
        assertEquals(1, sim.stats().actions());

        e.beginRound();
        e.reset();
        assertFalse(e.midRound());
        e.dropRest(); // nothing begun: nothing to drop
        assertFalse(e.hasNext());
    }

    @Test
    void replanIsRefusedAfterAnExecutionMadeOutsideThePlan() {
        Simulation sim = AdversaryTest.lme(2, 1, 1);
        Engine e = new Engine(sim, new Counting());
        e.beginRound();
        sim.execute(sim.choices(0).get(0));
        assertThrows(IllegalStateException.class, e::replan);
    }

    @Test
    void stepActionGivesUpAfterMaxRoundsWithoutAnExecution() {
        Simulation sim = AdversaryTest.lme(2, 1, 1);
        Engine idle = new Engine(sim, new ScenarioAdversary(new int[0], 0, List.of(), null, null, new Manual()));
        assertFalse(idle.stepAction(3));
        assertEquals(3, sim.round(), "exactly maxRounds rounds ended");

        Simulation busy = AdversaryTest.lme(2, 1, 1);
        Engine e = new Engine(busy, new Counting());
        assertTrue(e.stepAction(1));
        assertEquals(1, busy.stats().actions());
        assertTrue(e.midRound());
    }

    @Test
    void runUntilReportsEveryRound() {
        Simulation sim = AdversaryTest.lme(2, 1, 1);
        List<String> seen = new ArrayList<>();
        new Engine(sim, new Counting()).runUntil(3, (done, total) -> seen.add(done + "/" + total));
        assertEquals(List.of("1/3", "2/3", "3/3"), seen);
    }
}
