package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.app.experiments.ExperimentSpecs;
import dev.lockstep.app.experiments.ExperimentsWindow;
import dev.lockstep.experiment.RunLog;
import dev.lockstep.json.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/** File › Experiments…: runs a small sweep with progress, charts it as runs arrive, and opens a run in the main window. */
class ExperimentsWindowTest extends AppFixture {

    Stage openWindow() {
        MenuItem item = fx(() -> {
            MenuBar bar = (MenuBar) stage.getScene().getRoot().lookup(".menu-bar");
            for (MenuItem m : bar.getMenus().get(0).getItems()) if ("Experiments…".equals(m.getText())) return m;
            return null;
        });
        assertTrue(item != null, "the File menu has Experiments…");
        assertEquals(new KeyCodeCombination(KeyCode.X, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN), item.getAccelerator());
        fx(item::fire);
        waitUntil("the Experiments window shows", () -> experiments() != null);
        return experiments();
    }

    Stage experiments() {
        return fx(() -> {
            for (Window w : Window.getWindows()) {
                if (w instanceof Stage s && s != stage && s.isShowing() && s.getScene() != null
                        && s.getScene().getRoot().lookup("#xwin-run") != null) return s;
            }
            return null;
        });
    }

    static Node find(Stage w, String id) {
        return w.getScene().getRoot().lookup(id);
    }

