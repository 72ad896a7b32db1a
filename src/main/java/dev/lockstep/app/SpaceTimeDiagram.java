package dev.lockstep.app;

import dev.lockstep.app.graph.GraphView;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Variable;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.LongConsumer;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Point2D;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
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
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import javafx.util.Duration;

/**
 * The space-time diagram of the current branch: one lane per node (in the scenario's order),
 * time flowing left to right by execution (empty rounds compressed, round boundaries as faint
 * ticks), each execution a tick coloured like the node's fill in the graph view after it, each
 * message an arrow from its send to its receive (a loop for a self-message), lost messages
 * ending in a cross at the cut (or at the send, for a send into a severed port), messages still
 * in transit dashed to the end, topology changes and violations marked. A cursor shows the
 * current moment; the part after it (the branch's known future) is dimmed.
 *
 * <p>It reads the session's {@link History} incrementally and draws only the visible window, so
 * it stays responsive for long runs. Clicking an execution jumps there; hovering shows its
 * narration.
 */
final class SpaceTimeDiagram extends BorderPane {
    // x in model units: one per execution; a round boundary and a topology change take a little room
    static final double EXEC = 1;
    static final double ROUND_GAP = 0.7;
    static final double CHANGE = 0.5;

    enum ArrowKind { RECEIVED, IN_TRANSIT, LOST_CUT, LOST_SEND }

    /** An execution tick. */
    static final class Exec {
        final History.Executed event;
        final double x;
        final String fillVarValues;

        Exec(History.Executed event, double x) {
            this.event = event;
            this.x = x;
            this.fillVarValues = null;
        }
    }

    /** A message arrow (model units for x). */
    static final class Arrow {
        final long id;
        final String label;
        final int from;
        final int to;
        final double x0;
        double x1;
        ArrowKind kind;

        Arrow(long id, String label, int from, int to, double x0, ArrowKind kind) {
            this.id = id;
            this.label = label;
            this.from = from;
            this.to = to;
            this.x0 = x0;
            this.kind = kind;
        }
    }

    /** A topology change or a violation. */
    record Mark(double x, char kind, int u, int v, History.Event event) {}

    // ---- model
    private Simulation sim;
    private Protocol<NodeState> protocol;
    private History history;
    private int processed;
    private double endX;
    private int lastRound = -1;
    private final List<Exec> execs = new ArrayList<>();
    private final List<Arrow> arrows = new ArrayList<>();
    private final Map<Long, Arrow> inTransit = new HashMap<>();
    private final List<Mark> marks = new ArrayList<>();
    /** Round boundaries: x and the round that starts there. */
    private final List<double[]> rounds = new ArrayList<>();
    /** x after each history event (the cursor after the k-th event is eventX[k - 1]). */
    private double[] eventX = new double[256];
    private double cursorX;
    private int moment;

    // which variable holds the fill value (History keeps variables, not the protocol's fill)
    private final LinkedHashMap<String, Set<String>> fillCandidates = new LinkedHashMap<>();
    private String fillVar;

    // ---- view
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
    private boolean dirty = true;
    private int arrowsDrawn;
    private int lostDrawn;
    private int ticksDrawn;
    private LongConsumer onJump = s -> {};
    private Exec hovered;
    /** The hovered execution's arrows, labelled after everything else is drawn: {arrow, x0, y0, x1, y1}. */
    private final List<Object[]> labels = new ArrayList<>();

    SpaceTimeDiagram() {
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
        javafx.scene.layout.VBox bottom = new javafx.scene.layout.VBox(hbar, key());
        setBottom(bottom);
        setRight(vbar);

        tooltip.setShowDelay(Duration.millis(250));
        tooltip.setWrapText(true);
        tooltip.setMaxWidth(520);
        canvas.addEventHandler(MouseEvent.MOUSE_MOVED, this::hover);
        canvas.addEventHandler(MouseEvent.MOUSE_EXITED, e -> {
            hovered = null;
            Tooltip.uninstall(canvas, tooltip);
            info.setText(defaultInfo());
        });
        canvas.addEventHandler(MouseEvent.MOUSE_CLICKED, this::clicked);
        canvas.addEventHandler(ScrollEvent.SCROLL, this::scrolled);
        setMinHeight(80);
    }

