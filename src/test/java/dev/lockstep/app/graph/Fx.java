package dev.lockstep.app.graph;

import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.Session;
import java.io.File;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** Helpers for the graph view's TestFX tests. */
final class Fx {
    private Fx() {}

    /** A session of a sample scenario, after its first round (the scenario's edges exist from then on). */
    static Session session(String sample) throws Exception {
        Scenario s = ScenarioLoader.load(Path.of("sample-runs", sample));
        Session session = Session.start(s);
        session.stepRound();
        return session;
    }

    /** Like {@link #session} but without the scenario's random workload: only the test calls Lock. */
    static Session sessionWithoutWorkload(String sample) throws Exception {
        String text = java.nio.file.Files.readString(Path.of("sample-runs", sample));
        text = text.replaceAll("\"workload\"\\s*:\\s*\\{[^}]*\\},?", "");
        Session session = Session.start(ScenarioLoader.parse(text, sample));
        session.stepRound();
        return session;
    }

    static Session sessionFromJson(String json) throws Exception {
        return Session.start(ScenarioLoader.parse(json, "test.json"));
    }

    /** Shows a view of the session in the stage (graph in the centre, legend on the right). */
    static GraphView show(FxRobot robot, Stage stage, Session session, double w, double h) {
        GraphView[] out = new GraphView[1];
        robot.interact(() -> {
            GraphView v = new GraphView(session.simulation());
            v.setAnimationMillis(0);
            BorderPane pane = new BorderPane(v.node());
            pane.setRight(v.legend());
            stage.setScene(new Scene(pane, w, h));
            stage.show();
            stage.toFront();
            out[0] = v;
        });
        frames(3);
        return out[0];
    }

    /** Lets a few pulses run (the view repaints on pulses). */
    static void frames(int n) {
        for (int i = 0; i < n; i++) {
            WaitForAsyncUtils.waitForFxEvents();
            WaitForAsyncUtils.sleep(40, TimeUnit.MILLISECONDS);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    static void save(Image img, String name) throws Exception {
        File f = new File("target", name);
        javax.imageio.ImageIO.write(SwingFXUtils.fromFXImage(img, null), "png", f);
    }
}
