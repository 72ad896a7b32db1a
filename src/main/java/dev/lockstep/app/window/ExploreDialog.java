package dev.lockstep.app.window;

import dev.lockstep.app.window.panel.Dialogs;
import dev.lockstep.core.Simulation;
import dev.lockstep.explore.ExplorationProgress;
import dev.lockstep.explore.ExplorationResult;
import dev.lockstep.explore.Finding;
import dev.lockstep.session.Session;
import java.util.List;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;

/**
 * Run › Explore from here…: the bounds, the search on a thread of its own with a progress line
 * and Cancel, and the verdict with a Show button per violated check. The dialog is modal to the
 * window, so the session cannot move under a running search; the window keeps drawing.
 */
final class ExploreDialog {
    private final WindowState state;
    private final Stepping stepping;
    private final Failures failures;
    private final Autosaving autosaving;
    private final StatusBar status;
    private final Dialog<ButtonType> dialog = new Dialog<>();
    private final ExploreRun run = new ExploreRun(Platform::runLater);

    private final Spinner<Integer> depth = spinner("explore-depth", 1, 100_000, 1);
    private final Spinner<Integer> states = spinner("explore-states", 1_000, 100_000_000, 10_000);
    private final Spinner<Integer> lockCalls = spinner("explore-lock-calls", 0, 127, 1);
    private final CheckBox unlock = new CheckBox("Unlock at a node holding its locks");
    private final Spinner<Integer> topology = spinner("explore-topology", 0, 127, 1);
    private final TextField linkable = new TextField();
    private final Label problem = wrapped("explore-problem");
    private final Button finish = new Button("Finish the round");
    private final Label warning = wrapped("explore-warning");
    private final Button explore = new Button("Explore");
    private final Button cancel = new Button("Cancel search");
    private final ProgressBar bar = new ProgressBar(0);
    private final Label progressLine = new Label("Not started.");
    private final Label verdict = wrapped("explore-verdict");
    private final VBox findings = new VBox(4);
    private VBox content;
    private ExploreBounds bounds;
    /** The copy the running or finished search started from, and the session it came from. */
    private Simulation start;
    private Session startSession;

    private ExploreDialog(WindowState state, Stepping stepping, Failures failures, Autosaving autosaving, StatusBar status) {
        this.state = state;
        this.stepping = stepping;
        this.failures = failures;
        this.autosaving = autosaving;
        this.status = status;
    }

    /** Opens the dialog on the session's current moment. */
    static ExploreDialog open(WindowState state, Stepping stepping, Failures failures, Autosaving autosaving, StatusBar status) {
        state.pause();
        ExploreDialog d = new ExploreDialog(state, stepping, failures, autosaving, status);
        d.build();
        d.dialog.show();
        return d;
    }