    /** The diagram's own legend: what each mark means (colours as in the graph view). */
    private static HBox key() {
        HBox box = new HBox(14,
                keyItem("execution (fill = state after it)", g -> {
                    g.setFill(Color.web("#F0E442"));
                    g.fillOval(3, 2, 10, 10);
                    g.setStroke(Color.web("#24313d"));
                    g.strokeOval(3, 2, 10, 10);
                }),
                keyItem("message", g -> arrowGlyph(g, SENT, false)),
                keyItem("in transit", g -> arrowGlyph(g, TRANSIT, true)),
                keyItem("lost", g -> {
                    g.setStroke(LOST);
                    g.setLineWidth(1.8);
                    g.strokeLine(0, 11, 11, 4);
                    g.setLineWidth(2);
                    g.strokeLine(9, 1, 15, 7);
                    g.strokeLine(9, 7, 15, 1);
                }),
                keyItem("link", g -> {
                    g.setStroke(LINK);
                    g.setLineWidth(1.5);
                    g.strokeLine(8, 1, 8, 13);
                }),
                keyItem("cut", g -> {
                    g.setStroke(CUT);
                    g.setLineWidth(1.5);
                    g.setLineDashes(3, 2);
                    g.strokeLine(8, 1, 8, 13);
                    g.setLineDashes(null);
                }),
                keyItem("Lock/Unlock call", g -> {
                    g.setStroke(Color.web("#005a8c"));
                    g.setLineWidth(1.5);
                    g.strokeLine(8, 2, 8, 8);
                    g.setStroke(Color.web("#d3d9de"));
                    g.strokeLine(0, 11, 16, 11);
                }),
                keyItem("violation", g -> {
                    g.setFill(LOST);
                    g.fillPolygon(new double[] {3, 13, 8}, new double[] {2, 2, 11}, 3);
                }),
                keyItem("now", g -> {
                    g.setStroke(FOCUS);
                    g.setLineWidth(2);
                    g.strokeLine(8, 0, 8, 14);
                }));
        box.setId("space-time-key");
        box.getStyleClass().add("space-time-key");
        box.setAlignment(Pos.CENTER_LEFT);
        box.setPadding(new Insets(3, 8, 3, 8));
        return box;
    }

    private static void arrowGlyph(GraphicsContext g, Color c, boolean dashed) {
        g.setStroke(c);
        g.setFill(c);
        g.setLineWidth(1.3);
        if (dashed) g.setLineDashes(3, 2);
        g.strokeLine(0, 7, 12, 7);
        g.setLineDashes(null);
        if (!dashed) g.fillPolygon(new double[] {16, 10, 10}, new double[] {7, 4, 10}, 3);
    }

