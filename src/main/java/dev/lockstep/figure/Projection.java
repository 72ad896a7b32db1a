package dev.lockstep.figure;

/**
 * Model coordinates to figure pixels, the way the window's graph view frames the graph after
 * "fit" ({@code GraphView.resetCamera} with GraphStream's camera): the nodes' bounding box, grown
 * by 6% of its larger side (at least 0.05 units; a flat side gets ±1 unit), is scaled uniformly
 * to the area less {@link Look#GRAPH_PADDING} on every side and centred; the model's y axis
 * points up, the figure's down.
 */
public final class Projection {
    private final double scale;
    private final double cx;
    private final double cy;
    private final double ox;
    private final double oy;

    private Projection(double scale, double cx, double cy, double ox, double oy) {
        this.scale = scale;
        this.cx = cx;
        this.cy = cy;
        this.ox = ox;
        this.oy = oy;
    }

    /**
     * The framed part of the model plane: the bounding box of the first {@code n} points, flat
     * sides grown to ±1 unit (none: the unit square), and the padding of 6% of its larger side (at
     * least 0.05 units) that the window's "fit" adds around it.
     */
    public record Bounds(double minX, double minY, double maxX, double maxY, double pad) {}

    /** The framed part of the plane for points (xs[i], ys[i]), i &lt; n; the window's camera uses it too. */
    public static Bounds bounds(double[] xs, double[] ys, int n) {
        double minX = Double.POSITIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            minX = Math.min(minX, xs[i]);
            maxX = Math.max(maxX, xs[i]);
            minY = Math.min(minY, ys[i]);
            maxY = Math.max(maxY, ys[i]);
        }
        if (n == 0) {
            minX = minY = 0;
            maxX = maxY = 1;
        }
        double pad = Math.max(0.05, 0.06 * Math.max(maxX - minX, maxY - minY));
        if (maxX - minX < 1e-9) {
            minX -= 1;
            maxX += 1;
        }
        if (maxY - minY < 1e-9) {
            minY -= 1;
            maxY += 1;
        }
        return new Bounds(minX, minY, maxX, maxY, pad);
    }

    /**
     * The points to frame: the first n nodes' positions and, when the scenario names areas of the
     * plane, their corners too, so a neighbourhood is seen whole (without areas: the positions as given).
     */
    public static double[][] framed(double[] xs, double[] ys, int n, java.util.List<dev.lockstep.core.NeighbourhoodArea> areas) {
        if (areas.isEmpty()) return new double[][] {xs, ys};
        double[] fx = java.util.Arrays.copyOf(xs, n + 2 * areas.size());
        double[] fy = java.util.Arrays.copyOf(ys, n + 2 * areas.size());
        for (int i = 0; i < areas.size(); i++) {
            var a = areas.get(i);
            fx[n + 2 * i] = a.x();
            fy[n + 2 * i] = a.y();
            fx[n + 2 * i + 1] = a.x() + a.width();
            fy[n + 2 * i + 1] = a.y() + a.height();
        }
        return new double[][] {fx, fy};
    }

    /** The projection of points (xs[i], ys[i]) into the area (left, top, width, height). */
    public static Projection fit(double[] xs, double[] ys, double left, double top, double width, double height) {
        Bounds b = bounds(xs, ys, xs.length);
        double minX = b.minX(), minY = b.minY(), maxX = b.maxX(), maxY = b.maxY(), pad = b.pad();
        double gw = maxX - minX + 2 * pad;
        double gh = maxY - minY + 2 * pad;
        // GraphStream gives up a padding larger than the view for a tenth of the view
        double padX = 2 * Look.GRAPH_PADDING > width ? width / 10 : 2 * Look.GRAPH_PADDING;
        double padY = 2 * Look.GRAPH_PADDING > height ? height / 10 : 2 * Look.GRAPH_PADDING;
        double s = Math.min((width - padX) / gw, (height - padY) / gh);
        return new Projection(s, (minX + maxX) / 2, (minY + maxY) / 2, left + width / 2, top + height / 2);
    }

    public double x(double mx, double my) {
        return ox + scale * (mx - cx);
    }

    public double y(double mx, double my) {
        return oy - scale * (my - cy);
    }

    /** Pixels per model unit. */
    public double scale() {
        return scale;
    }
}
