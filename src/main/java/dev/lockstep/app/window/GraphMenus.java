package dev.lockstep.app.window;

import dev.lockstep.app.window.panel.ChoicesPanel;
import dev.lockstep.core.Call;
import dev.lockstep.core.Choice;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Point2D;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;

/** The menus shown on the graph: a node's, empty space's, and in manual mode the choices at a node or a message. */
public final class GraphMenus {
    private final WindowState state;
    private final Panels panels;
    private final Selection selection;
    private final Inputs inputs;
    private final ManualMode manual;
    private final ScenarioEdits edits;
    private final StatusBar status;

    GraphMenus(WindowState state, Panels panels, Selection selection, Inputs inputs, ManualMode manual, ScenarioEdits edits,
               StatusBar status) {
        this.state = state;
        this.panels = panels;
        this.selection = selection;
        this.inputs = inputs;
        this.manual = manual;
        this.edits = edits;
        this.status = status;
    }

    private ContextMenu show(String id, List<MenuItem> items, double screenX, double screenY) {
        ContextMenu menu = new ContextMenu(items.toArray(new MenuItem[0]));
        menu.setId(id);
        state.graphMenu = menu;
        menu.show(panels.graphHolder, screenX, screenY);
        return menu;
    }

    private static MenuItem head(String text) {
        MenuItem head = new MenuItem(text);
        head.setDisable(true);
        head.getStyleClass().add("menu-head");
        return head;
    }

    /** The context menu of node u: Lock, Unlock, inspect, narrate only this node. */
    public ContextMenu showNodeMenu(int u, double screenX, double screenY) {
        state.hideGraphMenu();
        Simulation sim = state.sim();
        OperationStatus st = sim.status(u);
        boolean callPending = !sim.pendingCalls(u).isEmpty();
        MenuItem head = head(state.name(u) + ": " + st.name().toLowerCase(Locale.ROOT));
        MenuItem lock = new MenuItem("Lock");
        lock.setId("menu-lock");
        lock.setDisable(st != OperationStatus.IDLE || callPending);
        lock.setOnAction(e -> inputs.call(u, Call.LOCK));
        MenuItem unlock = new MenuItem("Unlock");
        unlock.setId("menu-unlock");
        unlock.setDisable(st != OperationStatus.LOCKED || callPending);
        unlock.setOnAction(e -> inputs.call(u, Call.UNLOCK));
        MenuItem inspect = new MenuItem("Inspect");
        inspect.setOnAction(e -> selection.select(u));
        MenuItem only = new MenuItem("Narrate only " + state.name(u));
        only.setOnAction(e -> panels.narration.filterTo(u));
        MenuItem delete = new MenuItem("Delete node " + state.name(u) + "…");
        delete.setId("menu-delete-node");
        delete.setOnAction(e -> edits.deleteNode(u));
        return show("node-menu", List.of(head, new SeparatorMenuItem(), lock, unlock, new SeparatorMenuItem(), inspect, only,
                new SeparatorMenuItem(), crash(u), lose(u), new SeparatorMenuItem(), delete), screenX, screenY);
    }

    /** The adversary's crash of u (Ctrl-free on purpose: a fault should take a deliberate click). */
    private MenuItem crash(int u) {
        boolean crashed = state.sim().crashed(u);
        MenuItem crash = new MenuItem(crashed ? state.name(u) + " has crashed" : "Crash " + state.name(u));
        crash.setId("menu-crash");
        crash.setDisable(crashed);
        crash.setOnAction(e -> inputs.crash(u));
        return crash;
    }

