package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.app.graph.GraphViewListener;
import dev.lockstep.session.Input;
import dev.lockstep.watch.NarrationEntry;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The window's side of the graph view's gestures (the view reports them; the drawing and mouse
 * handling are the view's own tests): each becomes a recorded session input.
 */
class GesturesTest extends AppFixture {
    boolean adjacent(String u, String v) {
        return fx(() -> window.session().simulation().graph().adjacent(node(u), node(v)));
    }

    @Test
    void draggingANodeOnTheUnitDiskMovesItAndItsEdgesFollow() {
        int k = node("k");
        GraphViewListener g = fx(() -> window.gestures());
        assertTrue(adjacent("k", "h") && adjacent("k", "j"));
        // drag k from (6.5, 0.8) to the far left, next to a and c
        for (int i = 1; i <= 20; i++) {
            double t = i / 20.0;
            fx(() -> g.nodeDragged(k, 6.5 + (0.6 - 6.5) * t, 0.8 + (0.2 - 0.8) * t, false));
        }
        fx(() -> g.nodeDragged(k, 0.6, 0.2, true));
        assertFalse(adjacent("k", "h"));
        assertFalse(adjacent("k", "j"));
        assertTrue(adjacent("k", "a") && adjacent("k", "c"), "in range of a and c now");
        assertEquals(0.6, fx(() -> window.session().simulation().graph().x(k)), 1e-9);
        long moves = fx(() -> window.session().inputs()).stream().filter(in -> in instanceof Input.Move).count();
        assertTrue(moves >= 3 && moves <= 21, "moves recorded along the way (thinned out): " + moves);
        assertTrue(fx(() -> window.narration().shownEntries()).stream()
                .anyMatch(e -> e.kind() == NarrationEntry.Kind.INPUT && e.text().equals("You: moved k to (0.60, 0.20)")));
    }

    @Test
    void linkAndCutRequestsAreInputsAndRefusalsAreExplained() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "ring-8.json"))));
        GraphViewListener g = fx(() -> window.gestures());
        int a = node("a");
        int e = node("e");
        // Δ = 2 and every node of the ring has both ports taken: refused, and said so
        fx(() -> g.linkRequested(a, e));
        assertFalse(adjacent("a", "e"));
        assertTrue(fx(() -> window.statusMessage()).startsWith("Refused: a has no open port (Δ = 2)"), fx(() -> window.statusMessage()));
        assertTrue(fx(() -> window.narration().shownEntries()).stream().anyMatch(x -> x.kind() == NarrationEntry.Kind.REFUSAL));

        fx(() -> g.cutRequested(a, node("b")));
        fx(() -> g.cutRequested(e, node("f")));
        assertFalse(adjacent("a", "b"));
        fx(() -> g.linkRequested(a, e));
        assertTrue(adjacent("a", "e"));
        assertEquals(4, (int) fx(() -> window.session().inputs().size()), "link (refused), cut, cut, link");
    }

    @Test
    void clicksSelect() {
        GraphViewListener g = fx(() -> window.gestures());
        fx(() -> g.nodeClicked(node("f")));
        assertEquals(node("f"), (int) fx(() -> window.selected()));
        assertTrue(text("#inspector-status").startsWith("f: idle"), text("#inspector-status"));
        fx(g::backgroundClicked);
        assertEquals(-1, (int) fx(() -> window.selected()));
    }
}
