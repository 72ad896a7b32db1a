package dev.lockstep.app.experiments;

import dev.lockstep.app.window.panel.Stylesheet;
import dev.lockstep.experiment.RunRecord;
import dev.lockstep.scenario.ScenarioException;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.Duration;

/**
 * File › Experiments…: opens a sweep spec, shows its axes and run count, runs it into an output
 * directory on a thread of its own with a progress bar and Stop (Run again resumes), and charts
 * the runs as they arrive ({@link ResultsView}). Problems are shown in the window, as the spec
 * reader words them.
 */
public final class ExperimentsWindow {
    /** Redraws at most this often while runs arrive: a fast sweep must not spend the window's thread on charts. */
    private static final Duration REDRAW = Duration.millis(200);

    private final Stage stage = new Stage();
    final ComboBox<Path> examples = new ComboBox<>();
    final Button openSpec = new Button("Open spec…");
    final Label specName = new Label("No spec open.");
    final Label specInfo = new Label("Open a sweep spec (see README, “Experiments: sweep”), or choose one of experiments/.");
    final TextField out = new TextField();
    final Spinner<Integer> jobs = new Spinner<>(1, 256, Runtime.getRuntime().availableProcessors());
    final Button chooseOut = new Button("Choose…");
    final Button run = new Button("Run");
    final Button stop = new Button("Stop");
    final ProgressBar progress = new ProgressBar(0);
    final Label progressText = new Label("");
    final Label problems = new Label("");
    final ResultsView results;
    private final SweepRunner runner = new SweepRunner(Platform::runLater, System::nanoTime);
    private final PauseTransition redraw = new PauseTransition(REDRAW);
    private SpecSummary spec;
    private LiveResults live;
    /** The directory whose runs are shown (Open run opens its point files), whatever the field says since. */
    private Path resultsDir;

