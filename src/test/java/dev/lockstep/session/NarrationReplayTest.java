package dev.lockstep.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.adversary.Manual;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The history a session records while the person travels (narration included: it is computed from
 * each node's state before its execution) is the history a fresh load of the saved session records
 * on its way to the same position.
 */
class NarrationReplayTest {

    /**
     * Found by the monkey test: a jump (here to where the run already is) while an asynchronous
     * execution due at the round's end is under way took the node's state with that execution
     * already applied as "before", so its narration said a cut port "was in no set".
     */
    @Test
    void travellingDuringAnExecutionUnderWayKeepsItsNarration() throws Exception {
        Session s = Session.start(TimeTravelProperties.sample("unit-disk-swarm-30.json"), 0);
        assertTrue(s.policy() instanceof dev.lockstep.core.adversary.Asynchronous);
        int underWay = 0;
        for (int i = 0; i < 60; i++) {
            s.stepAction(5);
            if (s.simulation().executionsInFlight() > 0) underWay++;
            s.jumpTo(s.position());
        }
        assertTrue(underWay > 10, "jumps while executions are under way: " + underWay);
        Session again = Session.parse(s.toJson(), "again");
        again.jumpTo(s.position());
        assertEquals(describe(again.history().events()), describe(s.history().events()));
    }

    /**
     * A fork right after an execution keeps what happened up to there only: the old future's round
     * end (an asynchronous execution taking effect, stamped with the same step) is not part of it.
     */
    @Test
    void aForkRightAfterAnExecutionDropsTheOldRoundEnd() throws Exception {
        Session s = Session.start(TimeTravelProperties.sample("unit-disk-swarm-30.json"), 0);
        s.runUntil(3);
        do {
            s.stepAction(5);
        } while (s.simulation().executionsInFlight() == 0 || s.position().done() < 1);
        Session.Position here = s.position();
        s.policy(new Manual()); // the round ends here: the executions under way take effect, stamped with this step
        s.stepRound();
        s.stepRound();
        s.jumpTo(here);
        s.call(0, Call.LOCK); // another future from here
        assertEquals(2, s.branches().size());
        s.stepRound();
        Session again = Session.parse(s.toJson(), "again");
        again.jumpTo(s.position());
        assertEquals(describe(again.history().events()), describe(s.history().events()));
    }

    /** Events as text (a record's toString shows its draws array by identity). */
    static List<String> describe(List<History.Event> events) {
        List<String> out = new ArrayList<>();
        for (History.Event e : events) {
            out.add(e instanceof History.Executed x ? x.step() + " r" + x.round() + " " + x.node() + " " + x.action() + " "
                    + Arrays.toString(x.draws()) + " " + x.narration() + " " + x.state() : e.toString());
        }
        return out;
    }
}
