package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/** Space, Right, Shift+Right and R, as shown in the Run menu. */
class KeyboardTest extends AppFixture {
    long actions() {
        return fx(() -> window.session().simulation().stats().actions());
    }

    @Test
    void rightStepsARoundAndShiftRightOneAction() {
        robot().type(KeyCode.RIGHT);
        assertEquals(1, round());
        robot().type(KeyCode.RIGHT);
        assertEquals(2, round());
        assertEquals("Round 2", text("#round"));
        long before = actions();
        robot().press(KeyCode.SHIFT).type(KeyCode.RIGHT).release(KeyCode.SHIFT);
        assertEquals(before + 1, actions(), "exactly one action");
        robot().press(KeyCode.SHIFT).type(KeyCode.RIGHT).release(KeyCode.SHIFT);
        assertEquals(before + 2, actions());
    }

    @Test
    void spacePlaysAndPauses() {
        robot().type(KeyCode.SPACE);
        assertTrue(fx(() -> window.playing()), "playing");
        waitUntil("a few rounds pass", () -> round() >= 3);
        robot().type(KeyCode.SPACE);
        assertFalse(fx(() -> window.playing()), "paused");
        int r = round();
        settle();
        assertEquals(r, round(), "paused means no more rounds");
    }

    @Test
    void rResetsToRoundZero() {
        fx(() -> window.runRounds(9));
        assertEquals(9, round());
        robot().type(KeyCode.R);
        assertEquals(0, round());
        assertEquals("Round 0", text("#round"));
    }

    @Test
    void keysTypedIntoTheSeedFieldAreNotShortcuts() {
        TextField seed = (TextField) robot().lookup("#seed").query();
        robot().clickOn(seed);
        robot().type(KeyCode.R, KeyCode.RIGHT, KeyCode.SPACE);
        assertEquals(0, round());
        assertFalse(fx(() -> window.playing()));
        robot().type(KeyCode.ESCAPE); // the keys go back to the shortcuts
        robot().type(KeyCode.RIGHT);
        assertEquals(1, round());
    }
}
