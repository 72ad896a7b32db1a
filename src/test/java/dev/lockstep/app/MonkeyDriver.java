package dev.lockstep.app;

import dev.lockstep.app.graph.GraphView;
import dev.lockstep.app.window.panel.ChoicesPanel;
import dev.lockstep.session.Session;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.geometry.VerticalDirection;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListCell;
import javafx.scene.control.MenuButton;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Performs monkey actions on the window as a person would: keys, clicks and drags at the places
 * the graph view draws things, menu items, dialogs answered with their buttons. It reads the
 * window only to find where to point (and to skip what a person could not do: a node off screen).
 * Each action leaves no menu, popup or dialog open behind it.
 */
final class MonkeyDriver {
    /** Menu items the monkey may choose (menu, item); Play is left to the play action, which pauses again. */
    static final String[][] MENU = {
        {"Run", "Step one round"}, {"Run", "Step one action"}, {"Run", "Reset"}, {"Run", "Manual mode on / off"},
        {"Time", "Back one action"}, {"Time", "Back one round"}, {"Time", "Back to the previous topology change"},
        {"Time", "Forward one action"}, {"Time", "Forward to the next topology change"}, {"Time", "Jump to the start"},
        {"Time", "Jump to the end"}, {"View", "Lecture mode"}, {"View", "Clear highlight"}, {"View", "Space-time diagram"},
        {"View", "Breakpoints"}, {"Help", "Keyboard shortcuts"}, {"Help", "About Lockstep"},
        {"File", "Export animation or figure…"}, {"File", "Open the default scenario"},
    };
    static final String[] TABS = {"#tab-pseudocode", "#tab-checks", "#tab-breakpoints", "#tab-choices", "#tab-legend",
        "#tab-narration", "#tab-space-time"};

    private final AppFixture f;
    final MonkeyScreen screen;
    private int openDefaults;

    MonkeyDriver(AppFixture f) {
        this.f = f;
        this.screen = new MonkeyScreen(f);
    }


    private FxRobot robot() {
        return f.robot();
    }

    private MainWindow w() {
        return f.window;
    }

    /** Performs the action; returns what happened, for the log ("skipped: …" when it could not be done). */
    String perform(MonkeyAction a) {
        return switch (a.kind()) {
            case STEP -> key(KeyCode.RIGHT);
            case ACTION -> shiftKey(KeyCode.RIGHT);
            case BACK -> key(KeyCode.LEFT);
            case BACK_ROUND -> shiftKey(KeyCode.LEFT);
            case HOME -> key(KeyCode.HOME);
            case END -> key(KeyCode.END);
            case TOPOLOGY_BACK -> key(KeyCode.PAGE_UP);
            case TOPOLOGY_FORWARD -> key(KeyCode.PAGE_DOWN);
            case PLAY -> play(a.arg(0));
            case DRAG -> drag(a.arg(0), a.arg(1), a.arg(2));
            case LINK -> link(a.arg(0), a.arg(1), a.arg(2) == 1, false);
            case SHIFT_LINK -> link(a.arg(0), a.arg(1), true, true);
            case CUT -> cut(a.arg(0));
            case STROKE -> stroke(a.arg(0), a.arg(1), a.arg(2), a.arg(3));
            case ADD -> add(a.arg(0), a.arg(1), a.arg(2) == 1);
            case DELETE -> nodeMenu(a.arg(0), "#menu-delete-node", a.arg(1) == 1);
            case LOCK -> nodeMenu(a.arg(0), "#menu-lock", false);
            case UNLOCK -> nodeMenu(a.arg(0), "#menu-unlock", false);
            case MANUAL -> key(KeyCode.M);
            case CHOOSE -> choose(a.arg(0), a.arg(1));
            case ROW -> row(a.arg(0), a.arg(1));
            case TOKEN -> token(a.arg(0));
            case JUMP -> jump(a.arg(0));
            case GOTO -> goTo(a.arg(0));
            case BRANCH -> branch(a.arg(0));
            case EXPORT -> export(a.arg(0));
            case RESET -> key(KeyCode.R);
            case POLICY -> policy(a.arg(0));
            case WORKLOAD -> click("#workload");
            case DELTA -> delta(a.arg(0) == 1, a.arg(1) == 1);
            case LECTURE -> {
                robot().press(KeyCode.CONTROL).type(KeyCode.L).release(KeyCode.CONTROL);
                yield "lecture " + screen.read(() -> w().lecture());
            }
            case SELECT -> select(a.arg(0));
            case ESCAPE -> key(KeyCode.ESCAPE);
            case ZOOM -> zoom(a.arg(0));
            case MENU -> menu(MENU[a.arg(0) % MENU.length]);
            case TAB -> click(TABS[a.arg(0) % TABS.length]);
        };
    }

