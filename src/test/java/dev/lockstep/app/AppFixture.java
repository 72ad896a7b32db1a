package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.app.window.panel.Dialogs;
import dev.lockstep.core.Simulation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Labeled;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Starts the real application on the default scenario (Lockstep home in a temporary directory)
 * and gives the tests what a person would see and do.
 */
@ExtendWith(ApplicationExtension.class)
abstract class AppFixture {
    /** The Lockstep home (autosave) of this test: a fresh temporary directory. */
    Path home;

    LockstepApp app;
    MainWindow window;
    Stage stage;
    FxRobot robot;

    /** Starts the application on the primary stage (TestFX's @Start is not inherited). */
    @BeforeEach
    void startApplication() throws Exception {
        home = java.nio.file.Files.createTempDirectory("lockstep-home");
        stage = FxToolkit.registerPrimaryStage();
        robot().interact(() -> {
            app = new LockstepApp(options(LockstepApp.Options.defaults().withHome(home)));
            app.start(stage);
            window = app.window();
        });
    }

    /** A test may open the application differently (e.g. on a file). */
    LockstepApp.Options options(LockstepApp.Options defaults) {
        return defaults;
    }

    @AfterEach
    void closeDialogs() {
        if (robot == null) robot = new FxRobot();
        robot.interact(() -> {
            if (window != null && window.playing()) window.togglePlay();
            for (Window w : new ArrayList<>(Window.getWindows())) {
                if (w != stage && w instanceof Stage s) s.close();
            }
        });
    }

    FxRobot robot() {
        if (robot == null) robot = new FxRobot();
        return robot;
    }

    void fx(Runnable r) {
        robot().interact(r);
    }

    <T> T fx(Supplier<T> s) {
        Object[] out = new Object[1];
        robot().interact(() -> out[0] = s.get());
        @SuppressWarnings("unchecked") T t = (T) out[0];
        return t;
    }

    Simulation sim() {
        return fx(() -> window.session().simulation());
    }

    int round() {
        return fx(() -> window.session().round());
    }

    int node(String name) {
        return fx(() -> window.session().simulation().indexOf(name));
    }

    /** The text of a labelled control found by id, read on the FX thread. */
    String text(String query) {
        return fx(() -> ((Labeled) robot().lookup(query).query()).getText());
    }

    static void waitUntil(String what, Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, condition);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting until " + what);
        }
    }

    /** Lets GraphStream's viewer repaint (it draws on its own timer). */
    static void settle() {
        WaitForAsyncUtils.sleep(350, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Dialogs currently shown (their panes). */
    List<DialogPane> dialogs() {
        return fx(() -> {
            List<DialogPane> out = new ArrayList<>();
            for (Window w : Window.getWindows()) {
                if (w != stage && w.isShowing() && w.getScene() != null && w.getScene().getRoot() instanceof DialogPane d) out.add(d);
            }
            return out;
        });
    }

    DialogPane onlyDialog() {
        waitUntil("a dialog shows", () -> !dialogs().isEmpty());
        List<DialogPane> ds = dialogs();
        assertEquals(1, ds.size(), "exactly one dialog");
        return ds.get(0);
    }

    /** Presses a dialog's button by its text, as a person would. */
    void press(DialogPane d, String buttonText) {
        Node b = fx(() -> {
            for (ButtonType t : d.getButtonTypes()) {
                if (t.getText().equals(buttonText)) return d.lookupButton(t);
            }
            return null;
        });
        assertTrue(b instanceof Button, "the dialog has a button \"" + buttonText + "\"");
        robot().clickOn(b);
        waitUntil("the dialog closes", () -> !fx(() -> d.getScene() != null && d.getScene().getWindow().isShowing()));
    }

    WritableImage snapshot(Node n) {
        return fx(() -> n.snapshot(null, null));
    }

    /** Pixels of clearly saturated colour (node fills other than ⊥'s grey, rings, highlights). */
    static int saturatedPixels(WritableImage img) {
        int count = 0;
        var r = img.getPixelReader();
        for (int x = 0; x < img.getWidth(); x++) {
            for (int y = 0; y < img.getHeight(); y++) {
                var c = r.getColor(x, y);
                if (c.getSaturation() > 0.4 && c.getBrightness() > 0.3) count++;
            }
        }
        return count;
    }

    /** Pixels that are not (near) white: something is drawn there. */
    static int inkPixels(WritableImage img) {
        int count = 0;
        var r = img.getPixelReader();
        for (int x = 0; x < img.getWidth(); x++) {
            for (int y = 0; y < img.getHeight(); y++) {
                var c = r.getColor(x, y);
                if (c.getBrightness() < 0.9 || c.getSaturation() > 0.1) count++;
            }
        }
        return count;
    }
}