    private ExperimentsWindow(Window owner, RunOpener opener) {
        stage.initOwner(owner);
        stage.setTitle("Lockstep: experiments");
        stage.setUserData(this); // the window's tests reach it through its stage
        results = new ResultsView(() -> resultsDir, opener);
        examples.setId("xwin-examples");
        openSpec.setId("xwin-open-spec");
        specName.setId("xwin-spec");
        specName.getStyleClass().add("scenario-name");
        specInfo.setId("xwin-spec-info");
        specInfo.setWrapText(true);
        specInfo.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE); // one line per axis, never cut
        out.setId("xwin-out");
        jobs.setId("xwin-jobs");
        jobs.setEditable(true);
        jobs.setPrefWidth(80);
        run.setId("xwin-run");
        run.setDefaultButton(true);
        run.setDisable(true);
        stop.setId("xwin-stop");
        stop.setDisable(true);
        progress.setId("xwin-progress");
        progress.setMaxWidth(Double.MAX_VALUE);
        progressText.setId("xwin-progress-text");
        problems.setId("xwin-problems");
        problems.getStyleClass().add("problem");
        problems.setWrapText(true);
        problems.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE); // every problem line, never "…"
        problems.setManaged(false);

        examples.setPromptText("experiments/…");
        examples.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Path p) {
                return p == null ? "" : "experiments/" + p.getFileName();
            }

            @Override
            public Path fromString(String s) {
                return null;
            }
        });
        examples.getItems().setAll(SpecSummary.examples(Path.of("").toAbsolutePath()));
        examples.setDisable(examples.getItems().isEmpty());
        examples.valueProperty().addListener((o, a, p) -> {
            if (p != null) load(p);
        });
        openSpec.setOnAction(e -> chooseSpec());
        chooseOut.setOnAction(e -> chooseOut());
        run.setOnAction(e -> start());
        stop.setOnAction(e -> {
            runner.stop();
            stop.setDisable(true);
            progressText.setText(progressText.getText() + " · stopping…");
        });
        redraw.setOnFinished(e -> results.refresh());

        HBox specRow = new HBox(8, openSpec, examples, specName);
        specRow.setAlignment(Pos.CENTER_LEFT);
        HBox outRow = new HBox(8, out, chooseOut, new Label("Threads"), jobs, run, stop);
        outRow.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(out, Priority.ALWAYS);
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        grid.addRow(0, fixed(new Label("Spec")), specRow);
        grid.addRow(1, new Label(""), specInfo);
        grid.addRow(2, fixed(new Label("Results in")), outRow);
        for (javafx.scene.control.Control c : List.of(openSpec, chooseOut, run, stop, jobs, examples)) fixed(c);
        specName.setMinWidth(0);
        GridPane.setHgrow(outRow, Priority.ALWAYS);
        GridPane.setHgrow(specInfo, Priority.ALWAYS);
        HBox progressRow = new HBox(10, progress, progressText);
        progressRow.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(progress, Priority.ALWAYS);
        progressText.setMinWidth(300);
        VBox root = new VBox(10, grid, progressRow, problems, results.node());
        VBox.setVgrow(results.node(), Priority.ALWAYS);
        root.setPadding(new Insets(14));
        Scene scene = new Scene(root, 980, 780);
        scene.getStylesheets().add(Stylesheet.url());
        stage.setScene(scene);
        stage.setOnCloseRequest(e -> runner.stop());
    }

    /** A control that keeps its preferred width when the row is short of room (the spec's name gives way instead). */
    private static <C extends javafx.scene.control.Control> C fixed(C c) {
        c.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        return c;
    }

    /** Opens the window; {@code opener} opens a run in the main window. */
    public static ExperimentsWindow open(Window owner, RunOpener opener) {
        ExperimentsWindow w = new ExperimentsWindow(owner, opener);
        w.stage.show();
        return w;
    }

    public Stage stage() {
        return stage;
    }

    /** Shows the window again (File › Experiments… a second time). */
    public void toFront() {
        stage.show();
        stage.toFront();
    }

    /** Opens a spec: its axes and run count, and an empty chart; or its problems, with file:line:col. */
    public void load(Path file) {
        if (runner.running()) {
            say("Stop the sweep before opening another spec.");
            return;
        }
        try {
            spec = SpecSummary.load(file);
        } catch (ScenarioException e) {
            spec = null;
            live = null;
            run.setDisable(true);
            specName.setText(file.getFileName().toString());
            specInfo.setText("");
            say("Cannot open " + file + ":\n" + String.join("\n", e.problems()));
            return;
        }
        say("");
        specName.setText(spec.name() + "  [" + file.getFileName() + "]");
        specName.setTooltip(new javafx.scene.control.Tooltip(spec.name() + "\n" + file.toAbsolutePath()));
        List<String> axes = spec.axisLines();
        specInfo.setText((axes.isEmpty() ? "No axes" : String.join("\n", axes)) + "\n" + spec.countLine());
        out.setText(spec.defaultOut().toString());
        progress.setProgress(0);
        progressText.setText("0 / " + spec.runs() + " runs");
        live = new LiveResults(spec.spec(), spec.points());
        resultsDir = spec.defaultOut();
        showRunsIn(resultsDir);
        results.show(live);
        run.setDisable(false);
    }

    /** A sweep run before (here or with the {@code sweep} command) is shown at once: its runs, and Run to resume it. */
    private void showRunsIn(Path dir) {
        if (!java.nio.file.Files.isRegularFile(dir.resolve(dev.lockstep.experiment.RunLog.FILE))) return;
        try {
            for (RunRecord r : dev.lockstep.experiment.RunLog.records(dir)) live.add(r);
        } catch (java.io.IOException e) {
            say(String.valueOf(e.getMessage()));
            return;
        }
        progress.setProgress(live.runsDone() / (double) Math.max(1, spec.runs()));
        progressText.setText(live.runsDone() + " / " + spec.runs() + " runs in the directory"
                + (live.runsDone() < spec.runs() ? "; Run resumes" : ""));
    }

    /** Runs (or resumes) the open spec into the output directory. */
    public void start() {
        if (spec == null || runner.running()) return;
        String dir = out.getText().trim();
        if (dir.isEmpty()) {
            say("Choose a directory for the results.");
            return;
        }
        say("");
        live = new LiveResults(spec.spec(), spec.points()); // the directory's runs come first, as the sweep reads them
        resultsDir = Path.of(dir).toAbsolutePath();
        results.replace(live);
        busy(true);
        runner.start(spec.spec(), Path.of(dir), jobs.getValue(), new SweepRunner.Events() {
            @Override
            public void runs(List<RunRecord> batch, ProgressLine p) {
                for (RunRecord r : batch) live.add(r);
                progress.setProgress(p.fraction());
                progressText.setText(p.text());
                if (!batch.isEmpty() && redraw.getStatus() != javafx.animation.Animation.Status.RUNNING) redraw.playFromStart();
            }

            @Override
            public void ended(String message, List<String> problemLines) {
                busy(false);
                redraw.stop();
                results.refresh();
                progressText.setText(progressText.getText().replace(" · stopping…", ""));
                if (problemLines.isEmpty()) {
                    progress.setProgress(live.runsDone() / (double) Math.max(1, spec.runs()));
                    if (live.runsDone() == spec.runs()) progressText.setText(spec.runs() + " / " + spec.runs() + " runs · done");
                    say(message, false);
                } else {
                    say(message + "\n" + String.join("\n", problemLines));
                }
            }
        });
    }

    /** Whether a sweep is running (tests wait for the end). */
    public boolean running() {
        return runner.running();
    }

    private void busy(boolean on) {
        run.setDisable(on);
        stop.setDisable(!on);
        openSpec.setDisable(on);
        examples.setDisable(on || examples.getItems().isEmpty());
        out.setDisable(on);
        chooseOut.setDisable(on);
        jobs.setDisable(on);
    }

    private void say(String text) {
        say(text, true);
    }

    /** The message line under the progress bar: a problem in red, or what happened. */
    private void say(String text, boolean problem) {
        problems.setText(text);
        problems.getStyleClass().remove("problem");
        if (problem) problems.getStyleClass().add("problem");
        problems.setManaged(!text.isEmpty());
        problems.setVisible(!text.isEmpty());
    }

    private void chooseSpec() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open a sweep spec");
        Path dir = Path.of("experiments").toAbsolutePath();
        if (spec != null && spec.file().toAbsolutePath().getParent() != null) dir = spec.file().toAbsolutePath().getParent();
        if (dir.toFile().isDirectory()) fc.setInitialDirectory(dir.toFile());
        fc.getExtensionFilters().setAll(new FileChooser.ExtensionFilter("Sweep specs (*.json)", "*.json"),
                new FileChooser.ExtensionFilter("All files", "*"));
        File f = fc.showOpenDialog(stage);
        if (f == null) return;
        examples.setValue(null); // the list shows an example only while it is the spec open
        load(f.toPath());
    }

    private void chooseOut() {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle("A directory for the sweep's results (a new one, or one to resume)");
        Path current = Path.of(out.getText().isBlank() ? "." : out.getText().trim()).toAbsolutePath();
        Path parent = current.getParent();
        if (parent != null && parent.toFile().isDirectory()) dc.setInitialDirectory(parent.toFile());
        File f = dc.showDialog(stage);
        if (f != null) out.setText(f.getPath());
    }
}