    // ---------------------------------------------------------------- keys and buttons

    private String key(KeyCode k) {
        robot().type(k);
        return where();
    }

    private String shiftKey(KeyCode k) {
        robot().press(KeyCode.SHIFT).type(k).release(KeyCode.SHIFT);
        return where();
    }

    private String click(String query) {
        Node n = screen.read(() -> robot().lookup(query).tryQuery().orElse(null));
        if (n == null || !screen.visible(n)) return "skipped: " + query + " not shown";
        robot().clickOn(n);
        return where();
    }

    /** The position shown after an action, for the log. */
    String where() {
        return screen.read(() -> {
            Session s = w().session();
            return "round " + s.round() + ", step " + s.simulation().executionsBegun() + (s.inPast() ? " (past)" : "")
                    + (s.manual() ? " manual" : "");
        });
    }

    private String play(int rounds) {
        int r0 = screen.read(() -> w().session().round());
        robot().type(KeyCode.SPACE);
        if (!screen.read(() -> w().playing())) return "not playing: " + screen.read(() -> w().statusMessage());
        try {
            WaitForAsyncUtils.waitFor(8, TimeUnit.SECONDS, () -> screen.read(() -> w().session().round()) >= r0 + rounds || !screen.read(() -> w().playing()));
        } catch (java.util.concurrent.TimeoutException e) {
            // paused below either way; the log says how far it got
        }
        if (screen.read(() -> w().playing())) robot().type(KeyCode.SPACE);
        return "played from round " + r0 + "; " + where();
    }

    // ---------------------------------------------------------------- the graph

    private void tool(String id) {
        if (!screen.read(() -> ((javafx.scene.control.ToggleButton) robot().lookup(id).query()).isSelected())) robot().clickOn(id);
    }

    private int nodeCount() {
        return screen.read(() -> w().session().simulation().nodeCount());
    }

    private GraphView view() {
        return screen.read(() -> w().graphView());
    }

    /** The graph view's area on screen, less a margin (a point at its very edge belongs to the border). */
    private Bounds viewBounds() {
        return screen.read(() -> {
            Node n = w().graphView().node();
            Bounds b = n.localToScreen(n.getLayoutBounds());
            return new javafx.geometry.BoundingBox(b.getMinX() + 10, b.getMinY() + 10, b.getWidth() - 20, b.getHeight() - 20);
        });
    }

    private Point2D viewPoint(int xPerMille, int yPerMille) {
        Bounds b = viewBounds();
        return new Point2D(b.getMinX() + b.getWidth() * xPerMille / 1000.0, b.getMinY() + b.getHeight() * yPerMille / 1000.0);
    }

    private boolean inView(Point2D p) {
        return p != null && viewBounds().contains(p);
    }

    private Point2D nodeAt(int u) {
        GraphView v = view();
        return screen.read(() -> v.nodeScreenPosition(u));
    }

    private String name(int u) {
        return screen.read(() -> w().session().simulation().nodeName(u));
    }

    private String drag(int n, int x, int y) {
        int u = n % nodeCount();
        Point2D from = nodeAt(u);
        if (!inView(from)) return "skipped: " + name(u) + " off screen";
        tool("#tool-select");
        Point2D to = viewPoint(x, y);
        robot().moveTo(from).press(MouseButton.PRIMARY).moveTo(to).release(MouseButton.PRIMARY);
        return "dragged " + name(u) + "; " + where();
    }

