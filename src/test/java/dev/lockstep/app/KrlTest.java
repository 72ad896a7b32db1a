package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.NodeMarks;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Variable;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * KRL runs in the same window: its status as fill colours, its checks, the height, token and queue
 * in the inspector, and the marks (token badge, height label) the view draws generically.
 */
class KrlTest extends AppFixture {
    @SuppressWarnings("unchecked")
    private NodeMarks marks(int u) {
        return fx(() -> {
            Protocol<NodeState> p = (Protocol<NodeState>) window.session().simulation().protocol();
            return p.presentation().marks(window.session().simulation().state(u));
        });
    }

    @Test
    void opensStepsAndInspects() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "krl-figure-2-static.json"))));
        assertTrue(fx(() -> stage.getTitle()).contains("KRL on a static network with 2 tokens"));
        assertEquals("krl", sim().protocol().name());
        assertEquals(List.of("REMAINDER", "WAITING", "CRITICAL", "none or in use", "idle", "token (count if more than one)", "queue = Q",
                "label = height", "arrow = higher → lower height"), fx(() -> window.legend().items()));
        assertEquals(List.of("k-exclusion", "tokens-conserved", "token-oriented", "lockout"),
                fx(() -> window.checks().checkNames()));
        assertTrue(!fx(() -> robot().lookup("#k").query().isDisabled()), "the settings bar edits k, the number of tokens");
        settle();
        int greyView = saturatedPixels(snapshot(window.graphView().node()));

        int n4 = node("4");
        fx(() -> window.select(n4));
        assertEquals(new NodeMarks(0, false, 0, "(1,0,4)"), marks(n4), "before the links form: no token, its height");
        assertEquals(1, marks(node("0")).tokens(), "node 0 holds a token badge from the start");
        for (int i = 0; i < 60 && !SteppingTest.fills(sim()).contains("CRITICAL"); i++) robot().clickOn("#step");
        List<String> fills = fx(() -> SteppingTest.fills(window.session().simulation()));
        assertTrue(fills.contains("CRITICAL"), fills.toString());
        settle();
        assertTrue(saturatedPixels(snapshot(window.graphView().node())) > greyView + 100, "WAITING/CRITICAL drawn in colour");
        assertEquals(1, marks(n4).tokens(), "4 holds 1's token in the CS");
        assertEquals("(0,-1,4)", marks(n4).label(), "lowered below 1 on receipt");

        List<Variable> vars = fx(() -> window.session().simulation().state(n4).variables());
        assertEquals(List.of("status", "height", "token", "tokenHolder", "queue", "Q", "next", "N", "heights", "receivedLI",
                "forming", "visited"), vars.stream().map(Variable::name).toList());
        for (Variable v : vars) assertEquals(v.value(), text("#var-" + v.name()));
        assertEquals("(0,-1,4)", text("#var-height"));
        assertEquals("1", text("#var-token"));
        assertTrue(fx(() -> window.errors()).isEmpty());
        for (String c : fx(() -> window.checks().checkNames())) assertEquals("ok", fx(() -> window.checks().status(c)));
    }

    /** A lecturer runs KRL on LME's ring: the chooser keeps the graph and switches the channels to FIFO. */
    @Test
    @SuppressWarnings("unchecked")
    void runsOnLmesRingFromTheChooser() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "ring-8.json"))));
        fx(() -> ((javafx.scene.control.ComboBox<String>) robot().lookup("#protocol").query()).setValue("krl"));
        settle();
        assertEquals("krl", sim().protocol().name());
        assertEquals(dev.lockstep.core.ChannelDiscipline.FIFO, fx(() -> window.session().scenario().channels()));
        fx(() -> window.runRounds(120));
        assertTrue(fx(() -> window.errors()).isEmpty());
        assertEquals(List.of(), fx(() -> window.session().simulation().violations()));
        assertTrue(fx(() -> window.session().simulation().stats().locksAcquired()) > 0);
    }
}
