package dev.lockstep.app;

import dev.lockstep.app.graph.GraphView;
import dev.lockstep.figure.spacetime.Arrow;
import dev.lockstep.figure.spacetime.ArrowKind;
import dev.lockstep.figure.spacetime.Exec;
import dev.lockstep.figure.spacetime.Mark;
import dev.lockstep.figure.spacetime.MarkKind;
import dev.lockstep.figure.spacetime.RoundStart;
import dev.lockstep.figure.spacetime.SpaceTime;
import dev.lockstep.figure.spacetime.SpaceTimeLayout;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/**
 * Draws the space-time model on a canvas, only what falls in the visible window: lanes, round
 * boundaries, marks, message arrows, execution ticks (coloured like the node's fill in the graph
 * view after them), the dimmed known future after the cursor, the hovered execution's message
 * labels, and the names in the gutter.
 */
final class SpaceTimePainter {
    static final Color LINK = Color.web("#009E73");
    static final Color CUT = Color.web("#5b6670");
    static final Color LOST = Color.web("#D55E00");
    static final Color SENT = Color.web("#33404c");
    static final Color TRANSIT = Color.web("#8a949e");
    static final Color FOCUS = Color.web("#0072B2");
    /** The application's steps: the narration's colour for them (.narr-application). */
    static final Color APPLICATION = Color.web("#5a2d82");
    private static final double TOP = SpaceTimeLayout.TOP;

    private int arrowsDrawn;
    private int lostDrawn;
    private int ticksDrawn;
    private int appStepsDrawn;
    /** The hovered execution's arrows, labelled after everything else is drawn: {arrow, x0, y0, x1, y1}. */
    private final List<Object[]> labels = new ArrayList<>();
    // this frame
    private SpaceTime model;
    private SpaceTimeLayout at;
    private boolean lecture;
    private Exec hovered;

    int arrowsDrawn() {
        return arrowsDrawn;
    }

    int lostDrawn() {
        return lostDrawn;
    }

    int ticksDrawn() {
        return ticksDrawn;
    }

    int appStepsDrawn() {
        return appStepsDrawn;
    }

    static double fontSize(boolean lecture) {
        return lecture ? 17 : 12;
    }

    /** The tick's radius; arrows stop at its edge. */
    private double tickRadius(double s) {
        return Math.max(2.5, Math.min(6 * s, at.unit() * 0.34));
    }

    void draw(GraphicsContext g, double w, double h, SpaceTime model, SpaceTimeLayout at, boolean lecture, Exec hovered) {
        this.model = model;
        this.at = at;
        this.lecture = lecture;
        this.hovered = hovered;
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        if (w <= 0 || h <= 0) return;
        double gut = at.gutter();
        double lh = at.laneH();
        double unit = at.unit();
        int n = model.lanes();
        double fs = fontSize(lecture);
        double s = lecture ? 1.5 : 1;
        // lanes
        for (int u = 0; u < n; u++) {
            double y = at.laneY(u);
            if (y < -lh || y > h + lh) continue;
            if (u % 2 == 1) {
                g.setFill(Color.web("#f5f7f9"));
                g.fillRect(gut, y - lh / 2, w - gut, lh);
            }
            g.setStroke(Color.web("#d3d9de"));
            g.setLineWidth(1);
            g.strokeLine(gut, Math.round(y) + 0.5, w, Math.round(y) + 0.5);
        }
        double left = (at.scrollX() - 2 * unit) / unit;
        double right = (at.scrollX() + w) / unit;
        // round boundaries
        g.setFont(Font.font("System", fs * 0.85));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        double lastLabel = Double.NEGATIVE_INFINITY;
        List<RoundStart> rounds = model.rounds();
        for (int i = model.roundBefore(left); i < rounds.size(); i++) {
            RoundStart r = rounds.get(i);
            if (r.x() > right) break;
            double x = Math.round(at.x(r.x())) + 0.5;
            if (x < gut) continue;
            g.setStroke(Color.web("#e3e7eb"));
            g.setLineWidth(1);
            g.strokeLine(x, TOP - 4, x, h);
            if (x - lastLabel > fs * 3.2) {
                g.setFill(Color.web("#7a8590"));
                g.fillText(Integer.toString(r.round()), x, 2);
                lastLabel = x;
            }
        }
        g.setTextAlign(TextAlignment.LEFT);
        drawMarks(g, left, right, gut, h, lh, s);
        // messages
        arrowsDrawn = 0;
        lostDrawn = 0;
        for (Arrow a : model.arrows()) {
            double x1 = a.kind() == ArrowKind.IN_TRANSIT ? model.endX() : a.x1();
            if (Math.max(a.x0(), x1) < left || Math.min(a.x0(), x1) > right) continue;
            drawArrow(g, a, x1, s);
            arrowsDrawn++;
            if (a.kind().lost()) lostDrawn++;
        }
        // executions
        ticksDrawn = 0;
        double r = tickRadius(s);
        List<Exec> execs = model.executions();
        for (int i = model.firstExecAtOrAfter(left); i < execs.size(); i++) {
            Exec e = execs.get(i);
            if (e.x() > right) break;
            double x = at.x(e.x());
            if (x < gut - r) continue;
            double y = at.laneY(e.node());
            g.setFill(fillOf(e));
            g.fillOval(x - r, y - r, 2 * r, 2 * r);
            g.setStroke(e == hovered ? Color.web("#0072B2") : Color.web("#24313d"));
            g.setLineWidth(e == hovered ? 2.5 : 1);
            g.strokeOval(x - r, y - r, 2 * r, 2 * r);
            ticksDrawn++;
        }
        // the known future is dimmed; the cursor marks now
        double c = at.x(model.cursorX());
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
        drawNames(g, gut, h, lh, fs);
    }