    private String link(int n, int m, boolean confirm, boolean shift) {
        int count = nodeCount();
        int u = n % count;
        int v = m % count == u ? (u + 1) % count : m % count;
        if (u == v) return "skipped: one node";
        Point2D pu = nodeAt(u);
        Point2D pv = nodeAt(v);
        if (!inView(pu) || !inView(pv)) return "skipped: off screen";
        tool(shift ? "#tool-select" : "#tool-edge");
        if (shift) robot().press(KeyCode.SHIFT);
        robot().moveTo(pu).press(MouseButton.PRIMARY).moveTo(pv).release(MouseButton.PRIMARY);
        if (shift) robot().release(KeyCode.SHIFT);
        String answered = screen.answer(confirm, "Link");
        return "link " + name(u) + "–" + name(v) + answered + "; " + where();
    }

    private String cut(int e) {
        GraphView v = view();
        List<int[]> edges = screen.read(v::drawnEdges);
        if (edges.isEmpty()) return "skipped: no edge";
        int[] edge = edges.get(e % edges.size());
        Point2D a = nodeAt(edge[0]);
        Point2D b = nodeAt(edge[1]);
        if (a == null || b == null || !inView(a.midpoint(b))) return "skipped: edge off screen";
        tool("#tool-cut");
        robot().clickOn(a.midpoint(b));
        return "cut at " + name(edge[0]) + "–" + name(edge[1]) + "; " + where();
    }

    private String stroke(int x1, int y1, int x2, int y2) {
        tool("#tool-cut");
        Point2D a = viewPoint(x1, y1);
        Point2D b = viewPoint(x2, y2);
        robot().moveTo(a).press(MouseButton.PRIMARY).moveTo(b).release(MouseButton.PRIMARY);
        return where();
    }

    private String add(int x, int y, boolean confirm) {
        robot().clickOn(viewPoint(x, y), MouseButton.SECONDARY);
        if (!screen.menuItemShown("#menu-add-node")) return "skipped: a node is there";
        robot().clickOn("#menu-add-node");
        return "add" + screen.answer(confirm, null) + "; " + nodeCount() + " nodes";
    }

    /** Right click on a node, then an item of its menu (a disabled item is left, and the menu closed). */
    private String nodeMenu(int n, String item, boolean confirm) {
        int u = n % nodeCount();
        Point2D p = nodeAt(u);
        if (!inView(p)) return "skipped: " + name(u) + " off screen";
        String who = name(u);
        robot().clickOn(p, MouseButton.SECONDARY);
        if (!screen.menuItemShown(item)) return "skipped: no menu";
        boolean disabled = screen.read(() -> {
            for (Window win : Window.getWindows()) {
                if (win instanceof ContextMenu c && c.isShowing()) {
                    for (var i : c.getItems()) if (item.substring(1).equals(i.getId())) return i.isDisable();
                }
            }
            return true;
        });
        if (disabled) return item + " disabled at " + who;
        robot().clickOn(item);
        return item.substring(6) + " " + who + screen.answer(confirm, null) + "; " + where();
    }


    private String select(int n) {
        int u = n % nodeCount();
        Point2D p = nodeAt(u);
        if (!inView(p)) return "skipped: " + name(u) + " off screen";
        tool("#tool-select");
        robot().clickOn(p);
        return "selected " + name(u);
    }

    /** A click on a node; in manual mode its menu of choices shows, and item i is picked. */
    private String choose(int n, int i) {
        String selected = select(n);
        if (selected.startsWith("skipped") || !screen.read(() -> w().session().manual())) return selected;
        WaitForAsyncUtils.waitForFxEvents();
        java.util.Set<String> texts = screen.read(() -> {
            java.util.Set<String> t = new java.util.HashSet<>();
            ContextMenu m = w().choicesMenu();
            if (m != null && m.isShowing()) {
                for (var item : m.getItems()) if (item.getStyleClass().contains("choice-item")) t.add(item.getText());
            }
            return t;
        });
        List<Node> items = screen.popupNodes(x -> x.getStyleClass().contains("menu-item") && texts.stream().anyMatch(t -> MonkeyScreen.hasText(x, t)));
        if (items.isEmpty()) return selected + ", nothing to choose";
        robot().clickOn(items.get(i % items.size()));
        return selected + ", chose " + (i % items.size() + 1) + " of " + items.size() + "; " + where();
    }

