package dev.lockstep.figure.spacetime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.Session;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * A diagram kept across a fork or a branch switch (cut back to the events the two branches share,
 * then the new branch's later events added) is the diagram drawn afresh from the branch's whole
 * history: the same ticks, arrows (a message received after the fork point is in transit again),
 * marks, round starts and cursor.
 */
class SpaceTimeForkProperties {
    static final String[] SAMPLES = {"unit-disk-swarm-30", "grid-5x5-churn", "ricart-agrawala-complete-5",
        "majority-with-locks-moving-16", "ring-8"};

    @Property(tries = 15)
    void aDiagramKeptAcrossForksAndSwitchesIsTheDiagramDrawnAfresh(@ForAll @IntRange(min = 0, max = 4) int sample,
            @ForAll @IntRange(min = 1, max = 10_000) int seed, @ForAll @IntRange(min = 10, max = 50) int rounds,
            @ForAll @IntRange(min = 0, max = 1000) int where) throws Exception {
        Session s = Session.start(ScenarioLoader.load(Path.of("sample-runs", SAMPLES[sample] + ".json")), seed);
        SpaceTime kept = new SpaceTime();
        kept.setSimulation(s.simulation());
        s.runUntil(rounds);
        kept.update(s.history(), s.history().size());

        s.jumpToStep(s.furthestStep() * where / 1000);
        s.stepAction(3);
        int node = seed % s.simulation().nodeCount();
        s.call(node, Call.LOCK); // in the past: a fork
        s.runUntil(rounds + 10);
        assertEquals(2, s.branches().size());
        kept.update(s.history(), s.history().size());
        assertSameDiagram(SpaceTimeApplicationProperties.diagram(s), kept, "on the fork");

        s.switchTo(1);
        kept.update(s.history(), s.history().size() / 2);
        SpaceTime fresh = new SpaceTime();
        fresh.setSimulation(s.simulation());
        fresh.update(s.history(), s.history().size() / 2);
        assertSameDiagram(fresh, kept, "back on the first branch");
    }

    private static void assertSameDiagram(SpaceTime fresh, SpaceTime kept, String when) {
        assertEquals(describe(fresh), describe(kept), when);
        assertEquals(fresh.endX(), kept.endX(), when + ": the end");
        assertEquals(fresh.cursorX(), kept.cursorX(), when + ": the cursor");
        assertTrue(fresh.executions().size() > 0, "something drawn");
    }

    private static List<String> describe(SpaceTime d) {
        List<String> out = new ArrayList<>();
        for (Exec e : d.executions()) out.add("exec " + e.index() + " " + e.node() + " " + e.fill() + " " + e.x() + " " + e.event());
        for (Arrow a : d.arrows()) {
            out.add("arrow " + a.id() + " " + a.label() + " " + a.from() + "→" + a.to() + " " + a.x0() + " " + a.kind()
                    + (a.kind() == ArrowKind.IN_TRANSIT ? "" : " " + a.x1()));
        }
        for (Mark m : d.marks()) out.add("mark " + m);
        for (Mark m : d.applicationSteps()) out.add("step " + m);
        for (RoundStart r : d.rounds()) out.add("round " + r);
        return out;
    }
}
