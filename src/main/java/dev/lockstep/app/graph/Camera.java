package dev.lockstep.app.graph;

import dev.lockstep.figure.Projection;
import javafx.geometry.Point2D;
import org.graphstream.ui.geom.Point3;
import org.graphstream.ui.graphicGraph.GraphicGraph;
import org.graphstream.ui.view.camera.DefaultCamera2D;

/**
 * Pan and zoom over GraphStream's camera, and the transform between graph units and view pixels
 * that goes with them. GraphStream computes the transform only while it draws, so the painter
 * refreshes it at each frame ({@link #capture()}); between frames the last one is used.
 */
final class Camera {
    private final DefaultCamera2D camera;
    private final Runnable changed;

    /** px = m00*x + m01*y + m02, py = m10*x + m11*y + m12. */
    private double m00 = 1;
    private double m01;
    private double m02;
    private double m10;
    private double m11 = -1;
    private double m12;
    private boolean known;
    private double viewPercent = 1;
    private double centerX;
    private double centerY;
    /** Bumped at each camera change (the painter then asks GraphStream for the new transform). */
    private long version;

    /** {@code changed} runs after every pan or zoom (the view then repaints). */
    Camera(DefaultCamera2D camera, Runnable changed) {
        this.camera = camera;
        this.changed = changed;
    }

    /** Zooms by {@code factor} (greater than 1: closer) around the centre of the view. */
    void zoom(double factor) {
        if (!(factor > 0)) return;
        viewPercent = Math.max(0.02, Math.min(20, viewPercent / factor));
        apply();
    }

    /** Zooms by {@code factor} around a point of the view (pixels), which stays where it is. */
    void zoomAt(double factor, double px, double py) {
        if (!(factor > 0) || !known) return;
        double newPercent = Math.max(0.02, Math.min(20, viewPercent / factor));
        double k = newPercent / viewPercent;
        Point2D g = toModel(px, py);
        centerX = g.getX() + (centerX - g.getX()) * k;
        centerY = g.getY() + (centerY - g.getY()) * k;
        viewPercent = newPercent;
        apply();
    }

    /** Moves the view by (dx, dy) pixels. */
    void panBy(double dx, double dy) {
        if (!known) return;
        double det = m00 * m11 - m01 * m10;
        double gx = (m11 * dx - m01 * dy) / det;
        double gy = (-m10 * dx + m00 * dy) / det;
        centerX -= gx;
        centerY -= gy;
        apply();
    }

    /** Frames the first n points (xs[i], ys[i]) as a figure does ({@link Projection#bounds}). */
    void fit(double[] xs, double[] ys, int n) {
        Projection.Bounds b = Projection.bounds(xs, ys, n);
        double minX = b.minX(), minY = b.minY(), maxX = b.maxX(), maxY = b.maxY(), pad = b.pad();
        camera.setAutoFitView(false);
        camera.setGraphViewport(minX - pad, minY - pad, maxX + pad, maxY + pad);
        centerX = (minX + maxX) / 2;
        centerY = (minY + maxY) / 2;
        viewPercent = 1;
        apply();
    }

    private void apply() {
        version++;
        camera.setAutoFitView(false);
        camera.setViewCenter(centerX, centerY, 0);
        camera.setViewPercent(viewPercent);
        changed.run();
    }

    /** The zoom level: 1 after {@link #fit}, 2 twice as close. */
    double zoomLevel() {
        return 1 / viewPercent;
    }

    long version() {
        return version;
    }

    /** Whether the transform is known (a frame was drawn) and invertible. */
    boolean known() {
        return known;
    }

    /** Refreshes the transform from GraphStream's camera (its view must be pushed, as while drawing). */
    void capture() {
        Point3 o = camera.transformGuToPx(0, 0, 0);
        Point3 ex = camera.transformGuToPx(1, 0, 0);
        Point3 ey = camera.transformGuToPx(0, 1, 0);
        m02 = o.x;
        m12 = o.y;
        m00 = ex.x - o.x;
        m10 = ex.y - o.y;
        m01 = ey.x - o.x;
        m11 = ey.y - o.y;
        known = Math.abs(m00 * m11 - m01 * m10) > 1e-12;
    }

    void push(GraphicGraph gg) {
        camera.pushView(gg);
    }

    void pop() {
        camera.popView();
    }

    double pxX(double x, double y) {
        return m00 * x + m01 * y + m02;
    }

    double pxY(double x, double y) {
        return m10 * x + m11 * y + m12;
    }

    /** Pixels per graph unit (the mean of the two axes' scales). */
    double unit() {
        return Math.sqrt(Math.abs(m00 * m11 - m01 * m10));
    }

    /** Model coordinates of a point of the view (pixels relative to the view). */
    Point2D toModel(double px, double py) {
        double det = m00 * m11 - m01 * m10;
        double dx = px - m02;
        double dy = py - m12;
        return new Point2D((m11 * dx - m01 * dy) / det, (-m10 * dx + m00 * dy) / det);
    }
}
