package dev.lockstep.app.window;

import dev.lockstep.core.Call;
import java.util.List;
import java.util.Locale;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;

/**
 * The person's changes to the run — calls, links, cuts, moves, the workload, the scheduler —
 * each a session input (recorded, replayable) told in the narration.
 */
public final class Inputs {
    private final WindowState state;
    private final Failures failures;
    private final Stepping stepping;
    private final Autosaving autosaving;
    /** The last position a drag was applied at: {node, x, y} (a drag's tiny moves are skipped). */
    private double[] lastDrag;

    Inputs(WindowState state, Failures failures, Stepping stepping, Autosaving autosaving) {
        this.state = state;
        this.failures = failures;
        this.stepping = stepping;
        this.autosaving = autosaving;
    }

    /** Applies an input, narrated as {@code note} (and when it takes effect, if not at once). */
    void input(String note, List<Integer> nodes, Runnable apply) {
        failures.guarded(note, () -> {
            boolean later = state.session.midRound() && state.session.simulation().executionsThisRound() > 0;
            quietly(apply);
            state.watcher.note(state.session.round(), nodes, "You: " + note
                    + (later ? " (this round's executions have started: it applies when round " + (state.session.round() + 1) + " begins)" : ""));
            stepping.afterStep(false);
            autosaving.save();
        });
    }

    /** Runs a change whose moves are not narrated one by one (the input's own line tells it). */
    private void quietly(Runnable apply) {
        state.watcher.quietMoves(true);
        try {
            apply.run();
        } finally {
            state.watcher.quietMoves(false);
        }
    }

    /** Lock or Unlock at node u (the application's call, made by the person). */
    public void call(int u, Call c) {
        input((c == Call.LOCK ? "Lock" : "Unlock") + " at " + state.name(u), List.of(u), () -> state.session.call(u, c));
    }

    public void link(int u, int v) {
        input("link " + state.name(u) + "–" + state.name(v), List.of(u, v), () -> state.session.link(u, v));
    }

    public void cut(int u, int v) {
        input("cut " + state.name(u) + "–" + state.name(v), List.of(u, v), () -> state.session.cut(u, v));
    }

    /** The adversary crashes u (it stops for good; its links fail). */
    public void crash(int u) {
        input("crash " + state.name(u), List.of(u), () -> state.session.crash(u));
    }

    /** The adversary destroys a message in transit to {@code to} ("drop the token"). */
    public void lose(int to, long message, String what) {
        input("lose " + what, List.of(to), () -> state.session.lose(to, message));
    }

    /** Links u and v on the given ports (a recorded input). */
    public void linkOnPorts(int u, int v, int pu, int pv) {
        input("link " + state.name(u) + "–" + state.name(v) + " on ports " + pu + " and " + pv, List.of(u, v),
                () -> state.session.link(u, v, pu, pv));
    }

    /** Moves a node; intermediate positions of a drag only matter on a unit disk (edges follow). */
    public void move(int u, double x, double y, boolean finished) {
        if (!finished) {
            if (state.session.unitDisk() <= 0) return;
            double step = Math.max(0.02, state.session.unitDisk() * 0.04);
            if (lastDrag != null && lastDrag[0] == u && Math.hypot(lastDrag[1] - x, lastDrag[2] - y) < step) return;
            lastDrag = new double[] {u, x, y};
            failures.guarded("Move", () -> {
                quietly(() -> state.session.move(u, x, y));
                stepping.afterStep(false);
                autosaving.save(); // a recorded input like any other: a journal line, not a full save
            });
            return;
        }
        lastDrag = null;
        input(String.format(Locale.ROOT, "moved %s to (%.2f, %.2f)", state.name(u), x, y), List.of(u), () -> state.session.move(u, x, y));
    }

    void setWorkload(boolean on) {
        if (state.syncing || on == state.session.workload()) return;
        input("workload " + (on ? "on" : "off"), List.of(), () -> state.session.workload(on));
    }

    /** Manual mode, edge tool: asks which ports the new edge takes (open ports, lowest by default). */
    void askPortsAndLink(int u, int v) {
        long ou = state.sim().graph().openPorts(u);
        long ov = state.sim().graph().openPorts(v);
        if (ou == 0 || ov == 0) {
            link(u, v); // refused, with the reason shown
            return;
        }
        ComboBox<Integer> pu = portChooser(ou);
        ComboBox<Integer> pv = portChooser(ov);
        pu.setId("port-u");
        pv.setId("port-v");
        Dialog<ButtonType> d = new Dialog<>();
        d.initOwner(state.stage);
        d.setTitle("Lockstep: link " + state.name(u) + "–" + state.name(v));
        d.setHeaderText("Which ports does the edge " + state.name(u) + "–" + state.name(v) + " take?");
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(6);
        g.addRow(0, new Label("port at " + state.name(u)), pu);
        g.addRow(1, new Label("port at " + state.name(v)), pv);
        d.getDialogPane().setContent(g);
        ButtonType linkButton = new ButtonType("Link", ButtonBar.ButtonData.OK_DONE);
        d.getDialogPane().getButtonTypes().setAll(linkButton, ButtonType.CANCEL);
        d.resultProperty().addListener((o, a, b) -> {
            if (b == linkButton) linkOnPorts(u, v, pu.getValue(), pv.getValue());
        });
        d.show();
    }

    private static ComboBox<Integer> portChooser(long open) {
        ComboBox<Integer> c = new ComboBox<>();
        for (long s = open; s != 0; s &= s - 1) c.getItems().add(Long.numberOfTrailingZeros(s));
        c.setValue(c.getItems().get(0));
        return c;
    }
}
