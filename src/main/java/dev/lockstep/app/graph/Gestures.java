package dev.lockstep.app.graph;

import java.util.Arrays;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;

/**
 * Mouse gestures on the graph view, turned into listener calls in model terms. The view never
 * changes the simulation: a dragged node moves only when the window applies the move and calls
 * {@link GraphView#update(boolean)}.
 *
 * <ul>
 *   <li>SELECT: click a node: {@code nodeClicked}; drag a node: {@code nodeDragged}, continuously;
 *       drag the background: pan; Shift+drag from a node to another: {@code linkRequested}.
 *   <li>EDGE: drag from a node to another: {@code linkRequested} (a rubber band follows).
 *   <li>CUT: click an edge: {@code cutRequested}; draw a stroke: every edge it crosses.
 *   <li>SELECT and EDGE: click a message in transit: {@code tokenClicked}.
 *   <li>Any tool: right click on a node: {@code nodeContextMenu}; wheel: zoom at the pointer;
 *       middle drag: pan.
 * </ul>
 */
final class Gestures {
    private enum Mode { NONE, NODE, DRAG_NODE, BACKGROUND, TOKEN, PAN, LINK, CUT }

    private static final double SLOP = 3;

    private final GraphView v;
    private Mode mode = Mode.NONE;
    private int node = -1;
    private double pressX;
    private double pressY;
    private double lastX;
    private double lastY;
    private boolean moved;
    private double grabDx;
    private double grabDy;
    private int target = -1;
    private long token = -1;
    private double[] points = new double[64];
    private int pointCount;

    Gestures(GraphView v, Region surface) {
        this.v = v;
        surface.addEventHandler(MouseEvent.MOUSE_PRESSED, this::pressed);
        surface.addEventHandler(MouseEvent.MOUSE_DRAGGED, this::dragged);
        surface.addEventHandler(MouseEvent.MOUSE_RELEASED, this::released);
        surface.addEventHandler(ScrollEvent.SCROLL, this::scrolled);
        surface.addEventHandler(ContextMenuEvent.CONTEXT_MENU_REQUESTED, this::contextMenu);
    }

    boolean active() {
        return mode != Mode.NONE;
    }

    void cancel() {
        mode = Mode.NONE;
        node = -1;
        target = -1;
        pointCount = 0;
    }

    /** {from, x, y, target or -1} while linking, else null. */
    double[] band() {
        if (mode != Mode.LINK || !moved) return null;
        return new double[] {node, lastX, lastY, target};
    }

    /** The cutting stroke while it is drawn, else null. */
    double[] stroke() {
        if (mode != Mode.CUT || !moved || pointCount < 2) return null;
        return Arrays.copyOf(points, 2 * pointCount);
    }

    private void pressed(MouseEvent e) {
        e.consume();
        v.node().requestFocus();
        double x = e.getX();
        double y = e.getY();
        pressX = lastX = x;
        pressY = lastY = y;
        moved = false;
        pointCount = 0;
        target = -1;
        int hit = v.nodeAt(x, y);
        if (e.getButton() == MouseButton.SECONDARY) {
            mode = Mode.NONE;
            if (hit >= 0) {
                v.listener.nodeContextMenu(hit, e.getScreenX(), e.getScreenY());
            } else {
                javafx.geometry.Point2D g = v.toModel(x, y);
                v.listener.backgroundContextMenu(g.getX(), g.getY(), e.getScreenX(), e.getScreenY());
            }
            return;
        }
        if (e.getButton() == MouseButton.MIDDLE) {
            mode = Mode.PAN;
            return;
        }
        if (e.getButton() != MouseButton.PRIMARY) return;
        node = hit;
        token = hit < 0 && v.tool != Tool.CUT ? v.tokenAt(x, y) : -1;
        switch (v.tool) {
            case SELECT -> {
                if (hit >= 0 && e.isShiftDown()) mode = Mode.LINK;
                else if (hit >= 0) mode = Mode.NODE;
                else mode = token >= 0 ? Mode.TOKEN : Mode.BACKGROUND;
            }
            case EDGE -> mode = hit >= 0 ? Mode.LINK : token >= 0 ? Mode.TOKEN : Mode.BACKGROUND;
            case CUT -> {
                mode = Mode.CUT;
                addPoint(x, y);
            }
        }
        if (mode == Mode.NODE) {
            Point2D g = v.toModel(x, y);
            grabDx = g.getX() - v.curX[hit];
            grabDy = g.getY() - v.curY[hit];
        }
        v.dirty = true;
    }

