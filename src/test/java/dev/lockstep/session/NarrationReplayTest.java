package dev.lockstep.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    private static List<String> describe(List<History.Event> events) {
        List<String> out = new ArrayList<>();
        for (History.Event e : events) {
            out.add(e instanceof History.Executed x ? x.step() + " " + x.node() + " " + x.action() + " "
                    + Arrays.toString(x.draws()) + " " + x.narration() + " " + x.state() : e.toString());
        }
        return out;
    }
}
