package dev.lockstep.app.window;

import dev.lockstep.app.export.ExportDialog;
import dev.lockstep.app.window.panel.Dialogs;
import dev.lockstep.app.window.panel.SessionLoading;
import dev.lockstep.scenario.FileKind;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.ScenarioWriter;
import dev.lockstep.session.Session;
import dev.lockstep.workspace.SessionFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.stage.FileChooser;

/** The File menu: opening scenarios and sessions, saving them, exporting the trace or an animation. */
public final class FileActions {
    /** A session file replayed to a later round than this is opened in the background. */
    public static final int BACKGROUND_ROUNDS = 2_000;
    /** A file larger than this (a scenario of about 2,500 nodes with positions) is opened in the background. */
    public static final long BACKGROUND_BYTES = 100_000;

    private final WindowState state;
    private final SessionLifecycle lifecycle;
    private final SessionDisplay display;
    private final Failures failures;
    private final StatusBar status;
    private SessionLoading opening;

    FileActions(WindowState state, SessionLifecycle lifecycle, SessionDisplay display, Failures failures, StatusBar status) {
        this.state = state;
        this.lifecycle = lifecycle;
        this.display = display;
        this.failures = failures;
        this.status = status;
    }

    /**
     * Opens a scenario or session file; on a problem, shows every problem and keeps the session. A
     * large file, or a session at a late round, is opened in the background (true: opening has begun).
     */
    public boolean open(Path file) {
        return open(file, opened -> { });
    }

    /**
     * {@link #open(Path)}, then {@code after} on the JavaFX thread: true once the file is on screen,
     * false if it could not be opened or the opening was cancelled (the session on screen stays).
     * A newer request abandons an opening still under way (its {@code after} is never called).
     */
    public boolean open(Path file, Consumer<Boolean> after) {
        state.pause();
        if (opening != null) opening.cancel();
        opening = null;
        if (inBackground(file)) {
            // off the JavaFX thread, with progress and Cancel: the window keeps answering meanwhile
            SessionLoading[] self = new SessionLoading[1];
            self[0] = SessionLoading.start(state.stage, file, SessionLoading.Texts.opening(file), s -> {
                opening = null;
                opened(s, file, self[0].fromSessionFile());
                after.accept(true);
            }, problems -> {
                opening = null;
                Dialogs.problems(state.stage, "Cannot open " + file.getFileName(), problems, "The current session is unchanged.");
                after.accept(false);
            }, () -> {
                opening = null;
                status.say("Opening " + file.getFileName() + " cancelled; the current session is unchanged.");
                after.accept(false);
            });
            opening = self[0];
            return true;
        }
        boolean done = false;
        try {
            opened(SessionFiles.open(file), file, isSessionFile(file));
            done = true;
        } catch (ScenarioException e) {
            Dialogs.problems(state.stage, "Cannot open " + file.getFileName(), e.problems(),
                    "The current session is unchanged.");
        } catch (RuntimeException e) {
            failures.failed("Opening " + file, e);
        }
        after.accept(done);
        return done;
    }

    /** The opening under way in the background (null when none): its progress dialog, for tests and the bench. */
    public SessionLoading opening() {
        return opening;
    }

    /**
     * Whether a file is opened off the JavaFX thread: a large one (reading and starting a scenario
     * of about 2,500 nodes or more takes a noticeable moment), or a session replayed to a late round.
     * Its size is read first, so a large file is never parsed here.
     */
    static boolean inBackground(Path file) {
        long bytes;
        try {
            bytes = Files.size(file);
        } catch (IOException | RuntimeException e) {
            return false; // the synchronous open reports the problem
        }
        return bytes > BACKGROUND_BYTES || SessionFiles.sessionRound(file) > BACKGROUND_ROUNDS;
    }

    private void opened(Session s, Path file, boolean isSession) {
        lifecycle.show(s, isSession ? file : null);
        state.lastDirectory = parentOf(file);
        status.say("Opened " + file.getFileName() + (isSession ? " (session at round " + s.round() + ")" : "") + ".");
    }

    /**
     * Opens a scenario file with a seed of its own (a sweep's run, from the Experiments window): the
     * file as Open reads it, started with {@code seed} as the seed field would start it; asks first
     * if the session on screen has inputs.
     */
    public void openRun(Path file, long seed) {
        state.pause();
        state.stage.toFront();
        confirmReplace("Open " + file.getFileName() + " with seed " + seed, () -> {
            if (opening != null) opening.cancel();
            opening = null;
            if (inBackground(file)) {
                // a sweep's point of thousands of nodes: read and start it off the JavaFX thread, as Open does
                SessionLoading[] self = new SessionLoading[1];
                self[0] = SessionLoading.start(state.stage, SessionLoading.Texts.opening(file),
                        rounds -> Session.start(ScenarioLoader.parse(ScenarioLoader.read(file), file.toString()), seed), s -> {
                            opening = null;
                            openedRun(s, file, seed);
                        }, problems -> {
                            opening = null;
                            Dialogs.problems(state.stage, "Cannot open " + file.getFileName(), problems, "The current session is unchanged.");
                        }, () -> {
                            opening = null;
                            status.say("Opening " + file.getFileName() + " cancelled; the current session is unchanged.");
                        });
                opening = self[0];
                return;
            }
            try {
                openedRun(Session.start(ScenarioLoader.parse(ScenarioLoader.read(file), file.toString()), seed), file, seed);
            } catch (ScenarioException e) {
                Dialogs.problems(state.stage, "Cannot open " + file.getFileName(), e.problems(), "The current session is unchanged.");
            }
        });
    }

