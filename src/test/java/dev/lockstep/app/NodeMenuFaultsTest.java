package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.Simulation;
import dev.lockstep.session.Input;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import org.junit.jupiter.api.Test;

/** The adversary's faults from a node's menu: crash it, or lose a message in transit to it; both are recorded inputs. */
class NodeMenuFaultsTest extends AppFixture {
    @Test
    void crashFromTheMenuStopsTheNodeAndIsRecorded() {
        int a = node("a");
        ContextMenu menu = fx(() -> window.showNodeMenu(a, 300, 300));
        MenuItem crash = item(menu, "menu-crash");
        assertFalse(fx(crash::isDisable));
        fx(crash::fire);
        fx(() -> window.stepRound());
        Simulation sim = sim();
        assertTrue(fx(() -> sim.crashed(a)), "crashed at the start of the next round");
        assertEquals(0L, fx(() -> sim.ports(a) & ~1L), "its links failed");
        assertTrue(fx(() -> window.session().inputs()).stream().anyMatch(in -> in instanceof Input.Crash c && c.node() == a));
        ContextMenu again = fx(() -> window.showNodeMenu(a, 300, 300));
        assertTrue(fx(() -> item(again, "menu-crash").isDisable()), "a node crashes once");
        assertEquals("a has crashed", fx(() -> item(again, "menu-crash").getText()));
        assertTrue(fx(() -> window.errors()).isEmpty());
    }

    @Test
    void loseFromTheMenuDestroysThatMessage() {
        Simulation sim = sim();
        // run until some message is in transit at a round boundary
        int[] to = {-1};
        fx(() -> {
            for (int i = 0; i < 200 && to[0] < 0; i++) {
                window.stepRound();
                for (int v = 0; v < sim.nodeCount() && to[0] < 0; v++) if (sim.channels().size(v) > 0) to[0] = v;
            }
        });
        assertTrue(to[0] >= 0, "some message in transit within 200 rounds");
        int v = to[0];
        Envelope first = fx(() -> sim.channels().get(v, 0));
        ContextMenu menu = fx(() -> window.showNodeMenu(v, 300, 300));
        Menu lose = (Menu) item(menu, "menu-lose");
        assertFalse(fx(lose::isDisable));
        assertEquals(fx(() -> sim.channels().size(v)), fx(() -> lose.getItems().size()), "one item per message in transit");
        MenuItem m = fx(() -> lose.getItems().get(0));
        assertEquals(first.message().label() + " from " + sim.nodeName(first.from()), fx(m::getText));
        long lostBefore = fx(() -> sim.stats().messagesLost());
        fx(m::fire);
        assertEquals(-1, fx(() -> sim.channels().indexOf(v, first.id())), "gone at once: the round had not begun");
        assertEquals(lostBefore + 1, fx(() -> sim.stats().messagesLost()));
        assertTrue(fx(() -> window.session().inputs()).stream()
                .anyMatch(in -> in instanceof Input.Lose l && l.to() == v && l.message() == first.id()));
        assertTrue(fx(() -> window.errors()).isEmpty());
    }

    private static MenuItem item(ContextMenu menu, String id) {
        return menu.getItems().stream().filter(i -> id.equals(i.getId())).findFirst().orElseThrow();
    }
}
