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
}
