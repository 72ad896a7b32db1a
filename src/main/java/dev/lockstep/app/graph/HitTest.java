package dev.lockstep.app.graph;

import dev.lockstep.figure.Plane;
import java.util.ArrayList;
import java.util.List;

/** What is drawn at a point of the view (pixels): a node, a message, an edge, or the edges a stroke crosses. */
final class HitTest {
    private final DrawnScene scene;
    private final Camera camera;

    HitTest(DrawnScene scene, Camera camera) {
        this.scene = scene;
        this.camera = camera;
    }

    private double x(int u) {
        return camera.pxX(scene.curX[u], scene.curY[u]);
    }

    private double y(int u) {
        return camera.pxY(scene.curX[u], scene.curY[u]);
    }

    /** The node drawn at a point of the view, or -1. */
    int nodeAt(double px, double py) {
        double r = scene.nodeRadius() + 4;
        int best = -1;
        double bestD = r * r;
        for (int u = 0; u < scene.n; u++) {
            double dx = x(u) - px;
            double dy = y(u) - py;
            double d = dx * dx + dy * dy;
            if (d <= bestD) {
                bestD = d;
                best = u;
            }
        }
        return best;
    }

    /** The message in transit drawn at a point of the view, as its envelope id, or -1. */
    long tokenAt(double px, double py) {
        double s = scene.scale();
        double h = 14 * s;
        long best = -1;
        double bestD = Double.MAX_VALUE;
        for (MessageToken t : scene.tokens.values()) {
            if (t.leaving || Double.isNaN(t.lastX)) continue;
            double dx = px - t.lastX;
            double dy = py - t.lastY;
            double along = dx * t.dx + dy * t.dy;
            double across = -dx * t.dy + dy * t.dx;
            boolean hit;
            if (t.restText) {
                hit = Math.abs(along) <= t.w / 2 + 3 * s && Math.abs(across) <= h / 2 + 3 * s;
            } else {
                hit = Math.hypot(dx, dy) <= 8 * s;
            }
            double d = Math.hypot(dx, dy);
            if (hit && d < bestD) {
                bestD = d;
                best = t.id;
            }
        }
        return best;
    }

    /** The edge drawn at a point of the view, as {u, v} with u < v, or null. */
    int[] edgeAt(double px, double py) {
        double tol = scene.scale() * 6;
        int[] best = null;
        double bestD = tol;
        for (int[] e : scene.edges) {
            double d = Plane.distanceToSegment(px, py, x(e[0]), y(e[0]), x(e[1]), y(e[1]));
            if (d <= bestD) {
                bestD = d;
                best = e;
            }
        }
        return best == null ? null : best.clone();
    }

    /** Every edge crossed by the polyline of view points (x0, y0, x1, y1, ...), as {u, v} pairs. */
    List<int[]> edgesCrossing(double[] polyline) {
        List<int[]> out = new ArrayList<>();
        for (int[] e : scene.edges) {
            double ax = x(e[0]);
            double ay = y(e[0]);
            double bx = x(e[1]);
            double by = y(e[1]);
            for (int i = 0; i + 3 < polyline.length; i += 2) {
                if (Plane.segmentsCross(ax, ay, bx, by, polyline[i], polyline[i + 1], polyline[i + 2], polyline[i + 3])) {
                    out.add(e.clone());
                    break;
                }
            }
        }
        return out;
    }
}
