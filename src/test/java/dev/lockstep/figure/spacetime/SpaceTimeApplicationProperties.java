package dev.lockstep.figure.spacetime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The space-time diagram shows a run's application steps (Sec. 6) as marks on the node's lane,
 * with the partner the step names: one mark per step of the history, in its round, in order.
 */
class SpaceTimeApplicationProperties {
    static final String[] SAMPLES = {"majority-with-locks-moving-16", "majority-pair-locks-moving-16",
        "majority-without-locks-moving-16", "approximate-majority-with-locks-moving-16"};

    static SpaceTime diagram(Session s) {
        SpaceTime d = new SpaceTime();
        d.setSimulation(s.simulation());
        d.update(s.history(), s.history().events().size());
        return d;
    }

    @Property(tries = 12)
    void everyApplicationStepIsAMarkOnItsNodesLaneInItsRound(@ForAll @IntRange(min = 0, max = 3) int sample,
            @ForAll @IntRange(min = 1, max = 10_000) int seed, @ForAll @IntRange(min = 1, max = 80) int rounds) throws Exception {
        Session s = Session.start(ScenarioLoader.load(Path.of("sample-runs", SAMPLES[sample] + ".json")), seed);
        s.runUntil(rounds);
        SpaceTime d = diagram(s);
        List<History.AppStep> steps = s.history().events().stream().filter(e -> e instanceof History.AppStep)
                .map(e -> (History.AppStep) e).toList();
        List<Mark> marks = d.applicationSteps();
        assertEquals(steps.size(), marks.size(), "one mark per step");
        assertEquals(marks, d.marks().stream().filter(m -> m.kind() == MarkKind.APPLICATION).toList(), "among the marks, in order");
        List<RoundStart> starts = d.rounds();
        double last = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < marks.size(); i++) {
            Mark m = marks.get(i);
            History.AppStep a = steps.get(i);
            assertEquals(a, m.event());
            assertEquals(a.node(), m.u(), "on the node's lane");
            assertEquals(a.partner() == a.node() ? -1 : a.partner(), m.v(), "with the partner it names");
            assertTrue(m.x() > last, "side by side, never on top of each other: " + m);
            last = m.x();
            // within its round: after the round's boundary, before the next one's
            RoundStart own = starts.stream().filter(r -> r.round() == a.round()).findFirst().orElseThrow();
            assertTrue(m.x() > own.x(), "after its round's start");
            starts.stream().filter(r -> r.round() > a.round()).findFirst().ifPresent(next -> assertTrue(m.x() < next.x(), "before the next round"));
            assertEquals(i, d.firstStepAtOrAfter(m.x()));
        }
        assertTrue(d.endX() >= last, "the axis covers every step");
    }

    @Test
    void withoutLocksTheStepsAloneMoveTimeOn() throws Exception {
        // no lock protocol activity at all: rounds of steps only, still drawn one after another
        Session s = Session.start(ScenarioLoader.load(Path.of("sample-runs/majority-without-locks-moving-16.json")));
        s.runUntil(20);
        SpaceTime d = diagram(s);
        assertEquals(0, d.executions().size());
        assertTrue(d.applicationSteps().size() > 20, "steps: " + d.applicationSteps().size());
        assertTrue(d.endX() >= d.applicationSteps().size() * SpaceTime.APP_STEP, "each step takes room: " + d.endX());
        assertTrue(d.applicationSteps().stream().anyMatch(m -> m.v() >= 0), "a step with a partner");
    }

    @Test
    void aRunWithoutAnApplicationHasNoSteps() throws Exception {
        Session s = Session.start(ScenarioLoader.load(Path.of("sample-runs/ring-8.json")));
        s.runUntil(30);
        SpaceTime d = diagram(s);
        assertTrue(d.executions().size() > 0);
        assertEquals(List.of(), d.applicationSteps());
    }
}
