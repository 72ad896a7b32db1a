package dev.lockstep.app;

import dev.lockstep.scenario.TokenRelayScenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * Not a test: a screenshot of the real window (under Xvfb, not Monocle) showing the test-only
 * token protocol's marks, which the registry (and so the {@code gui} command) cannot open:
 * {@code java -cp target/lockstep.jar:target/test-classes dev.lockstep.app.MarksScreenshot OUT.png ROUNDS [lecture]}.
 */
public final class MarksScreenshot {
    private MarksScreenshot() {}

    public static void main(String[] args) throws Exception {
        Path png = Path.of(args[0]);
        int rounds = Integer.parseInt(args[1]);
        boolean lecture = args.length > 2 && args[2].equals("lecture");
        Path home = Files.createTempDirectory("lockstep-shot");
        Platform.startup(() -> {
            try {
                Stage stage = new Stage();
                LockstepApp app = new LockstepApp(LockstepApp.Options.defaults().withHome(home));
                app.start(stage);
                MainWindow w = app.window();
                w.holdAutosave(true);
                w.show(dev.lockstep.session.Session.start(TokenRelayScenarios.with(TokenRelayScenarios.GRID,
                        new dev.lockstep.scenario.TokenRelay(2))), null);
                if (lecture) w.setLecture(true);
                w.runRounds(rounds);
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
            } catch (Exception e) {
                e.printStackTrace();
                Platform.exit();
            }
        });
    }
}
