package dev.lockstep.app.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.app.graph.ApplicationLook;
import dev.lockstep.application.Interactive;
import dev.lockstep.core.ApplicationState;
import dev.lockstep.core.Simulation;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exported frames of an application run (Sec. 6) are drawn by the window's painters: each agent in
 * its application state's colour, and the caption tells the application's steps of the round shown.
 */
class ApplicationExportTest {
    private static final String SAMPLE = "majority-without-locks-moving-16.json";

    @TempDir
    Path dir;

    @BeforeAll
    static void toolkit() throws Exception {
        org.testfx.api.FxToolkit.registerPrimaryStage();
        FxThread.startHeadless();
    }

    private static int rgb(Color c) {
        return (int) Math.round(c.getRed() * 255) << 16 | (int) Math.round(c.getGreen() * 255) << 8 | (int) Math.round(c.getBlue() * 255);
    }

    @Test
    void gifFramesShowEachAgentsApplicationState() throws Exception {
        Path out = dir.resolve("agents.gif");
        Exporter e = Exporter.of(ExportTest.session(SAMPLE), ExportTest.spec(ExportSpec.Format.GIF, out, 0, 4, 640, 400, 1));
        e.run((d, t) -> { });
        BufferedImage last = dev.lockstep.app.export.Decoded.gif(out).frames().get(4);
        Simulation sim = e.session().simulation();
        ApplicationState app = sim.application();
        List<String> table = ApplicationLook.states(app);
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (int u = 0; u < sim.nodeCount(); u++) {
            Point2D p = e.nodePixel(u);
            boolean crowded = false;
            for (int w = 0; w < sim.nodeCount(); w++) crowded |= w != u && e.nodePixel(w).distance(p) < 24;
            if (crowded) continue;
            int want = rgb(ApplicationLook.fill(table, app.label(u)));
            // beside the state's letter, inside the ring
            boolean found = false;
            for (int dx = -6; dx <= 6 && !found; dx += 12) {
                int got = last.getRGB((int) Math.round(p.getX() + dx), (int) Math.round(p.getY())) & 0xFFFFFF;
                found = Decoded.distance(got, want) <= 30;
            }
            if (!found) wrong.add(sim.nodeName(u) + " (" + app.label(u) + ")");
            checked++;
        }
        assertTrue(checked >= 5, "nodes standing apart: " + checked);
        assertTrue(wrong.isEmpty(), "not in their application state's colour: " + wrong);
    }

    @Test
    void theCaptionTellsTheApplicationStepsOfTheRoundShown() throws Exception {
        Session s = ExportTest.session(SAMPLE);
        SessionFrames frames = new SessionFrames(s, ExportTest.spec(ExportSpec.Format.PNG, dir.resolve("png"), 1, 4, 640, 400, 1));
        for (int i = 0; i <= 3; i++) {
            int index = i;
            FxThread.call(() -> frames.draw(index));
            int round = i; // frame i shows round 1 + i begun: round i has run
            List<History.AppStep> steps = new ArrayList<>();
            for (History.Event ev : s.history().events()) if (ev instanceof History.AppStep a && a.round() == round) steps.add(a);
            String caption = frames.caption();
            if (steps.isEmpty()) {
                assertTrue(!caption.contains(" meets ") && !caption.contains(" begins to meet "), caption);
                continue;
            }
            History.AppStep told = steps.stream().filter(a -> a.kind().equals(Interactive.END)).findFirst().orElse(steps.get(0));
            assertTrue(caption.startsWith(told.sentence()), "round " + round + ": " + caption + " tells " + told.sentence());
            if (steps.size() > 1) assertTrue(caption.contains("+" + (steps.size() - 1) + " more application step"), caption);
        }
        frames.close();
        assertEquals(4, s.round());
    }
}
