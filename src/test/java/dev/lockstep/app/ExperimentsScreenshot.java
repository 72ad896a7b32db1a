package dev.lockstep.app;

import dev.lockstep.app.experiments.ExperimentsWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.control.ComboBox;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Not a test: a screenshot of the real Experiments window (under Xvfb) after running a spec:
 * {@code java -cp target/lockstep.jar:target/test-classes dev.lockstep.app.ExperimentsScreenshot SPEC OUT-DIR PNG [MEASURE [midway]]}.
 */
public final class ExperimentsScreenshot {
    private ExperimentsScreenshot() {}

    public static void main(String[] args) throws Exception {
        Path spec = Path.of(args[0]);
        Path out = Path.of(args[1]);
        Path png = Path.of(args[2]);
        String measure = args.length > 3 ? args[3] : null;
        boolean midway = args.length > 4 && args[4].equals("midway"); // while it runs, once half the runs are done
        Path home = Files.createTempDirectory("lockstep-shot");
        Platform.startup(() -> {
            Stage stage = new Stage();
            LockstepApp app = new LockstepApp(LockstepApp.Options.defaults().withHome(home));
            app.start(stage);
            MenuBar bar = (MenuBar) stage.getScene().getRoot().lookup(".menu-bar");
            for (MenuItem m : bar.getMenus().get(0).getItems()) if ("Experiments…".equals(m.getText())) m.fire();
            Stage xs = null;
            for (Window w : Window.getWindows()) if (w instanceof Stage s && s.getUserData() instanceof ExperimentsWindow) xs = s;
            Stage x = xs;
            ExperimentsWindow xw = (ExperimentsWindow) x.getUserData();
            xw.load(spec);
            ((TextField) x.getScene().getRoot().lookup("#xwin-out")).setText(out.toString());
            xw.start();
            new AnimationTimer() {
                private int after;

                @Override
                @SuppressWarnings("unchecked")
                public void handle(long now) {
                    double done = ((javafx.scene.control.ProgressBar) x.getScene().getRoot().lookup("#xwin-progress")).getProgress();
                    if (xw.running() && !(midway && done >= 0.5)) return;
                    if (after++ == 0) {
                        if (measure != null) ((ComboBox<String>) x.getScene().getRoot().lookup("#xwin-measure")).setValue(measure);
                        ((javafx.scene.control.TableView<?>) x.getScene().getRoot().lookup("#xwin-table")).getSelectionModel().select(2);
                    }
                    if (after < (midway ? 3 : 30)) return;
                    stop();
                    try {
                        LockstepApp.writePng(x.getScene().snapshot(null), png);
                    } catch (Exception e) {
                        e.printStackTrace();
                    }
                    Platform.exit();
                }
            }.start();
        });
    }
}
