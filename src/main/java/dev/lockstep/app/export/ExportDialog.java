package dev.lockstep.app.export;

import dev.lockstep.app.window.panel.Stylesheet;
import dev.lockstep.session.Session;
import java.io.File;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The window's export dialog: format, range (rounds or action executions), size, frames per
 * second and per step, caption, output; a progress bar and Cancel. The export runs on a thread
 * of its own, on a replay of the session on screen (its scenario, seed and the inputs of the
 * current branch), so the window stays responsive and its run is never moved.
 */
public final class ExportDialog {
    private final Stage stage = new Stage();
    private final Supplier<Session> live;
    final ChoiceBox<ExportSpec.Format> format = new ChoiceBox<>();
    final ChoiceBox<String> unit = new ChoiceBox<>();
    final Spinner<Integer> from = new Spinner<>(0, Integer.MAX_VALUE - 1, 0);
    final Spinner<Integer> to = new Spinner<>(0, Integer.MAX_VALUE - 1, 40);
    final Spinner<Integer> width = new Spinner<>(16, 7680, ExportSpec.DEFAULT_WIDTH, 2);
    final Spinner<Integer> height = new Spinner<>(16, 4320, ExportSpec.DEFAULT_HEIGHT, 2);
    final Spinner<Integer> fps = new Spinner<>(1, 100, ExportSpec.DEFAULT_FPS);
    final Spinner<Integer> perStep = new Spinner<>(1, 120, 1);
    final CheckBox caption = new CheckBox("Caption line (the narration of the actions shown)");
    final TextField out = new TextField();
    final ProgressBar progress = new ProgressBar(0);
    final Label status = new Label("");
    final Button start = new Button("Export");
    final Button cancel = new Button("Close");
    private volatile Exporter running;
    private Thread worker;

    static final String ROUNDS = "rounds";
    static final String STEPS = "action executions (steps)";