    /** Topology changes, calls and violations. */
    private void drawMarks(GraphicsContext g, double left, double right, double gut, double h, double lh, double s) {
        appStepsDrawn = 0;
        for (Mark m : model.marks()) {
            if (m.x() < left || m.x() > right) continue;
            double x = at.x(m.x());
            if (x < gut) continue;
            switch (m.kind()) {
                case CUT, LINK -> {
                    Color c = m.kind() == MarkKind.CUT ? CUT : LINK;
                    g.setStroke(c);
                    g.setLineWidth(1.5 * s);
                    g.setLineDashes(m.kind() == MarkKind.CUT ? 4 * s : 0);
                    g.strokeLine(x, at.laneY(m.u()), x, at.laneY(m.v()));
                    g.setLineDashes(null);
                    g.setFill(c);
                    for (int u : new int[] {m.u(), m.v()}) g.fillRect(x - 2 * s, at.laneY(u) - 2 * s, 4 * s, 4 * s);
                }
                case VIOLATION -> {
                    g.setFill(Color.web("#D55E00"));
                    g.fillPolygon(new double[] {x - 5 * s, x + 5 * s, x}, new double[] {TOP - 8, TOP - 8, TOP}, 3);
                    g.setStroke(Color.web("#D55E0055"));
                    g.setLineWidth(2 * s);
                    g.strokeLine(x, TOP, x, h);
                }
                case CALL -> {
                    double y = at.laneY(m.u());
                    g.setStroke(Color.web("#005a8c"));
                    g.setLineWidth(1.5 * s);
                    g.strokeLine(x, y - lh * 0.38, x, y - lh * 0.12);
                }
                case APPLICATION -> {
                    drawApplicationStep(g, x, m, s);
                    appStepsDrawn++;
                }
                default -> { }
            }
        }
    }

    /**
     * An application step: a filled diamond on the node's lane and, when the step names a partner,
     * a dotted line to the partner's lane ending in a hollow diamond (who did it, and with whom).
     */
    private void drawApplicationStep(GraphicsContext g, double x, Mark m, double s) {
        double y = at.laneY(m.u());
        double k = Math.max(3, Math.min(5 * s, at.laneH() * 0.3));
        g.setStroke(APPLICATION);
        g.setFill(APPLICATION);
        if (m.v() >= 0) {
            double yv = at.laneY(m.v());
            g.setLineWidth(1.2 * s);
            g.setLineDashes(2 * s, 2 * s);
            g.strokeLine(x, y, x, yv);
            g.setLineDashes(null);
            diamond(g, x, yv, k * 0.8, false);
        }
        diamond(g, x, y, k, true);
    }

