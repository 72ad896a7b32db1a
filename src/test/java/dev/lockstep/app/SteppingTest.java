package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.watch.NarrationEntry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Step button advances the round counter, and the nodes change colour as LME runs. */
class SteppingTest extends AppFixture {
    @SuppressWarnings({"unchecked", "rawtypes"})
    static List<String> fills(Simulation sim) {
        Protocol<NodeState> p = (Protocol) sim.protocol();
        List<String> out = new ArrayList<>();
        for (int u = 0; u < sim.nodeCount(); u++) out.add(p.presentation().fill(sim.state(u)));
        return out;
    }

    @Test
    void stepAdvancesTheRoundAndTheNodesChangeColour() {
        settle();
        int colouredBefore = saturatedPixels(snapshot(window.graphView().node()));
        assertTrue(fx(() -> fills(window.session().simulation())).stream().allMatch("⊥"::equals), "all nodes start in state ⊥");

        for (int i = 1; i <= 3; i++) {
            robot().clickOn("#step");
            assertEquals("Round " + i, text("#round"));
            assertEquals(i, round());
        }
        // keep stepping, as a person would, until some node has left ⊥
        int clicks = 3;
        while (fx(() -> fills(window.session().simulation())).stream().allMatch("⊥"::equals) && clicks < 40) {
            robot().clickOn("#step");
            clicks++;
        }
        assertEquals("Round " + clicks, text("#round"));
        List<String> fills = fx(() -> fills(window.session().simulation()));
        assertTrue(fills.stream().anyMatch(f -> !f.equals("⊥")), "a node left ⊥ within 40 rounds: " + fills);

        // and the view shows it: coloured fills where all was grey
        settle();
        int colouredAfter = saturatedPixels(snapshot(window.graphView().node()));
        assertTrue(colouredAfter > colouredBefore + 150,
                "coloured pixels in the graph view: " + colouredBefore + " before, " + colouredAfter + " after");

        // the narration told each execution, the status bar counts them
        long actions = fx(() -> window.session().simulation().stats().actions());
        assertTrue(actions > 0);
        long told = fx(() -> window.narration().shownEntries()).stream().filter(e -> e.kind() == NarrationEntry.Kind.ACTION).count();
        assertEquals(actions, told, "one narration sentence per execution");
        assertTrue(text("#stats").contains(actions + " actions"), text("#stats"));
        assertTrue(fx(() -> window.errors()).isEmpty());
    }

    @Test
    void stepActionExecutesExactlyOneAction() {
        robot().clickOn("#step-action");
        assertEquals(1L, (long) fx(() -> window.session().simulation().stats().actions()));
        robot().clickOn("#step-action");
        assertEquals(2L, (long) fx(() -> window.session().simulation().stats().actions()));
        assertTrue(fx(() -> window.pseudocode().caption()).startsWith("Last: "), fx(() -> window.pseudocode().caption()));
    }
}