    private ExportDialog(Window owner, Supplier<Session> live) {
        this.live = live;
        stage.initOwner(owner);
        stage.setTitle("Lockstep: export an animation or figure");

        format.getItems().setAll(ExportSpec.Format.values());
        format.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(ExportSpec.Format f) {
                return f == null ? "" : switch (f) {
                    case GIF -> "GIF (animated, looping)";
                    case MP4 -> "MP4 (H.264 video)";
                    case PNG -> "PNG frames (a directory)";
                    case SVG -> "SVG (one moment)";
                    case TIKZ -> "TikZ (one moment, LaTeX)";
                };
            }

            @Override
            public ExportSpec.Format fromString(String s) {
                return null;
            }
        });
        format.setValue(ExportSpec.Format.GIF);
        format.setId("export-format");
        unit.getItems().setAll(ROUNDS, STEPS);
        unit.setValue(ROUNDS);
        unit.setId("export-unit");
        for (Spinner<Integer> s : java.util.List.of(from, to, width, height, fps, perStep)) {
            s.setEditable(true);
            s.setPrefWidth(110);
        }
        from.setId("export-from");
        to.setId("export-to");
        width.setId("export-width");
        height.setId("export-height");
        fps.setId("export-fps");
        perStep.setId("export-per-step");
        caption.setSelected(true);
        caption.setId("export-caption");
        out.setId("export-out");
        out.setPrefColumnCount(32);
        progress.setId("export-progress");
        progress.setMaxWidth(Double.MAX_VALUE);
        status.setId("export-status");
        status.setWrapText(true);
        start.setId("export-start");
        start.setDefaultButton(true);
        cancel.setId("export-cancel");

        Button choose = new Button("Choose…");
        choose.setOnAction(e -> chooseOutput());
        HBox outRow = new HBox(6, out, choose);
        HBox.setHgrow(out, Priority.ALWAYS);
        HBox range = new HBox(6, from, new Label("to"), to, unit);
        range.setAlignment(Pos.CENTER_LEFT);
        HBox size = new HBox(6, width, new Label("×"), height, new Label("px"));
        size.setAlignment(Pos.CENTER_LEFT);
        HBox timing = new HBox(6, fps, new Label("frames per second,"), perStep, new Label("frames per step"));
        timing.setAlignment(Pos.CENTER_LEFT);

        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        int row = 0;
        grid.addRow(row++, new Label("Format"), format);
        grid.addRow(row++, new Label("Range"), range);
        grid.addRow(row++, new Label("Size"), size);
        grid.addRow(row++, new Label("Timing"), timing);
        grid.addRow(row++, new Label(""), caption);
        grid.addRow(row++, new Label("Save to"), outRow);

        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox buttons = new HBox(8, gap, start, cancel);
        Label hint = new Label("Exports a replay of the run on screen (the current branch); the window is not moved. "
                + "A range counts rounds (the start of each), or action executions like the timeline's steps. "
                + "SVG and TikZ show the single moment “from”.");
        hint.setWrapText(true);
        hint.getStyleClass().add("dim");
        VBox root = new VBox(12, grid, hint, progress, status, buttons);
        root.setPadding(new Insets(14));
        root.setPrefWidth(640);
        Scene scene = new Scene(root);
        scene.getStylesheets().add(Stylesheet.url());
        stage.setScene(scene);

        format.valueProperty().addListener((o, a, f) -> formatChanged(f));
        start.setOnAction(e -> start());
        cancel.setOnAction(e -> {
            Exporter r = running;
            if (r != null) {
                r.cancel();
                status.setText("Cancelling…");
            } else {
                stage.close();
            }
        });
        stage.setOnCloseRequest(e -> {
            Exporter r = running;
            if (r != null) r.cancel();
        });
    }

    /** Opens the dialog for the session on screen (asked for when the export starts). */
    public static ExportDialog open(Window owner, Supplier<Session> live, String baseName) {
        ExportDialog d = new ExportDialog(owner, live);
        Session s = live.get();
        int round = s.round();
        d.to.getValueFactory().setValue(Math.max(round, 10));
        d.from.getValueFactory().setValue(Math.max(0, d.to.getValue() - ExportSpec.DEFAULT_SPAN));
        Path dir = Path.of(System.getProperty("user.home", "."));
        d.out.setText(dir.resolve(baseName + ".gif").toString());
        d.stage.show();
        return d;
    }

    public Stage stage() {
        return stage;
    }

    /** Whether an export is under way. */
    public boolean running() {
        return running != null;
    }

    private void formatChanged(ExportSpec.Format f) {
        enableFor(f);
        String text = out.getText();
        int slash = Math.max(text.lastIndexOf('/'), text.lastIndexOf(File.separatorChar));
        int dot = text.lastIndexOf('.');
        String base = (dot > slash ? text.substring(0, dot) : text).replaceAll("-frames$", "");
        out.setText(f == ExportSpec.Format.PNG ? base + "-frames" : base + "." + (f == ExportSpec.Format.TIKZ ? "tex" : f.id()));
    }

    private void enableFor(ExportSpec.Format f) {
        boolean figure = f.figure();
        to.setDisable(figure);
        fps.setDisable(figure);
        perStep.setDisable(figure);
    }

    private void chooseOutput() {
        Path current = Path.of(out.getText().isBlank() ? "." : out.getText()).toAbsolutePath();
        File chosen;
        if (format.getValue() == ExportSpec.Format.PNG) {
            DirectoryChooser dc = new DirectoryChooser();
            dc.setTitle("A new or empty directory for the frames");
            if (current.getParent() != null && current.getParent().toFile().isDirectory()) dc.setInitialDirectory(current.getParent().toFile());
            chosen = dc.showDialog(stage);
        } else {
            FileChooser fc = new FileChooser();
            fc.setTitle("Export to");
            if (current.getParent() != null && current.getParent().toFile().isDirectory()) fc.setInitialDirectory(current.getParent().toFile());
            fc.setInitialFileName(current.getFileName().toString());
            chosen = fc.showSaveDialog(stage);
        }
        if (chosen != null) out.setText(chosen.getPath());
    }

    private ExportSpec spec() {
        commit(from, to, width, height, fps, perStep);
        ExportSpec.Format f = format.getValue();
        if (out.getText().isBlank()) throw new IllegalArgumentException("choose where to save the export");
        return new ExportSpec(f, Path.of(out.getText().trim()), from.getValue(), f.figure() ? from.getValue() : to.getValue(),
                STEPS.equals(unit.getValue()), width.getValue(), height.getValue(), fps.getValue(), perStep.getValue(), caption.isSelected());
    }

    /** Typed-in spinner values count even without Enter. */
    @SafeVarargs
    private static void commit(Spinner<Integer>... spinners) {
        for (Spinner<Integer> s : spinners) {
            String t = s.getEditor().getText().trim();
            try {
                s.getValueFactory().setValue(Integer.parseInt(t));
            } catch (NumberFormatException e) {
                s.getEditor().setText(Integer.toString(s.getValue()));
                throw new IllegalArgumentException("not a whole number: \"" + t + "\"");
            }
        }
    }

    /** Starts exporting (on the JavaFX thread: takes the session's inputs, then works on a thread of its own). */
    void start() {
        if (running != null) return;
        ExportSpec spec;
        try {
            spec = spec();
        } catch (IllegalArgumentException e) {
            status.setText("Cannot export: " + e.getMessage());
            return;
        }
        String sessionJson = live.get().toJson();
        busy(true);
        progress.setProgress(0);
        status.setText("Replaying the run…");
        worker = new Thread(() -> work(spec, sessionJson), "lockstep-export");
        worker.setDaemon(true);
        worker.start();
    }

    private void work(ExportSpec spec, String sessionJson) {
        String result;
        try {
            Session copy = Session.parse(sessionJson, "the session on screen");
            Exporter e = Exporter.of(copy, spec);
            running = e;
            Platform.runLater(() -> status.setText("Exporting " + e.total() + " frame" + (e.total() == 1 ? "" : "s") + "…"));
            Path written = e.run((done, total) -> Platform.runLater(() -> {
                progress.setProgress(done / (double) total);
                if (running != null && !running.cancelled()) status.setText(String.format(Locale.ROOT, "Frame %d of %d", done, total));
            }));
            result = "Saved " + written + " (" + e.total() + " frame" + (e.total() == 1 ? "" : "s") + ", " + spec.width() + "×"
                    + spec.height() + ").";
        } catch (CancellationException e) {
            result = "Cancelled: nothing was written.";
        } catch (Exception e) {
            result = "Export failed, nothing was written: " + (e.getMessage() == null ? e.toString() : e.getMessage());
        }
        String text = result;
        Platform.runLater(() -> {
            running = null;
            busy(false);
            status.setText(text);
            if (text.startsWith("Saved")) progress.setProgress(1);
        });
    }

    private void busy(boolean on) {
        start.setDisable(on);
        cancel.setText(on ? "Cancel" : "Close");
        for (javafx.scene.Node n : java.util.List.of(format, unit, from, to, width, height, fps, perStep, caption, out)) n.setDisable(on);
        if (!on) enableFor(format.getValue());
    }

    /** The export thread (tests wait for it). */
    Thread worker() {
        return worker;
    }
}