    /** "Lose a message in transit to u": one item per message, oldest first (KLME's lost token). */
    private MenuItem lose(int u) {
        Simulation sim = state.sim();
        Menu lose = new Menu("Lose a message in transit to " + state.name(u));
        lose.setId("menu-lose");
        for (int i = 0, k = sim.channels().size(u); i < k; i++) {
            Envelope env = sim.channels().get(u, i);
            String what = env.message().label() + " from " + state.name(env.from());
            MenuItem m = new MenuItem(what);
            m.setMnemonicParsing(false);
            m.getStyleClass().add("lose-item");
            m.setOnAction(e -> inputs.lose(u, env.id(), what));
            lose.getItems().add(m);
        }
        lose.setDisable(lose.getItems().isEmpty());
        return lose;
    }

    /**
     * Manual mode, a click on a node: its enabled choices in a menu at the node; picking one
     * executes it (a draw is left to the seeded stream: fixing it is done in the Choices list).
     */
    public ContextMenu showChoicesMenu(int u, double screenX, double screenY) {
        state.hideGraphMenu();
        Simulation sim = state.sim();
        List<Choice> cs = sim.choices(u);
        MenuItem head = head(cs.isEmpty() ? state.name(u) + " has no enabled action now"
                : state.name(u) + " can execute (you are the adversary):");
        List<MenuItem> items = new ArrayList<>(List.of(head, new SeparatorMenuItem()));
        for (Choice c : cs) {
            boolean effective;
            try {
                effective = sim.effective(c);
            } catch (RuntimeException ex) {
                effective = true;
            }
            MenuItem m = new MenuItem(ChoicesPanel.describe(sim, c) + (effective ? "" : "   (no effect)"));
            m.setMnemonicParsing(false);
            m.getStyleClass().add("choice-item");
            m.setOnAction(e -> manual.execute(c));
            items.add(m);
        }
        return show("choices-menu", items, screenX, screenY);
    }

    /** The context menu of empty space: add a node there. */
    public ContextMenu showBackgroundMenu(double x, double y, double screenX, double screenY) {
        state.hideGraphMenu();
        MenuItem add = new MenuItem("Add a node here…");
        add.setId("menu-add-node");
        add.setOnAction(e -> edits.addNode(x, y));
        return show("background-menu", List.of(add), screenX, screenY);
    }

    /** The choices menu shown at a node or a message in manual mode, or null. */
    public ContextMenu choicesMenu() {
        ContextMenu menu = state.graphMenu;
        return menu != null && "choices-menu".equals(menu.getId()) ? menu : null;
    }

    /** A click on a message in the graph: in manual mode, receives it if exactly one choice does. */
    void tokenClicked(long id) {
        Simulation sim = state.sim();
        Envelope env = null;
        for (int v = 0; v < sim.nodeCount() && env == null; v++) {
            int i = sim.channels().indexOf(v, id);
            if (i >= 0) env = sim.channels().get(v, i);
        }
        if (env == null) return;
        String what = env.message().label() + " from " + state.name(env.from()) + " to " + state.name(env.to());
        if (!state.session.manual()) {
            status.say(what + " (sent in round " + env.sentRound() + "). In manual mode a click receives it.");
            return;
        }
        List<Choice> receiving = panels.choices.receiving(id);
        if (receiving.size() == 1) {
            manual.execute(receiving.get(0));
            return;
        }
        selection.select(env.to());
        panels.choices.filterTo(env.to());
        panels.showSide(panels.choicesTab);
        Point2D at = state.graphView.tokenScreenPosition(id);
        if (receiving.size() > 1 && at != null) {
            state.hideGraphMenu();
            List<MenuItem> items = new ArrayList<>();
            for (Choice c : receiving) {
                MenuItem m = new MenuItem(ChoicesPanel.describe(state.sim(), c));
                m.setMnemonicParsing(false);
                m.setOnAction(ev -> manual.execute(c));
                items.add(m);
            }
            show("choices-menu", items, at.getX() + 10, at.getY() + 6);
        }
        status.say(receiving.isEmpty() ? what + " cannot be received now (sent this round, " + state.name(env.to())
                + " already acted, or an older message waits)."
                : what + " can be received by " + receiving.size() + " actions: choose one in the list.");
    }
}