    private static Label keyItem(String text, java.util.function.Consumer<GraphicsContext> glyph) {
        Canvas c = new Canvas(16, 14);
        glyph.accept(c.getGraphicsContext2D());
        Label l = new Label(text, c);
        l.getStyleClass().add("space-time-key-item");
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
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

    void onJump(LongConsumer c) {
        onJump = c;
    }

    void setLecture(boolean on) {
        lecture = on;
        redraw();
    }

    /** A new session: starts over. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void setSimulation(Simulation s) {
        sim = s;
        protocol = (Protocol) s.protocol();
        history = null;
        clear();
        fillCandidates.clear();
        if (s.nodeCount() > 0) {
            NodeState st = s.state(0);
            String fill = protocol.presentation().fill(st);
            for (Variable v : st.variables()) {
                if (v.value().equals(fill)) fillCandidates.put(v.name(), new HashSet<>(Set.of(v.value())));
            }
        }
        chooseFillVar();
        scrollX = 0;
        scrollY = 0;
    }

    private void clear() {
        processed = 0;
        endX = 0.5;
        lastRound = -1;
        execs.clear();
        arrows.clear();
        inTransit.clear();
        marks.clear();
        rounds.clear();
        cursorX = 0;
        moment = 0;
    }

    /**
     * Reads the branch's new history events, moves the cursor to the current moment ({@code
     * momentCount} events have happened) and redraws; scrolls to keep the cursor in view when
     * following.
     */
    void update(Session s, int momentCount) {
        History h = s.history();
        if (h != history || h.size() < processed) {
            history = h;
            clear();
        }
        List<History.Event> ev = h.events();
        if (eventX.length < ev.size()) eventX = java.util.Arrays.copyOf(eventX, Math.max(ev.size(), eventX.length * 2));
        for (int i = processed; i < ev.size(); i++) {
            add(ev.get(i));
            eventX[i] = endX;
        }
        processed = ev.size();
        moment = Math.min(momentCount, processed);
        cursorX = moment == 0 ? 0.25 : eventX[moment - 1] + 0.15;
        if (follow.isSelected()) reveal(cursorX);
        dirty = true;
        redraw();
        if (hovered == null) info.setText(defaultInfo());
    }

    private void add(History.Event e) {
        if (e.round() != lastRound) {
            if (lastRound >= 0) {
                endX += ROUND_GAP;
                rounds.add(new double[] {endX - ROUND_GAP / 2, e.round()});
            } else {
                rounds.add(new double[] {endX - 0.25, e.round()});
            }
            lastRound = e.round();
        }
        if (e instanceof History.Executed x) {
            endX += EXEC;
            double at = endX - EXEC / 2;
            execs.add(new Exec(x, at));
            observeFill(x);
            if (x.received() != null) {
                Arrow a = inTransit.remove(x.received().id());
                if (a != null) {
                    a.x1 = at;
                    a.kind = ArrowKind.RECEIVED;
                }
            }
            for (History.Msg m : x.sent()) {
                Arrow a = new Arrow(m.id(), m.label(), x.node(), m.to(), at, ArrowKind.IN_TRANSIT);
                arrows.add(a);
                inTransit.put(m.id(), a);
            }
            for (History.Msg m : x.lostOnSend()) {
                Arrow a = new Arrow(-1, m.label(), x.node(), m.to() >= 0 ? m.to() : x.node(), at, ArrowKind.LOST_SEND);
                a.x1 = at + 0.45;
                arrows.add(a);
            }
        } else if (e instanceof History.Cut c) {
            endX += CHANGE;
            double at = endX - CHANGE / 2;
            marks.add(new Mark(at, 'c', c.u(), c.v(), e));
            for (History.Msg m : c.lost()) {
                Arrow a = inTransit.remove(m.id());
                if (a != null) {
                    a.x1 = at;
                    a.kind = ArrowKind.LOST_CUT;
                }
            }
        } else if (e instanceof History.Linked l) {
            endX += CHANGE;
            marks.add(new Mark(endX - CHANGE / 2, 'l', l.u(), l.v(), e));
        } else if (e instanceof History.Violated v) {
            List<Integer> ns = v.violation().nodes();
            marks.add(new Mark(endX, 'v', ns.isEmpty() ? -1 : ns.get(0), ns.size() > 1 ? ns.get(ns.size() - 1) : -1, e));
        } else if (e instanceof History.Called c) {
            marks.add(new Mark(endX, 'k', c.node(), -1, e));
        }
    }

    // ------------------------------------------------------------------ fill colours

    private void observeFill(History.Executed x) {
        if (fillCandidates.size() <= 1) return;
        for (Variable v : x.state()) {
            Set<String> seen = fillCandidates.get(v.name());
            if (seen != null && seen.add(v.value())) {
                if (!protocol.presentation().fillValues().contains(v.value())) fillCandidates.remove(v.name());
                chooseFillVar();
            }
        }
    }

    /** The candidate with the most distinct values, all of them fill values. */
    private void chooseFillVar() {
        String best = null;
        int most = -1;
        for (var e : fillCandidates.entrySet()) {
            if (e.getValue().size() > most) {
                most = e.getValue().size();
                best = e.getKey();
            }
        }
        fillVar = best;
    }

    private Color fillOf(History.Executed x) {
        if (fillVar != null) {
            for (Variable v : x.state()) {
                if (v.name().equals(fillVar)) return GraphView.fillColor(protocol.presentation().fillValues(), v.value());
            }
        }
        return Color.web("#9aa5ae");
    }

    // ------------------------------------------------------------------ geometry

    private double fontSize() {
        return lecture ? 17 : 12;
    }

    private double gutter() {
        if (sim == null) return 40;
        Text t = new Text();
        t.setFont(Font.font("System", FontWeight.BOLD, fontSize()));
        double w = 0;
        for (int u = 0; u < sim.nodeCount(); u++) {
            t.setText(sim.nodeName(u));
            w = Math.max(w, t.getLayoutBounds().getWidth());
        }
        return Math.ceil(w) + 18;
    }

    private static final double TOP = 18;
    static final Color LINK = Color.web("#009E73");
    static final Color CUT = Color.web("#5b6670");
    static final Color LOST = Color.web("#D55E00");
    static final Color SENT = Color.web("#33404c");
    static final Color TRANSIT = Color.web("#8a949e");
    static final Color FOCUS = Color.web("#0072B2");
    private static final double BOTTOM = 6;

    private double laneH() {
        int n = sim == null ? 1 : Math.max(1, sim.nodeCount());
        double fit = (canvas.getHeight() - TOP - BOTTOM) / n;
        double min = lecture ? 26 : 19;
        return Math.max(min, Math.min(lecture ? 56 : 42, fit));
    }

    private double laneY(int u) {
        return TOP + (u + 0.5) * laneH() - scrollY;
    }

    private double px(double x) {
        return gutter() + x * unit - scrollX;
    }

    private double contentWidth() {
        return (endX + 1) * unit;
    }

    private boolean cursorVisible() {
        double c = px(cursorX);
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
        int n = sim == null ? 0 : sim.nodeCount();
        double contentH = TOP + n * laneH() + BOTTOM;
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
        unit = Math.max(0.5, Math.min(40, view / Math.max(1, endX + 0.5)));
        scrollX = 0;
        syncBars();
        redraw();
    }

    // ------------------------------------------------------------------ drawing

    private void redraw() {
        if (sim == null) return;
        syncBars();
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        if (w <= 0 || h <= 0) return;
        double gut = gutter();
        double lh = laneH();
        int n = sim.nodeCount();
        double fs = fontSize();
        double s = lecture ? 1.5 : 1;
        // lanes
        for (int u = 0; u < n; u++) {
            double y = laneY(u);
            if (y < -lh || y > h + lh) continue;
            if (u % 2 == 1) {
                g.setFill(Color.web("#f5f7f9"));
                g.fillRect(gut, y - lh / 2, w - gut, lh);
            }
            g.setStroke(Color.web("#d3d9de"));
            g.setLineWidth(1);
            g.strokeLine(gut, Math.round(y) + 0.5, w, Math.round(y) + 0.5);
        }
        double left = (scrollX - 2 * unit) / unit;
        double right = (scrollX + w) / unit;
        // round boundaries
        g.setFont(Font.font("System", fs * 0.85));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        double lastLabel = Double.NEGATIVE_INFINITY;
        for (int i = firstAtOrAfter(rounds, left); i < rounds.size(); i++) {
            double[] r = rounds.get(i);
            if (r[0] > right) break;
            double x = Math.round(px(r[0])) + 0.5;
            if (x < gut) continue;
            g.setStroke(Color.web("#e3e7eb"));
            g.setLineWidth(1);
            g.strokeLine(x, TOP - 4, x, h);
            if (x - lastLabel > fs * 3.2) {
                g.setFill(Color.web("#7a8590"));
                g.fillText(Integer.toString((int) r[1]), x, 2);
                lastLabel = x;
            }
        }
        g.setTextAlign(TextAlignment.LEFT);
        // topology changes, calls and violations
        for (Mark m : marks) {
            if (m.x() < left || m.x() > right) continue;
            double x = px(m.x());
            if (x < gut) continue;
            switch (m.kind()) {
                case 'c', 'l' -> {
                    Color c = m.kind() == 'c' ? CUT : LINK;
                    g.setStroke(c);
                    g.setLineWidth(1.5 * s);
                    g.setLineDashes(m.kind() == 'c' ? 4 * s : 0);
                    g.strokeLine(x, laneY(m.u()), x, laneY(m.v()));
                    g.setLineDashes(null);
                    g.setFill(c);
                    for (int u : new int[] {m.u(), m.v()}) g.fillRect(x - 2 * s, laneY(u) - 2 * s, 4 * s, 4 * s);
                }
                case 'v' -> {
                    g.setFill(Color.web("#D55E00"));
                    g.fillPolygon(new double[] {x - 5 * s, x + 5 * s, x}, new double[] {TOP - 8, TOP - 8, TOP}, 3);
                    g.setStroke(Color.web("#D55E0055"));
                    g.setLineWidth(2 * s);
                    g.strokeLine(x, TOP, x, h);
                }
                case 'k' -> {
                    double y = laneY(m.u());
                    g.setStroke(Color.web("#005a8c"));
                    g.setLineWidth(1.5 * s);
                    g.strokeLine(x, y - lh * 0.38, x, y - lh * 0.12);
                }
                default -> { }
            }
        }
        // messages
        arrowsDrawn = 0;
        lostDrawn = 0;
        for (Arrow a : arrows) {
            double x1 = a.kind == ArrowKind.IN_TRANSIT ? endX : a.x1;
            if (Math.max(a.x0, x1) < left || Math.min(a.x0, x1) > right) continue;
            drawArrow(g, a, x1, s);
            arrowsDrawn++;
            if (a.kind == ArrowKind.LOST_CUT || a.kind == ArrowKind.LOST_SEND) lostDrawn++;
        }
        // executions
        ticksDrawn = 0;
        double r = Math.max(2.5, Math.min(6 * s, unit * 0.34)) ;
        for (int i = firstExecAtOrAfter(left); i < execs.size(); i++) {
            Exec e = execs.get(i);
            if (e.x > right) break;
            double x = px(e.x);
            if (x < gut - r) continue;
            double y = laneY(e.event.node());
            g.setFill(fillOf(e.event));
            g.fillOval(x - r, y - r, 2 * r, 2 * r);
            g.setStroke(e == hovered ? Color.web("#0072B2") : Color.web("#24313d"));
            g.setLineWidth(e == hovered ? 2.5 : 1);
            g.strokeOval(x - r, y - r, 2 * r, 2 * r);
            ticksDrawn++;
        }
        // the known future is dimmed; the cursor marks now
        double c = px(cursorX);
        if (c < w) {
            g.setFill(Color.rgb(255, 255, 255, 0.55));
            g.fillRect(Math.max(gut, c), 0, w - Math.max(gut, c), h);
        }
        if (c >= gut && c <= w) {
            g.setStroke(Color.web("#0072B2"));
            g.setLineWidth(2 * s);
            g.strokeLine(Math.round(c) + 0.5, 0, Math.round(c) + 0.5, h);
        }
        drawLabels(g);
        // names
        g.setFill(Color.web("#fbfcfd"));
        g.fillRect(0, 0, gut, h);
        g.setStroke(Color.web("#c9d0d6"));
        g.setLineWidth(1);
        g.strokeLine(gut - 0.5, 0, gut - 0.5, h);
        g.setFont(Font.font("System", FontWeight.BOLD, fs));
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.RIGHT);
        g.setFill(Color.web("#1b2631"));
        for (int u = 0; u < n; u++) {
            double y = laneY(u);
            if (y < -lh || y > h + lh) continue;
            g.fillText(sim.nodeName(u), gut - 8, y);
        }
        g.setTextAlign(TextAlignment.LEFT);
        dirty = false;
    }

