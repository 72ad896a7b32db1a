package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/** Ctrl+L switches the whole window to lecture mode (large fonts, high contrast) and back. */
class LectureModeTest extends AppFixture {
    boolean lectureClass() {
        return fx(() -> window.root().getStyleClass().contains("lecture"));
    }

    double roundFontSize() {
        return fx(() -> ((Label) robot().lookup("#round").query()).getFont().getSize());
    }

    @Test
    void ctrlLTogglesLectureMode() {
        assertFalse(lectureClass());
        double normal = roundFontSize();
        robot().press(KeyCode.CONTROL).type(KeyCode.L).release(KeyCode.CONTROL);
        assertTrue(lectureClass());
        assertTrue(fx(() -> window.lecture()));
        assertTrue(roundFontSize() > normal * 1.3, "larger fonts: " + normal + " -> " + roundFontSize());
        robot().press(KeyCode.CONTROL).type(KeyCode.L).release(KeyCode.CONTROL);
        assertFalse(lectureClass());
        assertEquals(normal, roundFontSize(), 0.01);
    }

    @Test
    void theToolbarButtonDoesTheSame() {
        robot().clickOn("#lecture");
        assertTrue(lectureClass());
        robot().clickOn("#lecture");
        assertFalse(lectureClass());
    }

    /**
     * Mid-round in lecture mode the toolbar still shows every button: "in progress" sits under the
     * round number, so the large round label does not push Cut and Lecture into the overflow menu.
     */
    @Test
    void midRoundInLectureModeTheToolbarKeepsItsButtons() {
        fx(() -> window.setLecture(true));
        fx(() -> window.runRounds(5));
        fx(() -> {
            window.stepAction();
            window.stepAction();
            return null;
        });
        assertTrue(fx(() -> window.session().midRound() && window.session().simulation().executionsThisRound() > 0), "mid-round");
        assertTrue(fx(() -> robot().lookup("#round-progress").query().isVisible()), "in progress is shown");
        assertEquals("Round 5", fx(() -> ((Label) robot().lookup("#round").query()).getText()));
        for (String id : new String[] {"#lecture", "#play", "#round"}) {
            java.util.Optional<javafx.scene.Node> found = robot().lookup(id).tryQuery();
            assertTrue(found.isPresent(), id + " is in the window (an overflowed toolbar item leaves the scene graph)");
            javafx.scene.Node n = found.get();
            javafx.geometry.Bounds b = fx(() -> n.localToScene(n.getBoundsInLocal()));
            double width = fx(() -> n.getScene().getWidth());
            assertTrue(fx(() -> n.isVisible() && n.getScene() != null), id + " is in the window");
            assertTrue(b.getMaxX() <= width && b.getMinX() >= 0, id + " lies inside the window (" + b + ", width " + width + ")");
            assertTrue(fx(() -> {
                for (javafx.scene.Parent p = n.getParent(); p != null; p = p.getParent()) {
                    if (p instanceof javafx.scene.control.ToolBar) return true;
                }
                return false;
            }), id + " sits in the toolbar, not its overflow menu");
        }
    }
}