    /** Manual mode: a click on a row of the Choices list that is in view, the draw typed first when it has one. */
    private String row(int i, int draw) {
        if (!screen.read(() -> w().session().manual())) return "skipped: not manual";
        click("#tab-choices");
        List<ChoicesPanel.Row> rows = screen.read(() -> {
            List<ChoicesPanel.Row> shown = new ArrayList<>();
            Node list = w().choices().lookup("#choices-list");
            Bounds lb = list.localToScreen(list.getLayoutBounds());
            for (ChoicesPanel.Row r : w().choices().rows()) if (inside(lb, r.button())) shown.add(r);
            return shown;
        });
        if (rows.isEmpty()) return "skipped: no row in view";
        ChoicesPanel.Row r = rows.get(i % rows.size());
        boolean typed = draw >= 0 && !r.draws().isEmpty() && screen.read(() -> {
            Node list = w().choices().lookup("#choices-list");
            return inside(list.localToScreen(list.getLayoutBounds()), r.draws().get(0));
        });
        if (typed) {
            // Enter in the field executes the row (typing may scroll the list: the button may no longer be where it was)
            robot().clickOn(r.draws().get(0)).write(Integer.toString(draw)).type(KeyCode.ENTER);
        } else {
            robot().clickOn(r.button());
        }
        return "row " + (i % rows.size() + 1) + " of " + rows.size() + (typed ? ", draw " + draw : "") + "; " + where();
    }

    /** Whether the node's centre is within the bounds (on screen), the node in a scene. */
    private static boolean inside(Bounds area, Node n) {
        Bounds b = n.getScene() == null ? null : n.localToScreen(n.getLayoutBounds());
        return b != null && area.contains(b.getCenterX(), b.getCenterY());
    }

    private String token(int i) {
        GraphView v = view();
        List<GraphView.TokenView> clear = screen.read(() -> {
            List<GraphView.TokenView> out = new ArrayList<>();
            for (GraphView.TokenView t : v.drawnTokens()) {
                if (!t.leaving() && !Double.isNaN(t.x()) && v.nodeAt(t.x(), t.y()) < 0 && v.tokenAt(t.x(), t.y()) == t.id()) out.add(t);
            }
            return out;
        });
        if (clear.isEmpty()) return "skipped: no message to click";
        GraphView.TokenView t = clear.get(i % clear.size());
        Point2D at = screen.read(() -> v.tokenScreenPosition(t.id()));
        if (!inView(at)) return "skipped: message off screen";
        tool("#tool-select");
        robot().clickOn(at);
        return "clicked message " + t.label() + "; " + where();
    }

    private String zoom(int ticks) {
        if (ticks == 0) return "no zoom";
        Bounds b = viewBounds();
        robot().moveTo(new Point2D(b.getCenterX(), b.getCenterY()))
                .scroll(Math.abs(ticks), ticks > 0 ? VerticalDirection.UP : VerticalDirection.DOWN);
        return "zoom " + screen.read(() -> w().graphView().zoomLevel());
    }

    // ---------------------------------------------------------------- the timeline

    private String jump(int perMille) {
        var slider = screen.read(() -> w().timeline().slider());
        Node thumb = screen.read(() -> slider.lookup(".thumb"));
        Node track = screen.read(() -> slider.lookup(".track"));
        if (thumb == null || track == null || !screen.visible(track)) return "skipped: no timeline";
        Bounds b = screen.read(() -> track.localToScreen(track.getBoundsInLocal()));
        robot().drag(thumb, MouseButton.PRIMARY).dropTo(new Point2D(b.getMinX() + b.getWidth() * perMille / 1000.0, b.getCenterY()));
        return where();
    }