    private void drawArrow(GraphicsContext g, Arrow a, double x1m, double s) {
        double x0 = px(a.x0);
        double y0 = laneY(a.from);
        double x1 = px(x1m);
        double y1 = laneY(a.to);
        boolean lost = a.kind == ArrowKind.LOST_CUT || a.kind == ArrowKind.LOST_SEND;
        boolean focus = touchesHovered(a);
        Color c = focus ? FOCUS : lost ? LOST : a.kind == ArrowKind.IN_TRANSIT ? TRANSIT : SENT;
        g.setStroke(c);
        g.setFill(c);
        g.setLineWidth((lecture ? 1.8 : 1.1) * (focus || lost ? 1.6 : 1));
        if (a.kind == ArrowKind.IN_TRANSIT) g.setLineDashes(4 * s, 3 * s);
        if (focus) labels.add(new Object[] {a, x0, y0, x1, y1});
        if (a.from == a.to && a.kind != ArrowKind.LOST_SEND) {
            // a self-message: a small loop above the lane
            double lh = laneH();
            double top = y0 - lh * 0.45;
            g.beginPath();
            g.moveTo(x0, y0);
            g.bezierCurveTo(x0, top, x1, top, x1, y1);
            g.stroke();
            g.setLineDashes(null);
            end(g, a, x1, y1, x1 - (x1 - x0) * 0.1, top, s);
            return;
        }
        g.strokeLine(x0, y0, x1, y1);
        g.setLineDashes(null);
        end(g, a, x1, y1, x0, y0, s);
    }

