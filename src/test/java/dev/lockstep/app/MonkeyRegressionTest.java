package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Action sequences the monkey ({@link MonkeyTest}) failed on, shortened: each must now pass
 * every check of the monkey (no exception, no violation, no hang, the session replays exactly).
 */
class MonkeyRegressionTest extends AppFixture {

    void holds(String... actions) {
        List<MonkeyAction> list = Arrays.stream(actions).map(MonkeyAction::parse).toList();
        Monkey.Failure f = Monkey.once(this, list, true);
        assertNull(f, () -> "after " + f.actions() + " actions: " + f.what());
    }

    /**
     * Seed 20261123, action 40: rounds ended in manual mode execute nothing, so they share a step;
     * going back to an earlier one and dragging a node forked a branch that still held the Lock
     * call of a later round (the reloaded session's history differed from the window's).
     */
    @Test
    void aForkAfterRoundsWithoutExecutionsKeepsNothingOfTheirFuture() {
        holds("manual", "step", "step", "lock 0", "step", "goto 1", "drag 3 500 500");
    }

    /**
     * Seed 4159281747790553838, action 137: in lecture mode the keyboard shortcuts dialog was
     * 921 px tall on the 1280×800 screen, its OK button below the screen's edge: it could not be
     * closed with the mouse.
     */
    @Test
    void inLectureModeTheKeyboardShortcutsCanBeClosed() {
        holds("lecture", "menu 15");
    }

    @Test
    void inLectureModeTheKeyboardShortcutsFitOnTheScreen() {
        assertEquals("Keyboard shortcuts", MonkeyDriver.MENU[15][1]);
        fx(() -> window.setLecture(true));
        javafx.scene.control.MenuItem keys = fx(() -> {
            var bar = (javafx.scene.control.MenuBar) stage.getScene().getRoot().lookup(".menu-bar");
            for (var menu : bar.getMenus()) for (var item : menu.getItems()) if ("Keyboard shortcuts".equals(item.getText())) return item;
            return null;
        });
        fx(keys::fire);
        javafx.scene.control.DialogPane d = onlyDialog();
        javafx.geometry.Rectangle2D screen = fx(() -> javafx.stage.Screen.getPrimary().getVisualBounds());
        javafx.stage.Window w = fx(() -> d.getScene().getWindow());
        assertTrue(fx(() -> screen.contains(w.getX(), w.getY(), w.getWidth(), w.getHeight())),
                "the dialog is on the screen " + screen + ": " + fx(() -> w.getX() + "," + w.getY() + " " + w.getWidth() + "×" + w.getHeight()));
        javafx.scene.Node ok = fx(() -> d.lookupButton(javafx.scene.control.ButtonType.OK));
        javafx.geometry.Bounds b = fx(() -> ok.localToScreen(ok.getLayoutBounds()));
        assertTrue(screen.contains(b.getMinX(), b.getMinY(), b.getWidth(), b.getHeight()), "OK is on the screen: " + b);
        press(d, "OK");
    }

    /**
     * Seed 7442696553485861344, action 566: a click on Δ's arrow with inputs in the session asked
     * at once, on the press; the modal question swallowed the release, the spinner kept
     * repeating and stacked one question per step (13 after a few clicks). A click that lasts as
     * long as a person's now asks once, when the arrow is let go.
     */
    @Test
    void aClickOnDeltasArrowAsksOnce() throws Exception {
        fx(() -> window.cut(node("a"), node("c")));
        javafx.scene.Node arrow = fx(() -> robot().lookup("#delta").query().lookup(".decrement-arrow-button"));
        robot().moveTo(arrow).press(javafx.scene.input.MouseButton.PRIMARY);
        Thread.sleep(150);
        robot().release(javafx.scene.input.MouseButton.PRIMARY);
        Thread.sleep(1000); // the spinner would repeat every 60 ms after 300 ms
        List<javafx.scene.control.DialogPane> asked = dialogs();
        assertEquals(List.of("Set Δ = 3 and start over?"), asked.stream().map(d -> fx(d::getHeaderText)).toList());
        press(asked.get(0), "Cancel");
        Thread.sleep(500);
        assertTrue(dialogs().isEmpty(), "nothing more to answer");
        assertEquals(4, (int) fx(() -> ((javafx.scene.control.Spinner<?>) robot().lookup("#delta").query()).getValue()));
        assertEquals(4, fx(() -> window.session().scenario().delta()));
        holds("delta 0 0", "delta 0 1", "delta 1 1");
    }
}
