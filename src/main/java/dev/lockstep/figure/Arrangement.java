package dev.lockstep.figure;

/**
 * Positions for a graph whose coordinates mean nothing (a complete graph, a random one): on a
 * circle, on a grid, or an arbitrary drawing fitted into place. Every arrangement keeps the
 * graph's current centre and extent, so the view's zoom does not jump, and rounds coordinates to
 * thousandths so that the session file that records them stays readable.
 */
public final class Arrangement {
    /** The square the nodes are placed in: centre ({@code cx}, {@code cy}), half side {@code half} (> 0). */
    public record Box(double cx, double cy, double half) {
        public Box {
            if (!(half > 0) || !Double.isFinite(half)) throw new IllegalArgumentException("half side must be positive: " + half);
        }

        public boolean contains(double x, double y) {
            double eps = 1e-3; // coordinates are rounded to thousandths
            return Math.abs(x - cx) <= half + eps && Math.abs(y - cy) <= half + eps;
        }
    }

    private Arrangement() {}

    /**
     * The square around the given positions: their bounding box's centre and half its longer side
     * (1 when they all sit on one point, so the arrangement still separates them).
     */
    public static Box around(double[] x, double[] y) {
        if (x.length == 0) return new Box(0, 0, 1);
        double minX = Double.POSITIVE_INFINITY, maxX = Double.NEGATIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY, maxY = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < x.length; i++) {
            minX = Math.min(minX, x[i]);
            maxX = Math.max(maxX, x[i]);
            minY = Math.min(minY, y[i]);
            maxY = Math.max(maxY, y[i]);
        }
        double half = Math.max(maxX - minX, maxY - minY) / 2;
        return new Box((minX + maxX) / 2, (minY + maxY) / 2, half > 1e-6 ? half : 1);
    }

    /**
     * Node i of n on the box's inscribed circle, the first at the top and the others
     * counter-clockwise, as the samples draw their complete graphs. Returns {xs, ys}.
     */
    public static double[][] circle(int n, Box box) {
        double[] xs = new double[n];
        double[] ys = new double[n];
        for (int i = 0; i < n; i++) {
            double a = Math.PI / 2 + 2 * Math.PI * i / n;
            xs[i] = round(box.cx() + (n == 1 ? 0 : box.half() * Math.cos(a)));
            ys[i] = round(box.cy() + (n == 1 ? 0 : box.half() * Math.sin(a)));
        }
        return new double[][] {xs, ys};
    }

    /**
     * Row by row on the smallest near-square grid that holds n nodes (⌈√n⌉ columns), spread over
     * the box and centred in it. Returns {xs, ys}.
     */
    public static double[][] grid(int n, Box box) {
        double[] xs = new double[n];
        double[] ys = new double[n];
        int cols = Math.max(1, (int) Math.ceil(Math.sqrt(n)));
        int rows = Math.max(1, (n + cols - 1) / cols);
        int span = Math.max(1, Math.max(cols, rows) - 1);
        double gap = 2 * box.half() / span;
        double left = box.cx() - gap * (cols - 1) / 2;
        double top = box.cy() + gap * (rows - 1) / 2;
        for (int i = 0; i < n; i++) {
            xs[i] = round(left + gap * (i % cols));
            ys[i] = round(top - gap * (i / cols));
        }
        return new double[][] {xs, ys};
    }

    /**
     * A drawing in its own coordinates (a force-directed layout's) scaled uniformly and centred so
     * that its bounding box fills the box: the shape is kept, only size and place change.
     */
    public static double[][] fit(double[] x, double[] y, Box box) {
        Box own = around(x, y);
        double scale = box.half() / own.half();
        double[] xs = new double[x.length];
        double[] ys = new double[y.length];
        for (int i = 0; i < x.length; i++) {
            xs[i] = round(box.cx() + (x[i] - own.cx()) * scale);
            ys[i] = round(box.cy() + (y[i] - own.cy()) * scale);
        }
        return new double[][] {xs, ys};
    }

    private static double round(double v) {
        double r = Math.round(v * 1000) / 1000.0;
        return r == 0 ? 0 : r; // no -0.0 in session files
    }
}
