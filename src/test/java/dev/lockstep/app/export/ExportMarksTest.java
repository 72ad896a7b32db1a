package dev.lockstep.app.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.figure.Look;
import dev.lockstep.scenario.TokenRelay;
import dev.lockstep.scenario.TokenRelayScenarios;
import dev.lockstep.session.Session;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An animation of a token protocol shows its marks: amber token badges in every frame, as the window draws them. */
class ExportMarksTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void toolkit() throws Exception {
        org.testfx.api.FxToolkit.registerPrimaryStage();
        FxThread.startHeadless();
    }

    @Test
    void everyGifFrameShowsTheTokenBadges() throws Exception {
        Path out = dir.resolve("relay.gif");
        Session session = Session.start(TokenRelayScenarios.with(TokenRelayScenarios.GRID, new TokenRelay(2)));
        Exporter e = Exporter.of(session, new ExportSpec(ExportSpec.Format.GIF, out, 1, 6, false, 640, 480, 10, 2, true));
        e.run(null);
        Decoded.Gif gif = Decoded.gif(out);
        assertEquals(11, gif.frames().size());
        int amber = Integer.parseInt(Look.TOKEN.substring(1), 16);
        for (int i = 0; i < gif.frames().size(); i++) {
            BufferedImage f = gif.frames().get(i);
            int n = 0;
            for (int x = 0; x < f.getWidth(); x++) {
                for (int y = 0; y < f.getHeight(); y++) if (Decoded.distance(f.getRGB(x, y) & 0xFFFFFF, amber) < 30) n++;
            }
            assertTrue(n > 40, "frame " + i + " shows badges: " + n + " amber pixels");
        }
        javax.imageio.ImageIO.write(gif.frames().get(10), "png", Path.of("target", "export-marks-frame.png").toFile());
    }
}