    private void build() {
        Simulation sim = state.sim();
        ExploreBounds b = ExploreBounds.defaults(sim);
        depth.getValueFactory().setValue(b.depth());
        states.getValueFactory().setValue(b.maxStates());
        lockCalls.getValueFactory().setValue(b.lockCalls());
        unlock.setSelected(b.unlock());
        unlock.setId("explore-unlock");
        topology.getValueFactory().setValue(b.topologyChanges());
        linkable.setText(ExploreBounds.pairs(sim, b.linkable()));
        linkable.setId("explore-linkable");
        linkable.setPromptText("x–y, y–z");
        GridPane form = new GridPane();
        form.setHgap(10);
        form.setVgap(6);
        form.addRow(0, new Label("Depth (rounds from here)"), depth);
        form.addRow(1, new Label("At most this many states"), states);
        form.addRow(2, new Label("Lock calls per node"), lockCalls);
        form.addRow(3, new Label("Unlock"), unlock);
        form.addRow(4, new Label("Topology changes (cuts and links)"), topology);
        form.addRow(5, new Label("Pairs that may be linked"), linkable);
        GridPane.setHgrow(linkable, Priority.ALWAYS);
        finish.setId("explore-finish");
        finish.setOnAction(e -> finishRound());
        explore.setId("explore-run");
        explore.setDefaultButton(true);
        explore.setOnAction(e -> start());
        cancel.setId("explore-cancel");
        cancel.setDisable(true);
        cancel.setOnAction(e -> run.cancel());
        bar.setId("explore-bar");
        bar.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(bar, Priority.ALWAYS);
        progressLine.setId("explore-progress");
        findings.setId("explore-findings");
        problem.getStyleClass().add("explore-refusal");
        problem.setStyle("-fx-text-fill: #b3261e;");
        warning.setStyle("-fx-text-fill: #8a5a00;");
        content = new VBox(8, form, new HBox(8, problem, finish), warning, new HBox(8, explore, cancel, bar), progressLine,
                verdict, findings);
        content.setPadding(new Insets(4, 0, 0, 0));
        content.setPrefWidth(620);
        content.setMaxWidth(620);
        dialog.initOwner(state.stage);
        dialog.initModality(Modality.WINDOW_MODAL);
        dialog.setResizable(true);
        dialog.setTitle("Lockstep: explore from here");
        dialog.getDialogPane().setId("explore-dialog");
        dialog.getDialogPane().setPrefWidth(660); // the header wraps instead of widening the dialog
        if (state.stage.getScene() != null) dialog.getDialogPane().getStylesheets().setAll(state.stage.getScene().getStylesheets());
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().setAll(new ButtonType("Close", ButtonType.CLOSE.getButtonData()));
        dialog.setOnHidden(e -> run.cancel());
        dialog.setOnShown(e -> fitWindow());
        refreshStart();
        show(warning, ExploreStart.warnings(sim, b));
    }

    /** The header and the refusal or warning for the session's current moment. */
    private void refreshStart() {
        Session s = state.session;
        dialog.setHeaderText("Every adversary from round " + s.round() + " on, within these bounds: each round one move "
                + "(a Lock or Unlock call, one execution with each value of its random draws, a cut or a link).");
        ExploreStart.Problem p = ExploreStart.problem(s);
        show(problem, p == null ? null : p.text());
        finish.setVisible(p != null && p.finishRound());
        finish.setManaged(finish.isVisible());
        explore.setDisable(p != null || run.running());
    }

    private void finishRound() {
        stepping.stepRound();
        refreshStart();
    }

    private void start() {
        Session s = state.session;
        try {
            for (Spinner<Integer> sp : List.of(depth, states, lockCalls, topology)) commit(sp);
            bounds = new ExploreBounds(depth.getValue(), states.getValue(), lockCalls.getValue(), unlock.isSelected(),
                    topology.getValue(), pairs(s.simulation()));
        } catch (IllegalArgumentException e) {
            show(problem, e.getMessage());
            return;
        }
        if (!s.midRound()) stepping.afterStep(false); // the round's start-of-round changes first, as after any step
        refreshStart();
        if (ExploreStart.problem(s) != null) return;
        String bad = ExploreStart.boundsProblem(s.simulation(), bounds);
        show(problem, bad);
        if (bad != null) return;
        show(warning, ExploreStart.warnings(s.simulation(), bounds));
        startSession = s;
        start = s.simulation().copy();
        try {
            run.start(start, bounds.settings(), new ExploreRun.Events() {
                @Override
                public void progress(ExplorationProgress p) {
                    progressLine.setText(ExploreSummary.progress(p));
                    double done = Math.max(p.states() / (double) bounds.maxStates(), p.depth() / (double) bounds.depth());
                    bar.setProgress(done < 0.01 ? -1 : done); // far from both bounds: it runs, how long is unknown
                }

                @Override
                public void ended(ExplorationResult r, RuntimeException failure) {
                    ExploreDialog.this.ended(r, failure);
                }
            });
        } catch (IllegalArgumentException e) {
            show(problem, "This cannot be explored: " + e.getMessage());
            return;
        }
        setRunning(true);
        show(verdict, null);
        findings.getChildren().clear();
        bar.setProgress(-1);
        progressLine.setText("Exploring from round " + start.round() + "…");
    }

    private List<int[]> pairs(Simulation sim) {
        try {
            return ExploreBounds.parsePairs(sim, linkable.getText());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Pairs that may be linked: " + e.getMessage());
        }
    }

