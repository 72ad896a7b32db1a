package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.scenario.TokenRelay;
import dev.lockstep.scenario.TokenRelayScenarios;
import dev.lockstep.session.Session;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;

/**
 * The window draws the generic marks of a protocol it knows nothing about (the test-only
 * {@link TokenRelay}): the legend strip lists them, the graph shows amber token badges, and they
 * follow the run as it steps; LME's strip lists none. Screenshots go to target/ for people.
 */
class MarksWindowTest extends AppFixture {
    private static final List<String> ENTRIES = List.of("token (count if more than one)", "leader", "queue = requests",
            "label = height", "arrow = higher → lower height");

    @Test
    void theLegendStripListsTheMarksAndTheGraphDrawsBadges() throws Exception {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "ring-8.json"))));
        for (String e : ENTRIES) assertFalse(fx(() -> window.legend().items()).contains(e), "no " + e + " for LME");
        settle();
        long lmeAmber = amber(snapshot(window.graphView().node()));

        Session relay = TokenRelayScenarios.grid(2);
        fx(() -> window.show(relay, null));
        settle();
        List<String> items = fx(() -> window.legend().items());
        for (String e : ENTRIES) assertTrue(items.contains(e), e + " in " + items);
        WritableImage graph = snapshot(window.graphView().node());
        long amber = amber(graph);
        save(graph, "window-marks-graph.png");
        assertTrue(amber > lmeAmber + 40, "badges drawn: " + lmeAmber + " -> " + amber);
        save(fx(() -> stage.getScene().getRoot().snapshot(null, null)), "window-marks.png");

        // the badges follow the token: step until it travels, the picture changes with it
        for (int i = 0; i < 30; i++) robot().clickOn("#step");
        settle();
        assertTrue(amber(snapshot(window.graphView().node())) > 40, "still drawn after steps");
        fx(() -> window.setLecture(true));
        settle();
        save(fx(() -> stage.getScene().getRoot().snapshot(null, null)), "window-marks-lecture.png");
        assertTrue(fx(() -> window.errors()).isEmpty(), () -> fx(() -> window.errors()).toString());
    }

    static long amber(WritableImage img) {
        Color a = Color.web(dev.lockstep.figure.Look.TOKEN);
        long n = 0;
        for (int x = 0; x < img.getWidth(); x++) {
            for (int y = 0; y < img.getHeight(); y++) {
                Color c = img.getPixelReader().getColor(x, y);
                if (Math.abs(c.getRed() - a.getRed()) < 0.04 && Math.abs(c.getGreen() - a.getGreen()) < 0.04
                        && Math.abs(c.getBlue() - a.getBlue()) < 0.06) {
                    n++;
                }
            }
        }
        return n;
    }

    static void save(WritableImage img, String name) throws Exception {
        javax.imageio.ImageIO.write(SwingFXUtils.fromFXImage(img, null), "png", new File("target", name));
    }
}
