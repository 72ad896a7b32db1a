package dev.lockstep.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.bench.jmh.CoreHotPathBenchmark;
import dev.lockstep.bench.jmh.LmeStepBenchmark;
import dev.lockstep.bench.jmh.MoveBenchmark;
import dev.lockstep.bench.jmh.ScenarioLoadBenchmark;
import dev.lockstep.bench.jmh.TraceLineBenchmark;
import dev.lockstep.core.SimulationListener;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each JMH benchmark's set-up and body, called once without JMH: a broken benchmark fails the build, not a night's run. */
class JmhBenchmarksTest {
    @Test
    void lmeStepsExecuteActionsAndRounds() {
        LmeStepBenchmark b = new LmeStepBenchmark();
        b.nodes = 30;
        b.setUp();
        assertTrue(b.actionExecution());
        assertEquals(2, b.round(), "round 0 in the set-up, then the rest of round 1");
    }

    @Test
    void movesGoThroughTheUnitDisk() {
        MoveBenchmark b = new MoveBenchmark();
        b.nodes = 200;
        b.setUp();
        List<Integer> moved = new ArrayList<>();
        b.simulation().addListener(new SimulationListener() {
            @Override public void moved(int round, int u, double x, double y) {
                moved.add(u);
            }
        });
        for (int i = 0; i < 300; i++) b.move();
        assertEquals(300, moved.size());
        RandomWalkTest.assertUnitDisk(b.simulation());
    }

    @Test
    void corePartsPlanAndCheck() {
        CoreHotPathBenchmark b = new CoreHotPathBenchmark();
        CoreHotPathBenchmark.AfterRound after = new CoreHotPathBenchmark.AfterRound();
        after.nodes = 200;
        after.setUp();
        after.oneRound();
        assertTrue(b.planAfterRound(after).size() > 0, "a round of the workload leaves work to plan");
        assertEquals(b.planAfterRound(after).size(), b.planUnchanged(after).size(), "the same nodes when nothing changed");
        for (String name : new String[] {"mutual-exclusion", "persistent-lock-set", "acyclic-dependencies", "lockout", "deadlock"}) {
            CoreHotPathBenchmark.OneCheck c = new CoreHotPathBenchmark.OneCheck();
            c.nodes = 50;
            c.check = name;
            c.setUp();
            assertTrue(b.endOfRoundCheck(c).isEmpty(), name + " finds nothing wrong with LME");
        }
    }

    @Test
    void scenarioLoads() throws Exception {
        ScenarioLoadBenchmark b = new ScenarioLoadBenchmark();
        b.nodes = 10;
        b.setUp();
        assertEquals(10, b.load().nodes().size());
    }

    @Test
    void traceLinesAreWritten() throws Exception {
        TraceLineBenchmark b = new TraceLineBenchmark();
        b.setUp();
        int before = b.actionLine();
        assertTrue(b.actionLine() > before, "a second line after the first");
    }
}
