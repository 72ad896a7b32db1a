package dev.lockstep.app;

import dev.lockstep.core.Simulation;
import dev.lockstep.figure.spacetime.Arrow;
import dev.lockstep.figure.spacetime.Exec;
import dev.lockstep.figure.spacetime.Mark;
import dev.lockstep.figure.spacetime.SpaceTime;
import dev.lockstep.figure.spacetime.SpaceTimeLayout;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.util.List;
import java.util.function.LongConsumer;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Point2D;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.util.Duration;

/**
 * The space-time diagram of the current branch, on a canvas: the {@link SpaceTime} model (one
 * lane per node, time flowing left to right by execution, message arrows, topology changes and
 * violations) drawn by {@link SpaceTimePainter}, with zoom, scrolling, a cursor at the current
 * moment (the branch's known future after it dimmed) and "Follow" to keep it in view. Clicking
 * an execution jumps there; hovering shows its narration. Only the visible window is drawn, so it
 * stays responsive for long runs.
 */
public final class SpaceTimeDiagram extends BorderPane {
    private final SpaceTime model = new SpaceTime();
    private final SpaceTimePainter painter = new SpaceTimePainter();
    private final Pane holder = new Pane();
    private final Canvas canvas = new Canvas();
    private final ScrollBar hbar = new ScrollBar();
    private final ScrollBar vbar = new ScrollBar();
    private final Label info = new Label();
    private final ToggleButton follow = new ToggleButton("Follow");
    private final Tooltip tooltip = new Tooltip();
    private double unit = 16;
    private double scrollX;
    private double scrollY;
    private boolean lecture;
    private LongConsumer onJump = s -> {};
    private Exec hovered;
    /** The application step under the mouse (when no execution is), or null. */
    private Mark hoveredStep;
    private final HBox key = SpaceTimeKey.key();

    public SpaceTimeDiagram() {
        setId("space-time");
        getStyleClass().add("panel");
        Label title = new Label("Space-time diagram");
        title.getStyleClass().add("panel-title");
        title.setMinWidth(Region.USE_PREF_SIZE);
        info.setId("space-time-info");
        info.getStyleClass().add("dim");
        info.setMinWidth(0);
        info.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(info, Priority.ALWAYS);
        Button out = small("−", "space-time-zoom-out", "Zoom out (or Ctrl+wheel)", () -> zoom(1 / 1.5));
        Button in = small("+", "space-time-zoom-in", "Zoom in (or Ctrl+wheel)", () -> zoom(1.5));
        Button fit = small("Fit", "space-time-fit", "Show the whole branch", this::fitAll);
        follow.setId("space-time-follow");
        follow.setSelected(true);
        follow.setMinWidth(Region.USE_PREF_SIZE);
        follow.setFocusTraversable(false);
        follow.setTooltip(new Tooltip("Keep the current moment in view while the run goes on"));
        HBox head = new HBox(8, title, info, out, in, fit, follow);
        head.setAlignment(Pos.CENTER_LEFT);
        head.setPadding(new Insets(4, 6, 4, 6));
        setTop(head);

        holder.getChildren().add(canvas);
        holder.setMinSize(0, 0);
        canvas.widthProperty().bind(holder.widthProperty());
        canvas.heightProperty().bind(holder.heightProperty());
        canvas.widthProperty().addListener((o, a, b) -> redraw());
        canvas.heightProperty().addListener((o, a, b) -> redraw());
        setCenter(holder);
        hbar.setId("space-time-hbar");
        hbar.setOrientation(Orientation.HORIZONTAL);
        hbar.valueProperty().addListener((o, a, b) -> {
            scrollX = b.doubleValue();
            follow.setSelected(cursorVisible());
            redraw();
        });
        vbar.setOrientation(Orientation.VERTICAL);
        vbar.valueProperty().addListener((o, a, b) -> {
            scrollY = b.doubleValue();
            redraw();
        });
        setBottom(new VBox(hbar, key));
        setRight(vbar);

        tooltip.setShowDelay(Duration.millis(250));
        tooltip.setWrapText(true);
        tooltip.setMaxWidth(520);
        canvas.addEventHandler(MouseEvent.MOUSE_MOVED, this::hover);
        canvas.addEventHandler(MouseEvent.MOUSE_EXITED, e -> {
            hovered = null;
            hoveredStep = null;
            Tooltip.uninstall(canvas, tooltip);
            info.setText(defaultInfo());
        });
        canvas.addEventHandler(MouseEvent.MOUSE_CLICKED, this::clicked);
        canvas.addEventHandler(ScrollEvent.SCROLL, this::scrolled);
        setMinHeight(80);
    }