    private static void diamond(GraphicsContext g, double x, double y, double k, boolean filled) {
        double[] xs = {x, x + k, x, x - k};
        double[] ys = {y - k, y, y + k, y};
        if (filled) {
            g.fillPolygon(xs, ys, 4);
        } else {
            g.setFill(Color.WHITE);
            g.fillPolygon(xs, ys, 4);
            g.setLineWidth(1.5);
            g.strokePolygon(xs, ys, 4);
            g.setFill(APPLICATION);
        }
    }

    private void drawNames(GraphicsContext g, double gut, double h, double lh, double fs) {
        g.setFill(Color.web("#fbfcfd"));
        g.fillRect(0, 0, gut, h);
        g.setStroke(Color.web("#c9d0d6"));
        g.setLineWidth(1);
        g.strokeLine(gut - 0.5, 0, gut - 0.5, h);
        g.setFont(Font.font("System", FontWeight.BOLD, fs));
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.RIGHT);
        g.setFill(Color.web("#1b2631"));
        for (int u = 0; u < model.lanes(); u++) {
            double y = at.laneY(u);
            if (y < -lh || y > h + lh) continue;
            g.fillText(model.laneName(u), gut - 8, y);
        }
        g.setTextAlign(TextAlignment.LEFT);
    }

    private Color fillOf(Exec e) {
        String value = e.fill();
        return value != null ? GraphView.fillColor(model.fillValues(), value) : Color.web("#9aa5ae");
    }

    private void drawArrow(GraphicsContext g, Arrow a, double x1m, double s) {
        double x0 = at.x(a.x0());
        double y0 = at.laneY(a.from());
        double x1 = at.x(x1m);
        double y1 = at.laneY(a.to());
        boolean lost = a.kind().lost();
        boolean focus = touchesHovered(a);
        Color c = focus ? FOCUS : lost ? LOST : a.kind() == ArrowKind.IN_TRANSIT ? TRANSIT : SENT;
        g.setStroke(c);
        g.setFill(c);
        g.setLineWidth((lecture ? 1.8 : 1.1) * (focus || lost ? 1.6 : 1));
        if (a.kind() == ArrowKind.IN_TRANSIT) g.setLineDashes(4 * s, 3 * s);
        if (focus) labels.add(new Object[] {a, x0, y0, x1, y1});
        if (a.from() == a.to() && a.kind() != ArrowKind.LOST_SEND) {
            // a self-message: a small loop above the lane
            double top = y0 - at.laneH() * 0.45;
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
        int u = hovered.node();
        return (a.from() == u && Math.abs(a.x0() - hovered.x()) < 1e-9)
                || (a.to() == u && a.kind() != ArrowKind.IN_TRANSIT && Math.abs(a.x1() - hovered.x()) < 1e-9);
    }

    /** The labels of the hovered execution's messages, on a white plate at the middle of each arrow. */
    private void drawLabels(GraphicsContext g) {
        g.setFont(Font.font("System", FontWeight.BOLD, fontSize(lecture) * 0.9));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        Text t = new Text();
        t.setFont(g.getFont());
        for (Object[] l : labels) {
            Arrow a = (Arrow) l[0];
            // near the receiving end: the arrows of a fan-out part there, so their labels do too
            double mx = (double) l[1] + ((double) l[3] - (double) l[1]) * 0.72;
            double my = (double) l[2] + ((double) l[4] - (double) l[2]) * 0.72;
            if (a.from() == a.to()) my -= at.laneH() * 0.35;
            String text = a.label() + (a.kind().lost() ? " (lost)" : "");
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
        if (a.kind().lost()) {
            double k = 4 * s;
            g.setLineWidth(2.2 * s);
            g.strokeLine(x1 - k, y1 - k, x1 + k, y1 + k);
            g.strokeLine(x1 - k, y1 + k, x1 + k, y1 - k);
            return;
        }
        if (a.kind() == ArrowKind.IN_TRANSIT) return;
        double dx = x1 - fx;
        double dy = y1 - fy;
        double len = Math.hypot(dx, dy);
        if (len < 1e-6) return;
        dx /= len;
        dy /= len;
        double back = tickRadius(s); // stop at the tick's edge
        double tx = x1 - dx * back;
        double ty = y1 - dy * back;
        double l = 7 * s;
        double hw = 3 * s;
        g.fillPolygon(new double[] {tx, tx - dx * l - dy * hw, tx - dx * l + dy * hw},
                new double[] {ty, ty - dy * l + dx * hw, ty - dy * l - dx * hw}, 3);
    }
}
