package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.graphstream.graph.Graph;
import org.graphstream.graph.implementations.MultiGraph;
import org.graphstream.ui.fx_viewer.FxViewPanel;
import org.graphstream.ui.fx_viewer.FxViewer;
import org.graphstream.ui.spriteManager.Sprite;
import org.graphstream.ui.spriteManager.SpriteManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class GraphStreamSmokeTest {
    FxViewPanel panel;

    @Start
    void start(Stage stage) {
        System.setProperty("org.graphstream.ui", "javafx");
        Graph g = new MultiGraph("g");
        g.setAttribute("ui.stylesheet", "node { fill-color: #0072B2; size: 20px; } sprite { fill-color: #E69F00; }");
        g.addNode("a").setAttribute("xyz", 0, 0, 0);
        g.addNode("b").setAttribute("xyz", 1, 0, 0);
        g.addEdge("ab", "a", "b");
        SpriteManager sm = new SpriteManager(g);
        Sprite s = sm.addSprite("m");
        s.attachToEdge("ab");
        s.setPosition(0.3);
        s.setAttribute("ui.label", "request-lock(3)");
        FxViewer viewer = new FxViewer(g, FxViewer.ThreadingModel.GRAPH_IN_GUI_THREAD);
        viewer.disableAutoLayout();
        panel = (FxViewPanel) viewer.addDefaultView(false);
        stage.setScene(new Scene(new StackPane(panel), 400, 300));
        stage.show();
    }

    @Test
    void rendersHeadless(FxRobot robot) throws Exception {
        WaitForAsyncUtils.sleep(500, java.util.concurrent.TimeUnit.MILLISECONDS);
        WritableImage[] shot = new WritableImage[1];
        robot.interact(() -> shot[0] = panel.snapshot(null, null));
        assertNotNull(shot[0]);
        // some non-white pixel where a node is drawn
        boolean colored = false;
        for (int x = 0; x < shot[0].getWidth(); x += 2) {
            for (int y = 0; y < shot[0].getHeight(); y += 2) {
                var c = shot[0].getPixelReader().getColor(x, y);
                if (c.getBlue() > 0.5 && c.getRed() < 0.3) colored = true;
            }
        }
        assertTrue(colored, "a blue node was drawn");
        javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(shot[0], null), "png",
                new java.io.File("target/graphstream-smoke.png"));
    }
}