    private void openedRun(Session s, Path file, long seed) {
        lifecycle.show(s, null);
        state.lastDirectory = parentOf(file);
        status.say("Opened " + file + " with seed " + seed + ".");
    }

    private static boolean isSessionFile(Path file) {
        try {
            return FileKind.of(file) == FileKind.SESSION;
        } catch (ScenarioException | RuntimeException e) {
            return false;
        }
    }

    public void openDefault() {
        state.pause();
        confirmReplace("Open the default scenario", () -> lifecycle.show(Session.start(SessionFiles.defaultScenario()), null));
    }

    /**
     * Replacing the session on screen discards its inputs: ask first, as Reset and the scenario's
     * settings do (the autosave follows the new session, so nothing else would keep them).
     */
    private void confirmReplace(String what, Runnable go) {
        int n = state.session.inputs().size() + state.session.waiting().size();
        if (n == 0) {
            failures.guarded(what, go);
            return;
        }
        Dialogs.confirm(state.stage, what + "?",
                "This replaces the session on screen and discards its " + n + " input" + (n == 1 ? "" : "s")
                        + " (save the session first to keep them).", what,
                () -> failures.guarded(what, go), display::syncControls);
    }

    public void saveSessionTo(Path file) throws IOException {
        state.session.save(file);
        lifecycle.savedTo(file);
        state.lastDirectory = parentOf(file);
        status.say("Saved the session (round " + state.session.round() + ", " + state.session.inputs().size() + " inputs) to " + file + ".");
    }

    public void saveScenarioTo(Path file) throws IOException, ScenarioException {
        String text = SessionFiles.scenarioText(state.session);
        ScenarioLoader.parse(text, file.toString()); // never write a file Lockstep would refuse
        ScenarioWriter.writeAtomically(file, text);
        state.lastDirectory = parentOf(file);
        status.say("Saved the scenario (current graph and settings) to " + file + ".");
    }

    public void exportTraceTo(Path file) throws IOException {
        int rounds = SessionFiles.exportTrace(state.session, file);
        state.lastDirectory = parentOf(file);
        status.say("Wrote the trace of rounds 0–" + (rounds - 1) + " to " + file + " (check it with: lockstep replay).");
    }

    private static Path parentOf(Path file) {
        Path p = file.toAbsolutePath().getParent();
        return p != null && Files.isDirectory(p) ? p : null;
    }

    private FileChooser chooser(String title) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        Path dir = state.lastDirectory;
        if (dir == null && Files.isDirectory(Path.of("sample-runs"))) dir = Path.of("sample-runs").toAbsolutePath();
        if (dir != null) fc.setInitialDirectory(dir.toFile());
        fc.getExtensionFilters().setAll(new FileChooser.ExtensionFilter("Lockstep files (*.json)", "*.json"),
                new FileChooser.ExtensionFilter("All files", "*"));
        return fc;
    }

    void openDialog() {
        state.pause();
        FileChooser fc = chooser("Open a scenario, a session or a DGS graph");
        // a GraphStream DGS file opens as a scenario of its topology and dynamics (SessionFiles.open)
        fc.getExtensionFilters().add(1, new FileChooser.ExtensionFilter("GraphStream dynamic graphs (*.dgs)", "*.dgs"));
        var f = fc.showOpenDialog(state.stage);
        if (f != null) confirmReplace("Open " + f.getName(), () -> open(f.toPath()));
    }

    void saveSession(boolean as) {
        state.pause();
        Path target = state.sessionFile;
        if (as || target == null) {
            FileChooser fc = chooser("Save the session");
            fc.setInitialFileName(slug(state.session.scenario().name()) + ".session.json");
            var f = fc.showSaveDialog(state.stage);
            if (f == null) return;
            target = f.toPath();
        }
        Path t = target;
        writing("Saving the session", () -> saveSessionTo(t));
    }

    void saveScenarioDialog() {
        state.pause();
        FileChooser fc = chooser("Save the scenario as");
        fc.setInitialFileName(slug(state.session.scenario().name()) + ".json");
        var f = fc.showSaveDialog(state.stage);
        if (f != null) writing("Saving the scenario", () -> saveScenarioTo(f.toPath()));
    }

    void exportTraceDialog() {
        state.pause();
        FileChooser fc = chooser("Export the trace");
        fc.getExtensionFilters().setAll(new FileChooser.ExtensionFilter("Lockstep traces (*.jsonl)", "*.jsonl"),
                new FileChooser.ExtensionFilter("All files", "*"));
        fc.setInitialFileName(slug(state.session.scenario().name()) + ".trace.jsonl");
        var f = fc.showSaveDialog(state.stage);
        if (f != null) writing("Exporting the trace", () -> exportTraceTo(f.toPath()));
    }

    void exportAnimationDialog() {
        ExportDialog.open(state.stage, () -> state.session, slug(state.session.scenario().name()));
    }

    private interface FileWork {
        void run() throws IOException, ScenarioException;
    }

    private void writing(String what, FileWork work) {
        try {
            work.run();
        } catch (IOException e) {
            Dialogs.error(state.stage, what + " failed", String.valueOf(e.getMessage()));
        } catch (ScenarioException e) {
            Dialogs.problems(state.stage, what + " failed", e.problems(), "Nothing was written.");
        } catch (RuntimeException e) {
            failures.failed(what, e);
        }
    }

    static String slug(String name) {
        String s = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return s.isEmpty() ? "lockstep" : s;
    }
}
