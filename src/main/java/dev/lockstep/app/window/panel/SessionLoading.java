package dev.lockstep.app.window.panel;

import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.session.Session;
import dev.lockstep.workspace.SessionFiles;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import javafx.animation.PauseTransition;
import javafx.beans.binding.Bindings;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import javafx.util.Duration;

/**
 * Loads a session file off the JavaFX thread: a session is replayed to its round, which a file can
 * put at 10^8. The window stays responsive; past a moment a dialog shows the rounds done with a
 * Cancel button. Exactly one of the outcomes is called, on the JavaFX thread.
 */
public final class SessionLoading {
    /** How long a load may take before the progress dialog shows (a quick one never flashes it). */
    public static final Duration DIALOG_DELAY = Duration.millis(300);

    private final Task<Session> task;
    private final Dialog<Void> dialog = new Dialog<>();
    private final PauseTransition delay = new PauseTransition(DIALOG_DELAY);

    private SessionLoading(Window owner, Path file, String header, Consumer<Session> loaded,
            Consumer<List<String>> failed, Runnable cancelled) {
        task = new Task<>() {
            @Override
            protected Session call() throws Exception {
                return SessionFiles.open(file, (done, total) -> {
                    if (isCancelled()) throw new CancellationException();
                    updateProgress(done, total);
                    updateMessage(String.format(java.util.Locale.ROOT, "Round %,d of %,d", done, total));
                });
            }
        };
        dialog.initOwner(owner);
        dialog.setTitle("Lockstep");
        dialog.setHeaderText(header);
        Label rounds = new Label("Replaying " + file.getFileName() + " to its round…");
        rounds.setId("loading-rounds");
        task.messageProperty().addListener((o, a, b) -> rounds.setText(b));
        ProgressBar bar = new ProgressBar();
        bar.setId("loading-progress");
        bar.setPrefWidth(360);
        // below 1 % a determinate bar looks stopped; the moving one says the replay is running
        bar.progressProperty().bind(Bindings.when(task.progressProperty().lessThan(0.01)).then(-1.0)
                .otherwise(task.progressProperty()));
        Label hint = new Label("Cancel goes on with the default scenario; the file stays as it is.");
        hint.setWrapText(true);
        hint.setMaxWidth(360);
        VBox box = new VBox(10, rounds, bar, hint);
        dialog.getDialogPane().setContent(box);
        dialog.getDialogPane().getButtonTypes().setAll(ButtonType.CANCEL);
        dialog.setOnHidden(e -> task.cancel()); // Cancel, Escape or the close box; nothing once done

        delay.setOnFinished(e -> {
            if (task.isRunning()) dialog.show();
        });
        task.stateProperty().addListener((o, was, now) -> {
            if (now == Worker.State.SUCCEEDED) {
                finish();
                loaded.accept(task.getValue());
            } else if (now == Worker.State.CANCELLED) {
                finish();
                cancelled.run();
            } else if (now == Worker.State.FAILED) {
                finish();
                Throwable e = task.getException();
                if (e instanceof CancellationException) cancelled.run();
                else if (e instanceof ScenarioException se) failed.accept(se.problems());
                else failed.accept(List.of(String.valueOf(e)));
            }
        });
    }

    private void finish() {
        delay.stop();
        if (dialog.isShowing()) dialog.close();
    }

    /** Starts loading {@code file}; must be called on the JavaFX thread. */
    public static SessionLoading start(Window owner, Path file, String header, Consumer<Session> loaded,
            Consumer<List<String>> failed, Runnable cancelled) {
        SessionLoading l = new SessionLoading(owner, file, header, loaded, failed, cancelled);
        Thread t = new Thread(l.task, "lockstep-session-loading");
        t.setDaemon(true);
        l.delay.play();
        t.start();
        return l;
    }

    /** The progress dialog (shown only while a load takes long). */
    public Dialog<Void> dialog() {
        return dialog;
    }

    public boolean running() {
        return task.isRunning();
    }
}