    /** Whether the arrow starts or ends at the hovered execution (it is then drawn in focus, labelled). */
    private boolean touchesHovered(Arrow a) {
        if (hovered == null) return false;
        int u = hovered.event.node();
        return (a.from == u && Math.abs(a.x0 - hovered.x) < 1e-9)
                || (a.to == u && a.kind != ArrowKind.IN_TRANSIT && Math.abs(a.x1 - hovered.x) < 1e-9);
    }

    /** The labels of the hovered execution's messages, on a white plate at the middle of each arrow. */
    private void drawLabels(GraphicsContext g) {
        g.setFont(Font.font("System", FontWeight.BOLD, fontSize() * 0.9));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        Text t = new Text();
        t.setFont(g.getFont());
        for (Object[] l : labels) {
            Arrow a = (Arrow) l[0];
            // near the receiving end: the arrows of a fan-out part there, so their labels do too
            double mx = (double) l[1] + ((double) l[3] - (double) l[1]) * 0.72;
            double my = (double) l[2] + ((double) l[4] - (double) l[2]) * 0.72;
            if (a.from == a.to) my -= laneH() * 0.35;
            String text = a.label + (a.kind == ArrowKind.LOST_CUT || a.kind == ArrowKind.LOST_SEND ? " (lost)" : "");
            t.setText(text);
            double w = t.getLayoutBounds().getWidth() + 8;
            double h = t.getLayoutBounds().getHeight() + 2;
            g.setFill(Color.rgb(255, 255, 255, 0.92));
            g.fillRoundRect(mx - w / 2, my - h / 2, w, h, 6, 6);
            g.setStroke(FOCUS);
            g.setLineWidth(1);
            g.strokeRoundRect(mx - w / 2, my - h / 2, w, h, 6, 6);
            g.setFill(Color.web("#0b2a40"));
            g.fillText(text, mx, my);
        }
        g.setTextAlign(TextAlignment.LEFT);
        labels.clear();
    }