    private String goTo(int round) {
        robot().type(KeyCode.G);
        Node field = screen.read(() -> robot().lookup("#go-to-round").tryQuery().orElse(null));
        if (field == null) return "skipped: no dialog";
        robot().clickOn(field).press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL)
                .write(Integer.toString(round)).type(KeyCode.ENTER);
        return "go to " + round + "; " + where();
    }

    private String branch(int i) {
        Node chooser = screen.read(() -> robot().lookup("#branches").tryQuery().orElse(null));
        if (chooser == null || !screen.visible(chooser)) return "skipped: one branch";
        robot().clickOn(chooser);
        List<Node> cells = screen.popupNodes(n -> n instanceof ListCell<?> c && c.getItem() instanceof Session.Branch);
        if (cells.isEmpty()) return "skipped: no branch listed";
        robot().clickOn(cells.get(i % cells.size()));
        return "branch " + (i % cells.size() + 1) + " of " + cells.size() + "; " + where();
    }

    // ---------------------------------------------------------------- settings, menus, dialogs

    private String policy(int i) {
        Node combo = screen.read(() -> robot().lookup("#policy").tryQuery().orElse(null));
        if (combo == null || !screen.visible(combo)) return "skipped: no scheduler box";
        robot().clickOn(combo);
        List<Node> cells = screen.popupNodes(n -> n instanceof ListCell<?> c && c.getItem() instanceof String);
        if (cells.isEmpty()) return "skipped: no policy listed";
        Node cell = cells.get(i % cells.size());
        String text = screen.read(() -> String.valueOf(((ListCell<?>) cell).getItem()));
        robot().clickOn(cell);
        return "scheduler " + text + "; " + where();
    }

    private String delta(boolean up, boolean confirm) {
        Node arrow = screen.read(() -> robot().lookup("#delta").tryQuery().map(n -> n.lookup(up ? ".increment-arrow-button" : ".decrement-arrow-button")).orElse(null));
        if (arrow == null || !screen.visible(arrow)) return "skipped: no Δ";
        robot().clickOn(arrow);
        return "Δ " + (up ? "up" : "down") + screen.answer(confirm, null) + "; Δ = " + screen.read(() -> w().session().scenario().delta());
    }

    private String menu(String[] path) {
        Node title = screen.read(() -> robot().lookup("#menu-bar").lookup((Node n) -> n instanceof MenuButton b && path[0].equals(b.getText()))
                .tryQuery().orElse(null));
        if (title == null || !screen.visible(title)) return "skipped: no menu " + path[0];
        robot().clickOn(title);
        List<Node> items = screen.popupNodes(n -> n.getStyleClass().contains("menu-item") && MonkeyScreen.hasText(n, path[1]));
        if (items.isEmpty()) return "skipped: no item " + path[1];
        robot().clickOn(items.get(0));
        String extra = "";
        if (path[1].startsWith("Export animation")) extra = export(-1);
        else if (path[0].equals("Help")) extra = screen.answer(true, null);
        else if (path[1].startsWith("Open the default")) extra = screen.answer(openDefaults++ % 2 == 0, null); // asks when inputs would be lost
        return path[0] + " > " + path[1] + extra + "; " + where();
    }

    /**
     * The export dialog: opened (0: File menu, 1: its key, Ctrl+Shift+E; -1: already open), then
     * Cancel; 2: an export is started into the test's home directory and cancelled.
     */
    private String export(int how) {
        if (how == 0) return menu(new String[] {"File", "Export animation or figure…"});
        if (how >= 1) robot().press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.E).release(KeyCode.SHIFT, KeyCode.CONTROL);
        Stage d = screen.exportDialog();
        if (d == null) return " (no export dialog)";
        Node cancel = screen.read(() -> d.getScene().getRoot().lookup("#export-cancel"));
        String did = "";
        if (how == 2) {
            Node out = screen.read(() -> d.getScene().getRoot().lookup("#export-out"));
            Path file = f.home.resolve("monkey-export.gif");
            robot().clickOn(out).press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL).write(file.toString());
            robot().clickOn(screen.read(() -> d.getScene().getRoot().lookup("#export-start")));
            AppFixture.waitUntil("the export starts or refuses", () -> {
                String st = exportStatus(d);
                return !st.isEmpty() && !st.startsWith("Replaying");
            });
            robot().clickOn(cancel);
            try {
                WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> "Close".equals(screen.read(() -> ((Labeled) cancel).getText()))
                        || !screen.read(d::isShowing));
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError("the export did not stop within 60 s of Cancel: " + exportStatus(d));
            }
            did = ", export: " + exportStatus(d);
        }
        if (screen.read(d::isShowing)) robot().clickOn(cancel);
        AppFixture.waitUntil("the export dialog closes", () -> !screen.read(d::isShowing));
        return " export dialog" + did;
    }

    private String exportStatus(Stage d) {
        return screen.read(() -> ((Labeled) d.getScene().getRoot().lookup("#export-status")).getText());
    }












}
