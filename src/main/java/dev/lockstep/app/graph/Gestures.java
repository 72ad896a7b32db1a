package dev.lockstep.app.graph;

import java.util.Arrays;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;

/**
 * Mouse gestures on the graph view, turned into listener calls in model terms. The view never
 * changes the simulation: a dragged node moves only when the window applies the move and calls
 * {@code GraphView.update}. Rubber band and cutting stroke are shown through the scene.
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

    private final DrawnScene scene;
    private final Camera camera;
    private final HitTest hits;
    private final Region surface;
    private final Node focus;
    private GraphViewListener listener = new GraphViewListener() {};
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

    /** Gestures on {@code surface} (the drawing), which give the keyboard focus to {@code focus}. */
    Gestures(DrawnScene scene, Camera camera, HitTest hits, Region surface, Node focus) {
        this.scene = scene;
        this.camera = camera;
        this.hits = hits;
        this.surface = surface;
        this.focus = focus;
        surface.addEventHandler(MouseEvent.MOUSE_PRESSED, e -> {
            pressed(e);
            showFeedback();
        });
        surface.addEventHandler(MouseEvent.MOUSE_DRAGGED, e -> {
            dragged(e);
            showFeedback();
        });
        surface.addEventHandler(MouseEvent.MOUSE_RELEASED, e -> {
            released(e);
            showFeedback();
        });
        surface.addEventHandler(ScrollEvent.SCROLL, this::scrolled);
        surface.addEventHandler(ContextMenuEvent.CONTEXT_MENU_REQUESTED, this::contextMenu);
    }

    void setListener(GraphViewListener l) {
        listener = l == null ? new GraphViewListener() {} : l;
    }

    /** The rubber band and the cutting stroke go to the scene, for the painter. */
    private void showFeedback() {
        scene.band = band();
        scene.stroke = stroke();
    }

    boolean active() {
        return mode != Mode.NONE;
    }

    void cancel() {
        mode = Mode.NONE;
        node = -1;
        target = -1;
        pointCount = 0;
        showFeedback();
    }

    /** {from, x, y, target or -1} while linking, else null. */
    private double[] band() {
        if (mode != Mode.LINK || !moved) return null;
        return new double[] {node, lastX, lastY, target};
    }

    /** The cutting stroke while it is drawn, else null. */
    private double[] stroke() {
        if (mode != Mode.CUT || !moved || pointCount < 2) return null;
        return Arrays.copyOf(points, 2 * pointCount);
    }

    private void pressed(MouseEvent e) {
        e.consume();
        focus.requestFocus();
        double x = e.getX();
        double y = e.getY();
        pressX = lastX = x;
        pressY = lastY = y;
        moved = false;
        pointCount = 0;
        target = -1;
        int hit = hits.nodeAt(x, y);
        if (e.getButton() == MouseButton.SECONDARY) {
            mode = Mode.NONE;
            if (hit >= 0) {
                listener.nodeContextMenu(hit, e.getScreenX(), e.getScreenY());
            } else {
                javafx.geometry.Point2D g = camera.toModel(x, y);
                listener.backgroundContextMenu(g.getX(), g.getY(), e.getScreenX(), e.getScreenY());
            }
            return;
        }
        if (e.getButton() == MouseButton.MIDDLE) {
            mode = Mode.PAN;
            return;
        }
        if (e.getButton() != MouseButton.PRIMARY) return;
        node = hit;
        token = hit < 0 && scene.tool != Tool.CUT ? hits.tokenAt(x, y) : -1;
        switch (scene.tool) {
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
            Point2D g = camera.toModel(x, y);
            grabDx = g.getX() - scene.curX[hit];
            grabDy = g.getY() - scene.curY[hit];
        }
        scene.dirty = true;
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
                Point2D g = camera.toModel(x, y);
                listener.nodeDragged(node, g.getX() - grabDx, g.getY() - grabDy, false);
            }
            case BACKGROUND, TOKEN, PAN -> {
                mode = Mode.PAN;
                camera.panBy(dx, dy);
            }
            case LINK -> {
                int t = hits.nodeAt(x, y);
                target = t == node ? -1 : t;
            }
            case CUT -> addPoint(x, y);
            default -> { }
        }
        scene.dirty = true;
    }

    private void released(MouseEvent e) {
        e.consume();
        double x = e.getX();
        double y = e.getY();
        Mode m = mode;
        int from = node;
        mode = Mode.NONE;
        scene.dirty = true;
        switch (m) {
            case NODE -> listener.nodeClicked(from);
            case DRAG_NODE -> {
                Point2D g = camera.toModel(x, y);
                listener.nodeDragged(from, g.getX() - grabDx, g.getY() - grabDy, true);
            }
            case BACKGROUND -> listener.backgroundClicked();
            case TOKEN -> listener.tokenClicked(token);
            case LINK -> {
                int t = hits.nodeAt(x, y);
                if (!moved) listener.nodeClicked(from);
                else if (t >= 0 && t != from) listener.linkRequested(from, t);
            }
            case CUT -> {
                if (!moved) {
                    int hit = hits.nodeAt(x, y);
                    int[] edge = hit >= 0 ? null : hits.edgeAt(x, y);
                    if (hit >= 0) listener.nodeClicked(hit);
                    else if (edge != null) listener.cutRequested(edge[0], edge[1]);
                    else listener.backgroundClicked();
                } else {
                    addPoint(x, y);
                    List<int[]> crossed = hits.edgesCrossing(Arrays.copyOf(points, 2 * pointCount));
                    for (int[] edge : crossed) listener.cutRequested(edge[0], edge[1]);
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
        camera.zoomAt(Math.pow(1.0018, dy), e.getX(), e.getY());
    }

    private void contextMenu(ContextMenuEvent e) {
        // The mouse's right button is handled on press; this covers the keyboard's menu key.
        if (!e.isKeyboardTrigger()) return;
        e.consume();
        int u = scene.selected;
        if (u >= 0) {
            Point2D p = surface.localToScreen(camera.pxX(scene.curX[u], scene.curY[u]), camera.pxY(scene.curX[u], scene.curY[u]));
            listener.nodeContextMenu(u, p.getX(), p.getY());
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