    private static Button small(String text, String id, String tip, Runnable r) {
        Button b = new Button(text);
        b.setId(id);
        b.setFocusTraversable(false);
        b.setMinWidth(Region.USE_PREF_SIZE);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> r.run());
        return b;
    }

    /** What to do when an execution is clicked: jump to its step. */
    public void onJump(LongConsumer c) {
        onJump = c;
    }

    public void setLecture(boolean on) {
        lecture = on;
        redraw();
    }

    /** A new session: starts over. */
    public void setSimulation(Simulation s) {
        model.setSimulation(s);
        SpaceTimeKey.showApplication(key, s.application() != null);
        scrollX = 0;
        scrollY = 0;
    }

    /**
     * Reads the branch's new history events, moves the cursor to the current moment ({@code
     * momentCount} events have happened) and redraws; scrolls to keep the cursor in view when
     * following.
     */
    public void update(Session s, int momentCount) {
        model.update(s.history(), momentCount);
        if (follow.isSelected()) reveal(model.cursorX());
        redraw();
        if (hovered == null) info.setText(defaultInfo());
    }

    // ------------------------------------------------------------------ geometry and scrolling

    private double gutter() {
        if (model.simulation() == null) return 40;
        // a text layout per lane: at 10,000 nodes that was most of every step's time while playing
        // (JFR), called several times per update; the names change only with the session or the font
        if (gutterOf != model.simulation() || gutterLanes != model.lanes() || gutterLecture != lecture) {
            Text t = new Text();
            t.setFont(Font.font("System", FontWeight.BOLD, SpaceTimePainter.fontSize(lecture)));
            double w = 0;
            for (int u = 0; u < model.lanes(); u++) {
                t.setText(model.laneName(u));
                w = Math.max(w, t.getLayoutBounds().getWidth());
            }
            gutterWidth = Math.ceil(w) + 18;
            gutterOf = model.simulation();
            gutterLanes = model.lanes();
            gutterLecture = lecture;
        }
        return gutterWidth;
    }

    private Object gutterOf;
    private int gutterLanes = -1;
    private boolean gutterLecture;
    private double gutterWidth;

    private double laneH() {
        return SpaceTimeLayout.laneHeight(canvas.getHeight(), model.lanes(), lecture);
    }

    private SpaceTimeLayout geometry() {
        return new SpaceTimeLayout(gutter(), laneH(), unit, scrollX, scrollY);
    }

    private double contentWidth() {
        return (model.endX() + 1) * unit;
    }

    private boolean cursorVisible() {
        double c = geometry().x(model.cursorX());
        return c >= gutter() && c <= canvas.getWidth() - 4;
    }

    private void reveal(double x) {
        double view = Math.max(1, canvas.getWidth() - gutter());
        double at = x * unit;
        if (at < scrollX + 10 || at > scrollX + view - 10) scrollX = Math.max(0, at - view * 0.8);
        syncBars();
    }

    private void syncBars() {
        double view = Math.max(1, canvas.getWidth() - gutter());
        double max = Math.max(0, contentWidth() - view);
        scrollX = Math.max(0, Math.min(scrollX, max));
        hbar.setMin(0);
        hbar.setMax(max);
        hbar.setVisibleAmount(max <= 0 ? 1 : view * max / Math.max(1, contentWidth()));
        hbar.setUnitIncrement(unit * 4);
        hbar.setBlockIncrement(view * 0.8);
        if (hbar.getValue() != scrollX) {
            boolean f = follow.isSelected();
            hbar.setValue(scrollX);
            follow.setSelected(f);
        }
        double contentH = SpaceTimeLayout.TOP + model.lanes() * laneH() + SpaceTimeLayout.BOTTOM;
        double vmax = Math.max(0, contentH - canvas.getHeight());
        scrollY = Math.max(0, Math.min(scrollY, vmax));
        vbar.setMax(vmax);
        vbar.setVisibleAmount(vmax <= 0 ? 1 : canvas.getHeight() * vmax / contentH);
        vbar.setVisible(vmax > 0);
        vbar.setManaged(vmax > 0);
        if (vbar.getValue() != scrollY) vbar.setValue(scrollY);
    }

    void zoom(double factor) {
        double view = Math.max(1, canvas.getWidth() - gutter());
        double centre = (scrollX + view / 2) / unit;
        unit = Math.max(0.5, Math.min(80, unit * factor));
        scrollX = centre * unit - view / 2;
        syncBars();
        redraw();
    }

    /** Zooms so that the whole branch fits the width. */
    void fitAll() {
        double view = Math.max(1, canvas.getWidth() - gutter() - 8);
        unit = Math.max(0.5, Math.min(40, view / Math.max(1, model.endX() + 0.5)));
        scrollX = 0;
        syncBars();
        redraw();
    }

    private void redraw() {
        if (model.simulation() == null) return;
        syncBars();
        painter.draw(canvas.getGraphicsContext2D(), canvas.getWidth(), canvas.getHeight(), model, geometry(), lecture, hovered);
    }

    // ------------------------------------------------------------------ mouse

    /** The execution drawn at a canvas point, or null. */
    Exec execAt(double mx, double my) {
        if (model.simulation() == null || mx < gutter()) return null;
        SpaceTimeLayout at = geometry();
        double x = (mx + scrollX - gutter()) / unit;
        double tol = Math.max(7, unit * 0.5) / unit;
        Exec best = null;
        double bestD = Double.MAX_VALUE;
        List<Exec> execs = model.executions();
        for (int i = model.firstExecAtOrAfter(x - tol); i < execs.size(); i++) {
            Exec e = execs.get(i);
            if (e.x() > x + tol) break;
            double dx = at.x(e.x()) - mx;
            double dy = at.laneY(e.node()) - my;
            double d = Math.hypot(dx, dy);
            if (d <= Math.max(8, Math.min(unit * 0.6, at.laneH() * 0.5)) && d < bestD) {
                bestD = d;
                best = e;
            }
        }
        return best;
    }

    /** The application step drawn at a canvas point (its diamond on the node's lane), or null. */
    Mark applicationStepAt(double mx, double my) {
        if (model.simulation() == null || mx < gutter()) return null;
        SpaceTimeLayout at = geometry();
        double x = (mx + scrollX - gutter()) / unit;
        double tol = Math.max(7, unit * 0.5) / unit;
        Mark best = null;
        double bestD = Double.MAX_VALUE;
        List<Mark> steps = model.applicationSteps();
        for (int i = model.firstStepAtOrAfter(x - tol); i < steps.size() && steps.get(i).x() <= x + tol; i++) {
            Mark m = steps.get(i);
            double d = Math.hypot(at.x(m.x()) - mx, at.laneY(m.u()) - my);
            if (d <= Math.max(7, Math.min(unit * 0.4, at.laneH() * 0.4)) && d < bestD) {
                bestD = d;
                best = m;
            }
        }
        return best;
    }

    private void hover(MouseEvent e) {
        Exec x = execAt(e.getX(), e.getY());
        Mark step = x == null ? applicationStepAt(e.getX(), e.getY()) : null;
        if (x == hovered && step == hoveredStep) return;
        hovered = x;
        hoveredStep = step;
        if (x == null && step == null) {
            Tooltip.uninstall(canvas, tooltip);
            info.setText(defaultInfo());
        } else {
            String text = x != null ? "round " + x.event().round() + ", step " + x.event().step() + ": " + x.event().narration()
                    : "round " + step.event().round() + ": " + ((History.AppStep) step.event()).sentence();
            info.setText(text);
            tooltip.setText(text);
            Tooltip.install(canvas, tooltip);
        }
        redraw();
    }

    private void clicked(MouseEvent e) {
        Exec x = execAt(e.getX(), e.getY());
        if (x != null) onJump.accept(x.event().step());
    }

    private void scrolled(ScrollEvent e) {
        if (e.isControlDown() || e.isShortcutDown()) {
            zoom(e.getDeltaY() > 0 ? 1.25 : 0.8);
        } else {
            double d = Math.abs(e.getDeltaX()) > Math.abs(e.getDeltaY()) ? e.getDeltaX() : e.getDeltaY();
            scrollX = Math.max(0, scrollX - d);
            follow.setSelected(false);
            syncBars();
            redraw();
        }
        e.consume();
    }

    private String defaultInfo() {
        if (model.simulation() == null) return "";
        int steps = model.applicationSteps().size();
        return model.executions().size() + " executions, " + model.arrows().size() + " messages"
                + (steps > 0 ? ", " + steps + " application steps" : "") + " — click a tick to jump there, hover to read it";
    }

    // ------------------------------------------------------------------ for tests and the window

    List<Exec> executions() {
        return List.copyOf(model.executions());
    }

    List<Arrow> arrows() {
        return List.copyOf(model.arrows());
    }

    /** Arrows and lost-message crosses stroked by the last redraw (only the visible window is drawn). */
    int arrowsDrawn() {
        return painter.arrowsDrawn();
    }

    int lostDrawn() {
        return painter.lostDrawn();
    }

    int ticksDrawn() {
        return painter.ticksDrawn();
    }

    /** Application steps drawn by the last redraw. */
    int appStepsDrawn() {
        return painter.appStepsDrawn();
    }

    List<Mark> applicationSteps() {
        return List.copyOf(model.applicationSteps());
    }

    /** Where an application step's diamond is drawn, in canvas coordinates. */
    Point2D stepPosition(Mark m) {
        SpaceTimeLayout at = geometry();
        return new Point2D(at.x(m.x()), at.laneY(m.u()));
    }

    /** The legend strip under the diagram. */
    HBox key() {
        return key;
    }

    /** Where an execution's tick is drawn, in canvas coordinates. */
    Point2D tickPosition(Exec e) {
        SpaceTimeLayout at = geometry();
        return new Point2D(at.x(e.x()), at.laneY(e.node()));
    }

    Canvas canvas() {
        return canvas;
    }

    String infoText() {
        return info.getText();
    }

    /** The hover tooltip's text, and whether it is installed on the canvas now. */
    String tooltipText() {
        return tooltip.getText();
    }

    boolean tooltipInstalled() {
        return canvas.getProperties().get("javafx.scene.control.Tooltip") == tooltip;
    }

    /** Pixels per execution at the current zoom. */
    double unitPx() {
        return unit;
    }

    /** The cursor's x on the canvas. */
    double cursorPx() {
        return geometry().x(model.cursorX());
    }

    String fillVariable() {
        return model.fillVariable();
    }
}