    private void end(GraphicsContext g, Arrow a, double x1, double y1, double fx, double fy, double s) {
        if (a.kind == ArrowKind.LOST_CUT || a.kind == ArrowKind.LOST_SEND) {
            double k = 4 * s;
            g.setLineWidth(2.2 * s);
            g.strokeLine(x1 - k, y1 - k, x1 + k, y1 + k);
            g.strokeLine(x1 - k, y1 + k, x1 + k, y1 - k);
            return;
        }
        if (a.kind == ArrowKind.IN_TRANSIT) return;
        double dx = x1 - fx;
        double dy = y1 - fy;
        double len = Math.hypot(dx, dy);
        if (len < 1e-6) return;
        dx /= len;
        dy /= len;
        double back = Math.max(2.5, Math.min(6 * s, unit * 0.34)); // stop at the tick's edge
        double tx = x1 - dx * back;
        double ty = y1 - dy * back;
        double l = 7 * s;
        double hw = 3 * s;
        g.fillPolygon(new double[] {tx, tx - dx * l - dy * hw, tx - dx * l + dy * hw},
                new double[] {ty, ty - dy * l + dx * hw, ty - dy * l - dx * hw}, 3);
    }

    private static int firstAtOrAfter(List<double[]> xs, double x) {
        int lo = 0;
        int hi = xs.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (xs.get(mid)[0] < x) lo = mid + 1;
            else hi = mid;
        }
        return Math.max(0, lo - 1);
    }

    private int firstExecAtOrAfter(double x) {
        int lo = 0;
        int hi = execs.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (execs.get(mid).x < x) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    // ------------------------------------------------------------------ mouse

    /** The execution drawn at a canvas point, or null. */
    Exec execAt(double mx, double my) {
        if (sim == null || mx < gutter()) return null;
        double x = (mx + scrollX - gutter()) / unit;
        double tol = Math.max(7, unit * 0.5) / unit;
        Exec best = null;
        double bestD = Double.MAX_VALUE;
        for (int i = firstExecAtOrAfter(x - tol); i < execs.size(); i++) {
            Exec e = execs.get(i);
            if (e.x > x + tol) break;
            double dx = px(e.x) - mx;
            double dy = laneY(e.event.node()) - my;
            double d = Math.hypot(dx, dy);
            if (d <= Math.max(8, Math.min(unit * 0.6, laneH() * 0.5)) && d < bestD) {
                bestD = d;
                best = e;
            }
        }
        return best;
    }

    private void hover(MouseEvent e) {
        Exec x = execAt(e.getX(), e.getY());
        if (x == hovered) return;
        hovered = x;
        if (x == null) {
            Tooltip.uninstall(canvas, tooltip);
            info.setText(defaultInfo());
        } else {
            String text = "round " + x.event.round() + ", step " + x.event.step() + ": " + x.event.narration();
            info.setText(text);
            tooltip.setText(text);
            Tooltip.install(canvas, tooltip);
        }
        redraw();
    }

    private void clicked(MouseEvent e) {
        Exec x = execAt(e.getX(), e.getY());
        if (x != null) onJump.accept(x.event.step());
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
        if (sim == null) return "";
        return execs.size() + " executions, " + arrows.size() + " messages — click a tick to jump there, hover to read it";
    }

    // ------------------------------------------------------------------ for tests and the window

    List<Exec> executions() {
        return List.copyOf(execs);
    }

    List<Arrow> arrows() {
        return List.copyOf(arrows);
    }

    /** Arrows and lost-message crosses stroked by the last redraw (only the visible window is drawn). */
    int arrowsDrawn() {
        return arrowsDrawn;
    }

    int lostDrawn() {
        return lostDrawn;
    }

    int ticksDrawn() {
        return ticksDrawn;
    }

    /** Where an execution's tick is drawn, in canvas coordinates. */
    Point2D tickPosition(Exec e) {
        return new Point2D(px(e.x), laneY(e.event.node()));
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
        return px(cursorX);
    }

    String fillVariable() {
        return fillVar;
    }

    static String describe(Arrow a, Simulation sim) {
        return String.format(Locale.ROOT, "%s %s→%s %s", a.label, sim.nodeName(a.from), a.to >= 0 ? sim.nodeName(a.to) : "?", a.kind);
    }
}
