package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Violation;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import javafx.scene.control.ListView;
import org.junit.jupiter.api.Test;

/** A check's violation pauses the run, highlights its nodes and is explained in the checks panel. */
class ViolationTest extends AppFixture {
    @Test
    void flawOnePausesAtTheDeadlockAndExplainsIt() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "flaw-1-two-node-deadlock.json"))));
        assertEquals("scripted", fx(() -> window.session().policy().name()));
        robot().clickOn("#play");
        waitUntil("the run pauses by itself", () -> !fx(() -> window.playing()));
        // flaw 1: nothing in transit and nothing enabled from round 9 on
        List<Violation> vs = fx(() -> window.session().simulation().violations());
        assertFalse(vs.isEmpty());
        assertEquals(10, round(), "paused right after round 9");
        assertTrue(vs.stream().allMatch(v -> v.round() == 9), vs.toString());
        assertTrue(vs.stream().anyMatch(v -> v.check().equals("deadlock")));
        assertTrue(vs.stream().anyMatch(v -> v.check().equals("acyclic-dependencies")));

        // the checks panel: statuses, the list, the explanation; the nodes highlighted
        assertTrue(fx(() -> window.checks().status("deadlock")).startsWith("violated"));
        assertEquals("ok", fx(() -> window.checks().status("mutual-exclusion")));
        assertEquals(vs, fx(() -> window.checks().violations()));
        assertEquals(vs.get(0).message(), fx(() -> window.checks().explanation()));
        assertEquals(Set.of(node("x"), node("y")), fx(() -> window.highlighted()));
        assertTrue(fx(() -> window.statusMessage()).contains("violated"), fx(() -> window.statusMessage()));
        assertEquals("tab-checks", fx(() -> ((javafx.scene.control.TabPane) robot().lookup("#side-tabs").query())
                .getSelectionModel().getSelectedItem().getId()));

        // clicking a violation highlights its nodes
        fx(() -> window.highlight(List.of()));
        @SuppressWarnings("unchecked")
        ListView<Violation> list = (ListView<Violation>) robot().lookup("#violations").query();
        Violation last = vs.get(vs.size() - 1);
        fx(() -> list.getSelectionModel().clearSelection());
        fx(() -> list.getSelectionModel().select(last));
        assertEquals(Set.copyOf(last.nodes()), fx(() -> window.highlighted()));
        assertEquals(last.message(), fx(() -> window.checks().explanation()));
        assertTrue(fx(() -> window.errors()).isEmpty());
    }
}
