package dev.lockstep.app.window.panel;

import dev.lockstep.scenario.FileKind;
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
 * Loads a session or scenario file off the JavaFX thread: a session is replayed to its round, which
 * a file can put at 10^8, and a scenario of 10,000 nodes takes a second to read and start. The
 * window stays responsive; past a moment a dialog shows the progress with a Cancel button. Exactly
 * one of the outcomes is called, on the JavaFX thread (none after {@link #cancel()}).
 */
public final class SessionLoading {
    /** How long a load may take before the progress dialog shows (a quick one never flashes it). */
    public static final Duration DIALOG_DELAY = Duration.millis(300);

    private final Task<Session> task;
    private final Dialog<Void> dialog = new Dialog<>();
    private final PauseTransition delay = new PauseTransition(DIALOG_DELAY);

    /** What the dialog says: its header, the line above the bar until rounds are counted, the hint under it. */
    public record Texts(String header, String working, String hint) {
        /** A session replayed to its round; Cancel goes on with the default scenario. */
        public static Texts replaying(Path file, String header) {
            return new Texts(header, "Replaying " + file.getFileName() + " to its round…",
                    "Cancel goes on with the default scenario; the file stays as it is.");
        }

        /** A file opened from the window (a large scenario or a session at a late round); Cancel keeps the session on screen. */
        public static Texts opening(Path file) {
            return new Texts("Opening " + file.getFileName(), "Reading " + file.getFileName() + " and starting its session…",
                    "Cancel keeps the session on screen; the file stays as it is.");
        }
    }

    private boolean abandoned;
    /** Whether an outcome has been called: exactly one ever is. */
    private boolean settled;
    /** Whether the file loaded is a session file (Save writes back there), not a scenario. */
    private volatile boolean fromSessionFile;

    /** What a load does off the JavaFX thread: makes the session, telling {@code rounds} each round it replays. */
    @FunctionalInterface
    public interface Loader {
        Session load(Session.Loading rounds) throws Exception;
    }

    private SessionLoading(Window owner, Path file, Texts texts, Loader loader, Consumer<Session> loaded,
            Consumer<List<String>> failed, Runnable cancelled) {
        task = new Task<>() {
            @Override
            protected Session call() throws Exception {
                beforeLoad.run();
                Session s = loader.load((done, total) -> {
                    if (isCancelled()) throw new CancellationException();
                    updateProgress(done, total);
                    updateMessage(String.format(java.util.Locale.ROOT, "Round %,d of %,d", done, total));
                });
                fromSessionFile = file != null && isSessionFile(file);
                return s;
            }
        };
        dialog.initOwner(owner);
        dialog.setTitle("Lockstep");
        dialog.setHeaderText(texts.header());
        Label rounds = new Label(texts.working());
        rounds.setId("loading-rounds");
        task.messageProperty().addListener((o, a, b) -> rounds.setText(b));
        ProgressBar bar = new ProgressBar();
        bar.setId("loading-progress");
        bar.setPrefWidth(360);
        // below 1 % a determinate bar looks stopped; the moving one says the replay is running
        bar.progressProperty().bind(Bindings.when(task.progressProperty().lessThan(0.01)).then(-1.0)
                .otherwise(task.progressProperty()));
        Label hint = new Label(texts.hint());
        hint.setWrapText(true);
        hint.setMaxWidth(360);
        VBox box = new VBox(10, rounds, bar, hint);
        dialog.getDialogPane().setContent(box);
        dialog.getDialogPane().getButtonTypes().setAll(ButtonType.CANCEL);
        // Cancel, Escape or the close box; nothing once done. The task's SUCCEEDED can arrive before
        // its future counts as done, when a cancel() would still turn it into CANCELLED: so both
        // outcomes ran, the cancel's inside the success's closing of this dialog
        dialog.setOnHidden(e -> {
            if (!settled) task.cancel();
        });

        delay.setOnFinished(e -> {
            if (task.isRunning()) dialog.show();
        });
        task.stateProperty().addListener((o, was, now) -> {
            if (abandoned || settled) return;
            settled = now == Worker.State.SUCCEEDED || now == Worker.State.CANCELLED || now == Worker.State.FAILED;
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
                else if (e instanceof OutOfMemoryError) failed.accept(List.of(outOfMemory(file)));
                else failed.accept(List.of(String.valueOf(e)));
            }
        });
    }

    /**
     * What a load that ran out of memory says: the session's history of every execution is what
     * filled the heap (the load itself is dropped, so the window goes on).
     */
    static String outOfMemory(Path file) {
        String name = file == null ? "the session" : file.getFileName().toString();
        return String.format(java.util.Locale.ROOT,
                "%s does not fit in the %.1f GB Java may use: a session keeps everything that happened, about 400 bytes "
                        + "an action execution. Start Lockstep with more memory: java -Xmx8g -jar lockstep.jar gui %s",
                name, Runtime.getRuntime().maxMemory() / 1e9, name);
    }

    private void finish() {
        delay.stop();
        if (dialog.isShowing()) dialog.close();
    }

    /**
     * Run on the loading thread before the file is read. Tests hold a load there, so that what the
     * window does meanwhile does not depend on how fast the machine parses.
     */
    private static volatile Runnable beforeLoad = () -> { };

    /** Replaces {@link #beforeLoad} (null: nothing); for tests. */
    public static void beforeLoad(Runnable r) {
        beforeLoad = r == null ? () -> { } : r;
    }

    /** Starts loading {@code file}; must be called on the JavaFX thread. */
    public static SessionLoading start(Window owner, Path file, String header, Consumer<Session> loaded,
            Consumer<List<String>> failed, Runnable cancelled) {
        return start(owner, file, Texts.replaying(file, header), loaded, failed, cancelled);
    }

    /** Starts loading {@code file}, the dialog saying {@code texts}; must be called on the JavaFX thread. */
    public static SessionLoading start(Window owner, Path file, Texts texts, Consumer<Session> loaded,
            Consumer<List<String>> failed, Runnable cancelled) {
        return start(owner, file, texts, rounds -> SessionFiles.open(file, rounds), loaded, failed, cancelled);
    }

    /**
     * Starts {@code loader} (a scenario started another way than Open does: a sweep's run with its
     * own seed), the dialog saying {@code texts}; must be called on the JavaFX thread. The result
     * never counts as a session file.
     */
    public static SessionLoading start(Window owner, Texts texts, Loader loader, Consumer<Session> loaded,
            Consumer<List<String>> failed, Runnable cancelled) {
        return start(owner, null, texts, loader, loaded, failed, cancelled);
    }

    private static SessionLoading start(Window owner, Path file, Texts texts, Loader loader, Consumer<Session> loaded,
            Consumer<List<String>> failed, Runnable cancelled) {
        SessionLoading l = new SessionLoading(owner, file, texts, loader, loaded, failed, cancelled);
        Thread t = new Thread(l.task, "lockstep-session-loading");
        t.setDaemon(true);
        l.delay.play();
        t.start();
        return l;
    }

    private static boolean isSessionFile(Path file) {
        try {
            return FileKind.of(file) == FileKind.SESSION;
        } catch (ScenarioException | RuntimeException e) {
            return false;
        }
    }

    /** Once loaded: whether the file was a session file rather than a scenario (or a DGS graph). */
    public boolean fromSessionFile() {
        return fromSessionFile;
    }

    /** The progress dialog (shown only while a load takes long). */
    public Dialog<Void> dialog() {
        return dialog;
    }

    public boolean running() {
        return task.isRunning();
    }

    /** Stops the load without any outcome being called (a newer request replaced it). */
    public void cancel() {
        abandoned = true;
        finish();
        task.cancel();
    }
}