    static void waitLong(String what, java.util.concurrent.Callable<Boolean> c) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, c);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting until " + what);
        }
    }

    @SuppressWarnings("unchecked")
    @Test
    void runsASpecChartsItAndOpensARunInTheMainWindow() throws Exception {
        Stage w = openWindow();
        ExperimentsWindow xw = fx(() -> (ExperimentsWindow) w.getUserData());
        // the working directory's experiments/ are offered
        List<Path> examples = fx(() -> List.copyOf(((ComboBox<Path>) find(w, "#xwin-examples")).getItems()));
        assertTrue(examples.stream().anyMatch(p -> p.getFileName().toString().equals("lme-k-sweep.json")), examples.toString());

        Path spec = ExperimentSpecs.small(home, 40);
        fx(() -> xw.load(spec));
        String info = fx(() -> ((Labeled) find(w, "#xwin-spec-info")).getText());
        assertTrue(info.contains("K (/params/K): 2, 4") && info.contains("4 points × 2 seeds = 8 runs of 40 rounds"), info);
        Path out = home.resolve("small-sweep-results");
        assertEquals(out.toAbsolutePath().toString(), fx(() -> ((TextField) find(w, "#xwin-out")).getText()), "the default: beside the spec");

        robot().clickOn(fx(() -> find(w, "#xwin-run")));
        waitLong("the sweep ends", () -> !fx(xw::running) && fx(() -> !find(w, "#xwin-run").isDisabled()));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1.0, fx(() -> ((ProgressBar) find(w, "#xwin-progress")).getProgress()));
        assertTrue(fx(() -> ((Labeled) find(w, "#xwin-progress-text")).getText()).startsWith("8 / 8 runs"));
        assertTrue(fx(() -> ((Labeled) find(w, "#xwin-problems")).getText()).startsWith("Done: 8 runs"));
        assertEquals(8, RunLog.records(out).size());

        // measure against K, one line per activation: 2 series of 2 points, means of the runs
        LineChart<Number, Number> chart = fx(() -> (LineChart<Number, Number>) find(w, "#xwin-chart"));
        assertEquals("K", fx(() -> ((ComboBox<String>) find(w, "#xwin-x")).getValue()));
        assertEquals("activation", fx(() -> ((ComboBox<String>) find(w, "#xwin-series")).getValue()));
        fx(() -> ((ComboBox<String>) find(w, "#xwin-measure")).setValue("rounds"));
        List<XYChart.Series<Number, Number>> series = fx(() -> List.copyOf(chart.getData()));
        assertEquals(List.of("activation = 0.5", "activation = 1.0"), series.stream().map(XYChart.Series::getName).toList());
        for (XYChart.Series<Number, Number> s : series) {
            assertEquals(List.of(2.0, 4.0), fx(() -> s.getData().stream().map(d -> d.getXValue().doubleValue()).toList()));
            assertEquals(List.of(40.0, 40.0), fx(() -> s.getData().stream().map(d -> d.getYValue().doubleValue()).toList()),
                    "every run ran the spec's 40 rounds");
        }
        // messages sent: a bar of ± sd at each point whose runs differ, in the series' colour
        fx(() -> ((ComboBox<String>) find(w, "#xwin-measure")).setValue("messagesSent"));
        WaitForAsyncUtils.waitForFxEvents();
        long spread = fx(() -> chart.getData().stream().flatMap(s -> s.getData().stream())
                .filter(d -> d.getExtraValue() instanceof Double sd && sd > 0).count());
        assertTrue(spread > 0, "the seeds' runs differ somewhere");
        assertEquals(spread, (long) fx(() -> chart.lookupAll(".spread-bar").size()));
        fx(() -> ((javafx.scene.control.CheckBox) find(w, "#xwin-spread")).setSelected(false));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, (int) fx(() -> chart.lookupAll(".spread-bar").size()));
        TableView<?> table = fx(() -> (TableView<?>) find(w, "#xwin-table"));
        assertEquals(4, fx(() -> table.getItems().size()), "one row per point");

        // Open run: p3 (K 4, activation 0.5) with seed 2, in the main window
        fx(() -> table.getSelectionModel().select(2));
        fx(() -> ((ComboBox<Long>) find(w, "#xwin-seed")).setValue(2L));
        // the session on screen has an input: as File › Open, Open run asks before discarding it
        fx(() -> window.call(node("a"), dev.lockstep.core.Call.LOCK));
        robot().clickOn(fx(() -> find(w, "#xwin-open-run")));
        press(onlyDialog(), "Open p3.json with seed 2");
        waitUntil("the main window shows the run", () -> fx(() -> window.session().seed()) == 2L);
        assertEquals(out.resolve("points").resolve("p3.json").toString(), fx(() -> window.session().scenario().file()));
        JsonValue.Obj params = (JsonValue.Obj) fx(() -> window.session().scenario().json()).get("params");
        assertEquals("4", ((JsonValue.Num) params.get("K")).text());
        assertEquals(0, round(), "a new run from round 0");
        String title = fx(stage::getTitle);
        assertTrue(title.startsWith("Lockstep — Ring of 8"), title);

        String shot = System.getProperty("xwin.snapshot");
        if (shot != null) fx(() -> {
            try {
                LockstepApp.writePng(w.getScene().snapshot(null), Path.of(shot));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    @SuppressWarnings("unchecked")
    @Test
    void stopKeepsTheRunsWrittenAndRunResumes() throws Exception {
        Stage w = openWindow();
        ExperimentsWindow xw = fx(() -> (ExperimentsWindow) w.getUserData());
        Path spec = ExperimentSpecs.small(home, 800, 15);
        fx(() -> xw.load(spec));
        fx(() -> ((javafx.scene.control.Spinner<Integer>) find(w, "#xwin-jobs")).getValueFactory().setValue(1));
        Path out = home.resolve("small-sweep-results");
        fx(() -> ((ComboBox<String>) find(w, "#xwin-measure")).setValue("messagesSent"));
        // Stop as soon as the first run shows (a robot's click could come after the last run: they take milliseconds)
        java.util.concurrent.atomic.AtomicBoolean stopped = new java.util.concurrent.atomic.AtomicBoolean();
        fx(() -> ((ProgressBar) find(w, "#xwin-progress")).progressProperty().addListener((o, a, b) -> {
            javafx.scene.control.Button stop = (javafx.scene.control.Button) find(w, "#xwin-stop");
            if (b.doubleValue() > 0 && !stop.isDisabled() && stopped.compareAndSet(false, true)) stop.fire();
        }));
        robot().clickOn(fx(() -> find(w, "#xwin-run")));
        waitLong("the sweep stops", () -> !fx(xw::running) && fx(() -> !find(w, "#xwin-run").isDisabled()));
        String said = fx(() -> ((Labeled) find(w, "#xwin-problems")).getText());
        assertTrue(said.startsWith("Stopped at "), said);
        int written = RunLog.records(out).size();
        assertTrue(written > 0 && written < 60, written + " of 60 runs written before Stop");
        TableView<dev.lockstep.app.experiments.LiveResults.Row> table = fx(() -> (TableView<dev.lockstep.app.experiments.LiveResults.Row>) find(w, "#xwin-table"));
        assertEquals(written, (int) fx(() -> table.getItems().stream().mapToInt(dev.lockstep.app.experiments.LiveResults.Row::runs).sum()),
                "the table shows every run written");

        robot().clickOn(fx(() -> find(w, "#xwin-run")));
        waitLong("the sweep ends", () -> !fx(xw::running) && fx(() -> !find(w, "#xwin-run").isDisabled()));
        String done = fx(() -> ((Labeled) find(w, "#xwin-problems")).getText());
        assertTrue(done.startsWith("Done: 60 runs (" + written + " were already in the directory)"), done);
        assertEquals(60, RunLog.records(out).stream().map(r -> r.point() + "/" + r.seed()).distinct().count());
        assertEquals(60, RunLog.records(out).size(), "no run twice");
        assertEquals(60, (int) fx(() -> table.getItems().stream().mapToInt(dev.lockstep.app.experiments.LiveResults.Row::runs).sum()));
        assertEquals(1.0, fx(() -> ((ProgressBar) find(w, "#xwin-progress")).getProgress()));
        assertEquals("messagesSent", fx(() -> ((ComboBox<String>) find(w, "#xwin-measure")).getValue()), "Run keeps the measure chosen");
    }

    @Test
    void aBadSpecIsShownWithFileLineAndColumn() throws Exception {
        Stage w = openWindow();
        ExperimentsWindow xw = fx(() -> (ExperimentsWindow) w.getUserData());
        Path bad = home.resolve("bad.json");
        Files.writeString(bad, "{\"base\": \"" + Path.of("sample-runs/ring-8.json").toAbsolutePath().toString().replace("\\", "/")
                + "\",\n  \"axes\": {\"K\": []}}\n");
        fx(() -> xw.load(bad));
        String problems = fx(() -> ((Labeled) find(w, "#xwin-problems")).getText());
        assertTrue(problems.contains(bad + ":2:17: $.axes.K: axis \"K\" has no values"), problems);
        assertTrue(fx(() -> find(w, "#xwin-run").isDisabled()), "nothing to run");
    }
}
