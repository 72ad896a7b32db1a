package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.session.Input;
import dev.lockstep.session.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Labeled;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/** The export dialog: exports a replay of the session on screen, with progress and Cancel, and leaves the window's run where it was. */
class ExportDialogTest extends AppFixture {

    Stage openDialog() {
        // File > Export animation or figure… (Shortcut+Shift+E)
        MenuItem item = fx(() -> {
            MenuBar bar = (MenuBar) stage.getScene().getRoot().lookup(".menu-bar");
            for (MenuItem m : bar.getMenus().get(0).getItems()) if ("Export animation or figure…".equals(m.getText())) return m;
            return null;
        });
        assertTrue(item != null, "the File menu has the export item");
        assertEquals(new KeyCodeCombination(KeyCode.E, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN), item.getAccelerator());
        fx(item::fire);
        waitUntil("the export dialog shows", () -> dialog() != null);
        return dialog();
    }

    Stage dialog() {
        return fx(() -> {
            for (Window w : Window.getWindows()) {
                if (w instanceof Stage s && s != stage && s.isShowing() && s.getScene() != null
                        && s.getScene().getRoot().lookup("#export-format") != null) return s;
            }
            return null;
        });
    }

    @SuppressWarnings("unchecked")
    void set(Stage d, String id, int value) {
        fx(() -> ((Spinner<Integer>) d.getScene().getRoot().lookup(id)).getValueFactory().setValue(value));
    }

    Node find(Stage d, String id) {
        return fx(() -> d.getScene().getRoot().lookup(id));
    }

    String status(Stage d) {
        return fx(() -> ((Labeled) d.getScene().getRoot().lookup("#export-status")).getText());
    }

    static void waitLong(String what, java.util.concurrent.Callable<Boolean> c) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, c);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting until " + what);
        }
    }

    @Test
    void exportsAGifOfTheSessionOnScreenWithoutMovingIt() throws Exception {
        fx(() -> {
            for (int i = 0; i < 12; i++) window.stepRound();
        });
        Session.Position before = fx(() -> window.session().position());
        List<Input> inputsBefore = fx(() -> window.session().inputs());
        long framesOnScreen = fx(() -> window.graphView().framesRendered());

        Stage d = openDialog();
        Path out = home.resolve("on-screen.gif");
        set(d, "#export-from", 4);
        set(d, "#export-to", 10);
        set(d, "#export-width", 320);
        set(d, "#export-height", 240);
        set(d, "#export-per-step", 2);
        fx(() -> ((TextField) find(d, "#export-out")).setText(out.toString()));
        robot().clickOn(find(d, "#export-start"));
        waitLong("the export is saved", () -> status(d).startsWith("Saved"));
        assertTrue(status(d).contains("13 frames, 320×240"), status(d));
        assertEquals(1.0, fx(() -> ((ProgressBar) find(d, "#export-progress")).getProgress()));

        var gif = dev.lockstep.app.export.Decoded.gif(out);
        assertEquals(13, gif.frames().size(), "1 + (10 - 4) rounds x 2 frames per step");
        assertEquals(320, gif.logicalWidth());
        assertEquals(240, gif.logicalHeight());
        assertTrue(gif.loops());
        assertEquals(before, fx(() -> window.session().position()), "the run on screen did not move");
        assertEquals(inputsBefore, fx(() -> window.session().inputs()));
        assertEquals(12, round());
        // the window kept drawing (it was never blocked) and is still usable
        fx(() -> window.stepRound());
        assertEquals(13, round());
        assertTrue(fx(() -> window.graphView().framesRendered()) >= framesOnScreen);
    }

    @Test
    void cancelStopsTheExportAndWritesNothing() throws Exception {
        Stage d = openDialog();
        Path out = home.resolve("long.gif");
        set(d, "#export-from", 0);
        set(d, "#export-to", 400);
        set(d, "#export-width", 640);
        set(d, "#export-height", 480);
        fx(() -> ((TextField) find(d, "#export-out")).setText(out.toString()));
        robot().clickOn(find(d, "#export-start"));
        waitLong("frames are being exported", () -> status(d).startsWith("Frame "));
        Button cancel = (Button) find(d, "#export-cancel");
        assertEquals("Cancel", fx(cancel::getText));
        robot().clickOn(cancel);
        waitLong("the export stops", () -> status(d).startsWith("Cancelled"));
        assertFalse(Files.exists(out));
        try (var s = Files.list(home)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary file left");
        }
        assertEquals("Close", fx(cancel::getText));
    }

    @Test
    void aBadRangeIsExplainedInTheDialog() throws Exception {
        Stage d = openDialog();
        set(d, "#export-from", 9);
        set(d, "#export-to", 3);
        robot().clickOn(find(d, "#export-start"));
        waitUntil("the problem is shown", () -> status(d).startsWith("Cannot export"));
        assertTrue(status(d).contains("ends (3) before it starts (9)"), status(d));
    }
}
