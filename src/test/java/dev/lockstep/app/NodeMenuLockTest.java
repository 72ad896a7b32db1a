package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;
import dev.lockstep.session.Input;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Lock from a node's context menu: the node eventually holds its lock set, shown in the inspector. */
class NodeMenuLockTest extends AppFixture {
    static final String NODE = "a";

    @Test
    void lockFromTheContextMenuEventuallyLocksTheNode() {
        int a = node(NODE);
        openMenuAndClick(a, "#menu-lock");
        assertTrue(fx(() -> window.session().inputs()).stream()
                .anyMatch(in -> in instanceof Input.CallInput c && c.node() == a && c.call() == dev.lockstep.core.Call.LOCK));

        // step (the workload's requests compete with a's) until a holds its locks
        fx(() -> window.select(a));
        Simulation sim = sim();
        stepUntil(() -> sim.status(a) == OperationStatus.LOCKED, 800);
        assertEquals(OperationStatus.LOCKED, fx(() -> sim.status(a)), "a locked within 800 rounds");
        // the workload off now (a recorded input), so nothing unlocks a but us
        robot().clickOn("#workload");
        assertFalse(fx(() -> window.session().workload()));
        assertEquals("locked", fx(() -> sim.protocol().presentation().fill(sim.protocol().cast(sim.state(a)))));

        // the inspector says so, and lists the lock set: a and its neighbours
        assertTrue(text("#inspector-status").startsWith("a: locked since round"), text("#inspector-status"));
        TreeSet<String> expected = fx(() -> {
            TreeSet<String> s = new TreeSet<>();
            s.add(NODE);
            for (int v = 0; v < sim.nodeCount(); v++) if (sim.portTo(a, v) > 0) s.add(sim.nodeName(v));
            return s;
        });
        assertTrue(expected.size() >= 2, "a has neighbours");
        assertEquals("{" + String.join(", ", expected) + "}", text("#lock-set"));
        assertEquals("locked", text("#var-state"));
        // and the graph view draws it: one lock set, held by a, with exactly the core's members
        fx(() -> window.graphView().update(false));
        var drawn = fx(() -> window.graphView().drawnLockSets());
        assertEquals(1, drawn.size(), "one lock set on screen");
        assertEquals(a, drawn.get(0).holder());
        assertEquals(java.util.Arrays.toString(dev.lockstep.core.check.LockSets.of(sim.protocol(), sim, a)),
                java.util.Arrays.toString(java.util.Arrays.stream(drawn.get(0).members()).sorted().toArray()));

        // Unlock from the menu releases it
        stepUntil(() -> false, 5);
        assertEquals(OperationStatus.LOCKED, fx(() -> sim.status(a)), "with the workload off, a keeps its locks");
        openMenuAndClick(a, "#menu-unlock");
        stepUntil(() -> sim.status(a) == OperationStatus.IDLE, 100);
        assertEquals(OperationStatus.IDLE, fx(() -> sim.status(a)));
        assertEquals("∅", text("#lock-set"));
        assertTrue(fx(() -> window.errors()).isEmpty());
    }

    @Test
    void theMenuOffersOnlyWhatApplies() {
        int a = node(NODE);
        var menu = fx(() -> window.showNodeMenu(a, 300, 300));
        assertFalse(fx(() -> item(menu, "menu-lock").isDisable()), "Lock applies to an idle node");
        assertTrue(fx(() -> item(menu, "menu-unlock").isDisable()), "Unlock does not");
    }

    private static javafx.scene.control.MenuItem item(javafx.scene.control.ContextMenu menu, String id) {
        return menu.getItems().stream().filter(i -> id.equals(i.getId())).findFirst().orElseThrow();
    }

    /** Presses Step (one round at a time) until the condition holds or {@code max} rounds passed. */
    private void stepUntil(java.util.function.BooleanSupplier done, int max) {
        fx(() -> {
            for (int i = 0; i < max && !done.getAsBoolean(); i++) window.stepRound();
        });
    }

    /** Right click on a node, as the graph view reports it, then a click on the menu item. */
    private void openMenuAndClick(int u, String item) {
        fx(() -> window.gestures().nodeContextMenu(u, 300, 300));
        waitUntil("the node menu shows", () -> robot().lookup(item).tryQuery().isPresent());
        robot().clickOn(item);
        waitUntil("the menu closes", () -> robot().lookup(item).tryQuery().isEmpty());
    }
}
