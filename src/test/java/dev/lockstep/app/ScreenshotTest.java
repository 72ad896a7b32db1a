package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.image.WritableImage;
import org.junit.jupiter.api.Test;

/**
 * Pictures of the window for people to look at (target/screenshots/): the default scenario
 * mid-run, and lecture mode. Headless (Monocle, software rendering), so fonts and anti-aliasing
 * differ a little from a desktop; the README's come from the real application under Xvfb
 * ({@code lockstep gui --screenshot}).
 */
class ScreenshotTest extends AppFixture {
    static final Path DIR = Path.of("target", "screenshots");

    @Test
    void defaultScenarioMidRunAndLectureMode() throws Exception {
        fx(() -> {
            window.runRounds(40);
            window.select(window.session().simulation().indexOf("d"));
        });
        settle();
        Path normal = DIR.resolve("default-mid-run.png");
        WritableImage a = fx(() -> stage.getScene().snapshot(null));
        LockstepApp.writePng(a, normal);

        fx(() -> window.setLecture(true));
        settle();
        Path lecture = DIR.resolve("lecture-mode.png");
        WritableImage b = fx(() -> stage.getScene().snapshot(null));
        LockstepApp.writePng(b, lecture);

        assertTrue(Files.size(normal) > 20_000 && Files.size(lecture) > 20_000);
        assertTrue(inkPixels(a) > 50_000, "a window with content");
    }
}
