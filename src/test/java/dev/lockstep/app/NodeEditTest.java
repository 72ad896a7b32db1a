package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import javafx.geometry.Point2D;
import javafx.scene.input.MouseButton;
import org.junit.jupiter.api.Test;

/** Adding and deleting nodes: a new run from round 0 with the graph as it is now. */
class NodeEditTest extends AppFixture {

    @Test
    void rightClickOnEmptySpaceAddsANodeThere() {
        Simulation before = sim();
        int n = before.nodeCount();
        // the lower-left corner of the graph holder is empty in the default layout
        Point2D empty = fx(() -> window.graphView().node().localToScreen(40, window.graphView().node().getLayoutBounds().getHeight() - 40));
        Point2D model = fx(() -> window.graphView().toModel(40, window.graphView().node().getLayoutBounds().getHeight() - 40));
        assertEquals(-1, fx(() -> window.graphView().nodeAt(40, window.graphView().node().getLayoutBounds().getHeight() - 40)));
        robot().moveTo(empty).clickOn(MouseButton.SECONDARY);
        waitUntil("the background menu shows", () -> fx(() -> robot().lookup("#menu-add-node").tryQuery().isPresent()));
        robot().clickOn("Add a node here…");
        waitUntil("the node is added", () -> sim().nodeCount() == n + 1);
        Simulation after = sim();
        int added = after.nodeCount() - 1;
        assertEquals("n" + (n + 1), after.nodeName(added));
        assertEquals(model.getX(), after.graph().x(added), 1e-3);
        assertEquals(model.getY(), after.graph().y(added), 1e-3);
        assertEquals(0, round(), "a new run");
        for (int u = 0; u < n; u++) {
            assertEquals(before.nodeName(u), after.nodeName(u), "the other nodes are kept, in order");
            assertEquals(before.graph().x(u), after.graph().x(u), 1e-3);
        }
    }

    @Test
    void deletingANodeRemovesItAndItsEdgesAfterAsking() {
        fx(() -> window.runRounds(5));
        Simulation before = sim();
        int d = node("d");
        int degree = before.graph().degree(d);
        assertTrue(degree > 0);
        int edges = before.graph().edgeCount();
        fx(() -> window.showNodeMenu(d, 100, 100));
        robot().clickOn("#menu-delete-node");
        press(onlyDialog(), "Delete node d");
        waitUntil("d is gone", () -> sim().indexOf("d") < 0);
        Simulation after = sim();
        assertEquals(before.nodeCount() - 1, after.nodeCount());
        assertEquals(0, round());
        fx(() -> window.session().stepRound()); // round 0 links the unit-disk graph again
        assertEquals(edges - degree, sim().graph().edgeCount(), "every edge but d's");
        assertFalse(sim().indexOf("d") >= 0);
    }
}