    private void dragged(MouseEvent e) {
        e.consume();
        double x = e.getX();
        double y = e.getY();
        if (!moved && Math.hypot(x - pressX, y - pressY) >= SLOP) moved = true;
        double dx = x - lastX;
        double dy = y - lastY;
        lastX = x;
        lastY = y;
        if (!moved) return;
        switch (mode) {
            case NODE, DRAG_NODE -> {
                mode = Mode.DRAG_NODE;
                Point2D g = v.toModel(x, y);
                v.listener.nodeDragged(node, g.getX() - grabDx, g.getY() - grabDy, false);
            }
            case BACKGROUND, TOKEN, PAN -> {
                mode = Mode.PAN;
                v.panBy(dx, dy);
            }
            case LINK -> {
                int t = v.nodeAt(x, y);
                target = t == node ? -1 : t;
            }
            case CUT -> addPoint(x, y);
            default -> { }
        }
        v.dirty = true;
    }

    private void released(MouseEvent e) {
        e.consume();
        double x = e.getX();
        double y = e.getY();
        Mode m = mode;
        int from = node;
        mode = Mode.NONE;
        v.dirty = true;
        switch (m) {
            case NODE -> v.listener.nodeClicked(from);
            case DRAG_NODE -> {
                Point2D g = v.toModel(x, y);
                v.listener.nodeDragged(from, g.getX() - grabDx, g.getY() - grabDy, true);
            }
            case BACKGROUND -> v.listener.backgroundClicked();
            case TOKEN -> v.listener.tokenClicked(token);
            case LINK -> {
                int t = v.nodeAt(x, y);
                if (!moved) v.listener.nodeClicked(from);
                else if (t >= 0 && t != from) v.listener.linkRequested(from, t);
            }
            case CUT -> {
                if (!moved) {
                    int hit = v.nodeAt(x, y);
                    int[] edge = hit >= 0 ? null : v.edgeAt(x, y);
                    if (hit >= 0) v.listener.nodeClicked(hit);
                    else if (edge != null) v.listener.cutRequested(edge[0], edge[1]);
                    else v.listener.backgroundClicked();
                } else {
                    addPoint(x, y);
                    List<int[]> crossed = v.edgesCrossing(Arrays.copyOf(points, 2 * pointCount));
                    for (int[] edge : crossed) v.listener.cutRequested(edge[0], edge[1]);
                }
            }
            default -> { }
        }
        node = -1;
        target = -1;
        pointCount = 0;
    }

    private void scrolled(ScrollEvent e) {
        e.consume();
        double dy = e.getDeltaY();
        if (dy == 0) return;
        v.zoomAt(Math.pow(1.0018, dy), e.getX(), e.getY());
    }

    private void contextMenu(ContextMenuEvent e) {
        // The mouse's right button is handled on press; this covers the keyboard's menu key.
        if (!e.isKeyboardTrigger()) return;
        e.consume();
        int u = v.selected();
        if (u >= 0) {
            Point2D p = v.nodeScreenPosition(u);
            v.listener.nodeContextMenu(u, p.getX(), p.getY());
        }
    }

    private void addPoint(double x, double y) {
        if (pointCount > 0) {
            double lx = points[2 * pointCount - 2];
            double ly = points[2 * pointCount - 1];
            if (Math.hypot(x - lx, y - ly) < 2) return;
        }
        if (2 * pointCount + 2 > points.length) points = Arrays.copyOf(points, points.length * 2);
        points[2 * pointCount] = x;
        points[2 * pointCount + 1] = y;
        pointCount++;
    }
}
