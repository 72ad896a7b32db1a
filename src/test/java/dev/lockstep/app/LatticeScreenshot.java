package dev.lockstep.app;

import dev.lockstep.scenario.LatticeWalkScenarios;
import dev.lockstep.session.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * Not a test: a screenshot of the window on the test-only lattice walk (no scenario file can name
 * it), under Xvfb: {@code java -cp target/lockstep.jar:target/test-classes dev.lockstep.app.LatticeScreenshot
 * PNG ROUNDS [careless|careful|locked] [SELECT] [ZOOM] [lecture]}.
 */
public final class LatticeScreenshot {
    private LatticeScreenshot() {}

    public static void main(String[] args) throws Exception {
        Path png = Path.of(args[0]);
        int rounds = Integer.parseInt(args[1]);
        boolean careless = args.length > 2 && args[2].equals("careless");
        boolean locked = args.length > 2 && args[2].equals("locked");
        String select = args.length > 3 ? args[3] : null;
        double zoom = args.length > 4 ? Double.parseDouble(args[4]) : 1;
        boolean lecture = args.length > 5 && args[5].equals("lecture");
        Path home = Files.createTempDirectory("lockstep-shot");
        Session session = locked
                ? LatticeWalkScenarios.session(LatticeWalkScenarios.spread(10), 0.08, false, true, 3)
                : LatticeWalkScenarios.session(LatticeWalkScenarios.hexagon(), 0.15, careless, false, 3);
        Platform.startup(() -> {
            Stage stage = new Stage();
            MainWindow window = new MainWindow(stage, home);
            window.install(1400, 900);
            window.holdAutosave(true);
            window.show(session, null);
            stage.show();
            if (lecture) window.setLecture(true);
            window.runRounds(rounds);
            if (select != null) window.select(window.session().simulation().indexOf(select));
            if (zoom != 1) window.graphView().zoom(zoom);
            new AnimationTimer() {
                private int pulses;

                @Override
                public void handle(long now) {
                    if (++pulses < 90) return;
                    stop();
                    try {
                        LockstepApp.writePng(stage.getScene().snapshot(null), png);
                    } catch (Exception e) {
                        e.printStackTrace();
                    }
                    Platform.exit();
                }
            }.start();
        });
    }
}