    private void setRunning(boolean on) {
        for (var c : List.of(depth, states, lockCalls, unlock, topology, linkable)) c.setDisable(on);
        explore.setDisable(on);
        cancel.setDisable(!on);
    }

    private void ended(ExplorationResult r, RuntimeException failure) {
        setRunning(false);
        refreshStart();
        if (failure != null) {
            bar.setProgress(0);
            show(verdict, "The search failed: " + failure.getMessage());
            return;
        }
        bar.setProgress(r.exhausted() ? 1 : bar.getProgress() < 0 ? 0 : bar.getProgress());
        show(verdict, ExploreSummary.verdict(r, start.config().application()));
        for (Finding f : r.firstFindings().values()) {
            Label text = new Label(ExploreSummary.finding(f));
            text.setWrapText(true);
            text.setMaxWidth(500);
            text.setMinHeight(Region.USE_PREF_SIZE);
            Button show = new Button("Show");
            show.setId("explore-show-" + f.check());
            show.setOnAction(e -> show(f));
            findings.getChildren().add(new HBox(8, show, text));
        }
        fitWindow();
        status.say("Explore from here: " + (r.clean() ? "no violation" : r.firstFindings().size() + " checks violated") + ", "
                + String.format(java.util.Locale.ROOT, "%,d", r.states()) + " states (" + r.stop().text() + ").");
    }

    /** Plays the finding into the session on a branch of its own and pauses at the violation. */
    private void show(Finding f) {
        if (state.session != startSession) {
            show(problem, "Another session is open now: explore again.");
            return;
        }
        dialog.close();
        Session s = state.session;
        failures.guarded("Show the counterexample", () -> {
            ExploreReplay.Outcome o = ExploreReplay.play(s, start, f);
            state.watcher.note(s.round(), f.violation() == null ? List.of() : f.violation().nodes(),
                    "You: explored from round " + start.round() + "; " + (o.shown() ? "replayed " + f.check() + "'s counterexample" : o.message()));
            stepping.afterStep(false); // pauses at the violation: the checks tab, its nodes highlighted
            autosaving.save();
            status.say(o.message());
            if (!o.shown()) Dialogs.info(state.stage, "Lockstep: explore from here", "The counterexample cannot be shown here", o.message());
        });
    }

    private void show(Label label, String text) {
        label.setText(text == null ? "" : text);
        label.setVisible(text != null);
        label.setManaged(text != null);
        fitWindow();
    }

    /** The dialog grows with what it says (a verdict, findings, a refusal), onto the screen. */
    private void fitWindow() {
        // after the next layout pass, which sizes the labels just changed
        Platform.runLater(() -> {
            var pane = dialog.getDialogPane();
            var w = pane.getScene() == null ? null : pane.getScene().getWindow();
            if (w == null || !w.isShowing()) return;
            // wrapped labels report one line's height unless asked at a width: ask the content at its own
            double around = pane.getHeight() - content.getHeight();
            pane.setPrefHeight(around + content.prefHeight(content.getWidth() > 0 ? content.getWidth() : content.getPrefWidth()));
            w.sizeToScene();
            Dialogs.fitOnScreen(dialog);
        });
    }

    private static Label wrapped(String id) {
        Label l = new Label();
        l.setId(id);
        l.setWrapText(true);
        l.setMaxWidth(600);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.setVisible(false);
        l.setManaged(false);
        return l;
    }

    /** A number typed but not yet committed (no Enter) counts too. */
    private static void commit(Spinner<Integer> s) {
        String text = s.getEditor().getText().replace(",", "").replace("_", "").trim();
        try {
            s.getValueFactory().setValue(Integer.parseInt(text));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + s.getEditor().getText() + "\" is not a whole number");
        }
    }

    private static Spinner<Integer> spinner(String id, int min, int max, int step) {
        Spinner<Integer> s = new Spinner<>(min, max, min, step);
        s.setEditable(true);
        s.setId(id);
        s.setPrefWidth(140);
        return s;
    }
}
