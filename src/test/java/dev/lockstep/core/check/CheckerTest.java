package dev.lockstep.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Check;
import dev.lockstep.core.Checker;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The checker reports a violation once per episode: news, not the same ongoing problem every round. */
class CheckerTest {
    /** A check that reports what the test tells it to, at executions and at the end of rounds. */
    static final class Scripted implements Check {
        final String name;
        final List<List<Integer>> atExecution = new ArrayList<>();
        final List<List<Integer>> atEnd = new ArrayList<>();
        int lastNode = -1;
        long lastPorts = -1;

        Scripted(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void afterExecution(SystemView view, int node, long sentPorts, List<Violation> out) {
            lastNode = node;
            lastPorts = sentPorts;
            for (List<Integer> nodes : atExecution) out.add(new Violation(name, view.round(), nodes, name + " " + nodes));
        }

        @Override
        public void endOfRound(SystemView view, List<Violation> out) {
            for (List<Integer> nodes : atEnd) out.add(new Violation(name, view.round(), nodes, name + " " + nodes));
        }
    }

    private final FakeView view = new FakeView(3, 2);
    private final Scripted x = new Scripted("x");
    private final Scripted y = new Scripted("y");
    private final Checker checker = new Checker(List.of(x, y));

    private static List<String> messages(List<Violation> vs) {
        return vs.stream().map(Violation::message).toList();
    }

    @Test
    void aViolationIsReportedInTheRoundItStarts_andNotWhileItLasts() {
        x.atEnd.add(List.of(0, 1));
        assertEquals(List.of("x [0, 1]"), messages(checker.endOfRound(view)));
        assertTrue(checker.endOfRound(view).isEmpty());
        assertTrue(checker.endOfRound(view).isEmpty());
        // it ends, and comes back: a new episode
        x.atEnd.clear();
        assertTrue(checker.endOfRound(view).isEmpty());
        x.atEnd.add(List.of(0, 1));
        assertEquals(List.of("x [0, 1]"), messages(checker.endOfRound(view)));
    }

    @Test
    void anEpisodeThatEndedIsNewsWhenItComesBack_executionsInBetweenOrNot() {
        x.atEnd.add(List.of(0));
        assertEquals(1, checker.endOfRound(view).size());
        x.atEnd.clear();
        assertTrue(checker.afterExecution(view, 1, 0).isEmpty());
        assertTrue(checker.endOfRound(view).isEmpty(), "the episode ends in this round");
        x.atEnd.add(List.of(0));
        assertEquals(1, checker.endOfRound(view).size(), "a new episode");
    }

    @Test
    void otherNodesOrAnotherCheckAreOtherViolations() {
        x.atEnd.add(List.of(0, 1));
        checker.endOfRound(view);
        x.atEnd.add(List.of(1, 2));
        y.atEnd.add(List.of(0, 1));
        assertEquals(List.of("x [1, 2]", "y [0, 1]"), messages(checker.endOfRound(view)));
    }

    @Test
    void theSameViolationTwiceInOneRoundIsReportedOnce() {
        x.atEnd.add(List.of(2));
        x.atEnd.add(List.of(2));
        assertEquals(1, checker.endOfRound(view).size());
        x.atEnd.clear();
        x.atExecution.add(List.of(0));
        assertEquals(1, checker.afterExecution(view, 0, 1).size());
        assertTrue(checker.afterExecution(view, 0, 1).isEmpty(), "already reported in this round");
        assertTrue(checker.endOfRound(view).isEmpty(), "nothing new at the end of the round");
        assertTrue(checker.afterExecution(view, 0, 1).isEmpty(), "ongoing since the previous round");
    }

    @Test
    void everyCheckSeesTheExecution() {
        x.atExecution.add(List.of(1));
        y.atExecution.add(List.of(1));
        assertEquals(List.of("x [1]", "y [1]"), messages(checker.afterExecution(view, 2, 0b101)));
        assertEquals(2, y.lastNode);
        assertEquals(0b101, y.lastPorts);
        assertTrue(checker.afterExecution(view, 1, 0).isEmpty());
    }

    @Test
    void aCopyRemembersWhatWasReported_andGoesOnAlone() {
        x.atEnd.add(List.of(0));
        checker.endOfRound(view);
        x.atExecution.add(List.of(1));
        checker.afterExecution(view, 1, 0);
        Checker copy = checker.copy();
        assertEquals(List.of(x, y), copy.checks());
        assertTrue(copy.afterExecution(view, 1, 0).isEmpty(), "reported in this round before the copy");
        assertTrue(copy.endOfRound(view).isEmpty(), "ongoing before the copy");
        // what the copy sees afterwards does not leak into the original, nor the other way round
        x.atExecution.clear();
        x.atEnd.clear();
        x.atEnd.add(List.of(2));
        assertEquals(1, copy.endOfRound(view).size());
        assertEquals(1, checker.endOfRound(view).size());
    }

    /** A check with memory: each run gets its own instance, which counts the executions and ends of round it saw. */
    static final class Remembering implements Check {
        final List<Remembering> made;
        int executions;
        int ends;

        Remembering(List<Remembering> made) {
            this.made = made;
        }

        @Override
        public String name() {
            return "remembering";
        }

        @Override
        public Check forRun() {
            Remembering r = new Remembering(made);
            made.add(r);
            return r;
        }

        @Override
        public void afterExecution(SystemView view, int node, long sentPorts, List<Violation> out) {
            executions++;
        }

        @Override
        public void endOfRound(SystemView view, List<Violation> out) {
            ends++;
        }
    }

    /**
     * A copy shares the checks without memory and gives each check with memory a fresh instance of
     * its own, which is the one told of the copy's executions (not the original's instance), as a
     * checker built afresh from the same checks would.
     */
    @Test
    void aCopyGivesChecksWithMemoryFreshInstances_andSharesTheOthers() {
        List<Remembering> made = new ArrayList<>();
        Remembering template = new Remembering(made);
        Checker original = new Checker(List.of(x, template));
        assertEquals(1, made.size(), "one instance for the original's run");
        x.atExecution.add(List.of(1));
        Checker copy = original.copy();
        assertEquals(2, made.size(), "a fresh instance for the copy");
        assertEquals(List.of(x, template), copy.checks());
        assertEquals(List.of("x [1]"), messages(copy.afterExecution(view, 1, 0)), "the shared check without memory runs in the copy");
        copy.endOfRound(view);
        assertEquals(1, made.get(1).executions);
        assertEquals(1, made.get(1).ends);
        assertEquals(0, made.get(0).executions, "the original's instance is not told of the copy's executions");
        assertEquals(0, made.get(0).ends);
        assertEquals(0, template.executions + template.ends, "the template never runs");
        original.afterExecution(view, 0, 0);
        Checker second = copy.copy();
        second.afterExecution(view, 2, 0);
        assertEquals(3, made.size());
        assertEquals(1, made.get(0).executions);
        assertEquals(1, made.get(1).executions, "a copy of a copy runs alone too");
        assertEquals(1, made.get(2).executions);
    }

    @Test
    void theChecksAreFixedAtConstruction() {
        List<Check> mine = new ArrayList<>(List.of(x));
        Checker c = new Checker(mine);
        mine.add(y);
        assertEquals(List.of(x), c.checks());
        assertThrows(UnsupportedOperationException.class, () -> c.checks().add(y));
    }
}
