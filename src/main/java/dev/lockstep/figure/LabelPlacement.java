package dev.lockstep.figure;

/**
 * Where the labels of the graph go, in pixels (y grows downwards), for the window's painter and
 * for the figures alike, so a figure shows its labels where the window does: node names beside
 * their node, port labels by their end of an edge, and message pills along their edge, placed
 * greedily where they overlap no node, name, port label or earlier pill.
 *
 * <p>One instance serves one frame: the nodes' pixel positions, the node radius {@code r}, the
 * scale {@code s} of the sizes (1; 1.5 in the window's lecture mode) and the rectangle labels
 * must stay inside. Sizes are the window's, in pixels at scale 1.
 */
public final class LabelPlacement {
    /** A message pill's height at scale 1. */
    public static final double TOKEN_H = 14;
    /** A port label's radius at scale 1. */
    public static final double PORT_RADIUS = 6.5;

    /** Where a name may go, as unit directions; 0 (under the node) is preferred. */
    private static final double[][] NAME_SIDES = {
        {0, 1}, {0, -1}, {1, 0}, {-1, 0}, {0.7071, 0.7071}, {-0.7071, 0.7071}, {0.7071, -0.7071}, {-0.7071, -0.7071}};
    private static final double[] SIDE_ANGLE = new double[NAME_SIDES.length];

    static {
        for (int k = 0; k < NAME_SIDES.length; k++) SIDE_ANGLE[k] = Math.atan2(NAME_SIDES[k][1], NAME_SIDES[k][0]);
    }

    private final double[] px;
    private final double[] py;
    private final double r;
    private final double s;
    private final double left;
    private final double top;
    private final double right;
    private final double bottom;

    /** Labels for nodes at (px[u], py[u]), kept inside (left, top)–(right, bottom). */
    public LabelPlacement(double[] px, double[] py, double r, double s, double left, double top, double right,
                          double bottom) {
        this.px = px;
        this.py = py;
        this.r = r;
        this.s = s;
        this.left = left;
        this.top = top;
        this.right = right;
        this.bottom = bottom;
    }

    /** As drawn: the label without the empty parentheses of a message with no argument. */
    public static String tokenText(String label) {
        return label.endsWith("()") ? label.substring(0, label.length() - 2) : label;
    }

    // ------------------------------------------------------------------ names

    /**
     * The side for a node's name: under the node unless an edge leaves that way, then the side
     * farthest from its edges. (x, y): the node in model units (y up); (nx[i], ny[i]), i &lt;
     * count: its neighbours. Depends only on directions, so it survives zooming and panning.
     */
    public static int nameSide(double x, double y, double[] nx, double[] ny, int count) {
        double[] gap = new double[NAME_SIDES.length];
        java.util.Arrays.fill(gap, Math.PI);
        for (int i = 0; i < count; i++) {
            // screen directions: the model's y axis points up
            double a = Math.atan2(-(ny[i] - y), nx[i] - x);
            for (int k = 0; k < NAME_SIDES.length; k++) {
                double d = Math.abs(Math.IEEEremainder(a - SIDE_ANGLE[k], 2 * Math.PI));
                if (d < gap[k]) gap[k] = d;
            }
        }
        int best = 0;
        if (gap[0] < Math.toRadians(40)) {
            for (int k = 1; k < NAME_SIDES.length; k++) if (gap[k] > gap[best] + 1e-9) best = k;
        }
        return best;
    }

    /** Puts in {@code out} (0, 1) the centre of node u's name tag, of width w and height h, on {@code side}. */
    public void name(int u, int side, double w, double h, double[] out) {
        double cx = NAME_SIDES[side][0];
        double cy = NAME_SIDES[side][1];
        double dist = r + 6.5 * s + Math.abs(cx) * w / 2 + Math.abs(cy) * h / 2;
        out[0] = px[u] + cx * dist;
        out[1] = py[u] + cy * dist;
    }

    // ------------------------------------------------------------------ marks of token and leader protocols

    /** A token badge's radius at scale 1 (a filled disc; its count inside when more than one). */
    public static final double BADGE_RADIUS = 6.5;
    /** The leader mark's half width at scale 1. */
    public static final double LEADER_HALF = 7;
    /** The queue count's and the small label's height at scale 1. */
    public static final double MARK_H = 11;
    private static final double DIAGONAL = 0.7071;

    /** Puts in {@code out} the centre of node u's token badge: on its rim at the upper right, mostly outside, so the fill stays visible. */
    public void badge(int u, double[] out) {
        double d = r + 1.5 * s;
        out[0] = px[u] + DIAGONAL * d;
        out[1] = py[u] - DIAGONAL * d;
    }

    /** Puts in {@code out} the centre of node u's leader mark: on its rim at the upper left. */
    public void leader(int u, double[] out) {
        double d = r + 2 * s;
        out[0] = px[u] - DIAGONAL * d;
        out[1] = py[u] - DIAGONAL * d;
    }

    /**
     * Puts in {@code out} the centre of node u's small label (width w, height h), stacked with its
     * name (on {@code side}, width nameW, height nameH): beyond the name, away from the node, so
     * the two read as one block and neither covers an edge the name avoided.
     */
    public void label(int u, int side, double nameW, double nameH, double w, double h, double[] out) {
        name(u, side, nameW, nameH, out);
        double dy = nameH / 2 + 0.5 * s + h / 2;
        out[1] += NAME_SIDES[side][1] < -0.5 ? -dy : dy;
        out[0] += Math.signum(NAME_SIDES[side][0]) * (w - nameW) / 2;
    }

    /**
     * Puts in {@code out} the centre of node u's queue count, a tag of width w and height h: right
     * of its small label (width labelW; 0 for none, and then where the label would be), so the
     * block of name, label and count keeps clear of the edges and their port labels.
     */
    public void queue(int u, int side, double nameW, double nameH, double labelW, double w, double h, double[] out) {
        if (labelW <= 0) {
            label(u, side, nameW, nameH, w, h, out);
            return;
        }
        label(u, side, nameW, nameH, labelW, h, out);
        out[0] += labelW / 2 + 2 * s + w / 2;
    }

    /** Adds a label box (centre, width w, height h) to what message pills must not cover. */
    public void block(Obstacles obs, double cx, double cy, double w, double h) {
        double half = Math.max(0, (w - h) / 2);
        obs.add(cx - half, cy, cx + half, cy, h / 2 + s);
    }

    /**
     * Puts in {@code out} {tip x, tip y, dx, dy}: the arrowhead (length {@code len}) of the edge
     * oriented from a to b, two thirds of the way between the rims, past the middle where
     * message markers rest; false when the edge is too short on screen to show one.
     */
    public boolean arrow(int a, int b, double len, double[] out) {
        double dx = px[b] - px[a];
        double dy = py[b] - py[a];
        double dist = Math.hypot(dx, dy);
        double between = dist - 2 * r;
        if (between < len + 8 * s) return false;
        dx /= dist;
        dy /= dist;
        double tip = r + 0.68 * between + len / 2;
        out[0] = px[a] + dx * tip;
        out[1] = py[a] + dy * tip;
        out[2] = dx;
        out[3] = dy;
        return true;
    }

    // ------------------------------------------------------------------ port labels

    /**
     * Puts in {@code out} (0, 1) the centre of the port label at node a's end of the edge to b;
     * false if the edge is too short to show it. It sits on the owner's side, just off the edge (to
     * the left of a → b): clear of the lock pointer, which runs on the edge, and of the pills,
     * which keep to the middle of the edge.
     */
    public boolean port(int a, int b, double[] out) {
        double dx = px[b] - px[a];
        double dy = py[b] - py[a];
        double len = Math.hypot(dx, dy);
        if (len < 2 * (r + 19 * s)) return false;
        dx /= len;
        dy /= len;
        out[0] = px[a] + dx * (r + 12 * s) + dy * (7.5 * s);
        out[1] = py[a] + dy * (r + 12 * s) - dx * (7.5 * s);
        return true;
    }

    // ------------------------------------------------------------------ message pills

    /**
     * What pills must not cover: the n nodes, their name tags (centres (nameX, nameY), widths
     * nameW, height nameH) and, if {@code ports} (each {a, b}) is not null, the port labels.
     */
    public Obstacles obstacles(int n, double[] nameX, double[] nameY, double[] nameW, double nameH,
                               Iterable<int[]> ports) {
        Obstacles obs = new Obstacles(64);
        for (int u = 0; u < n; u++) {
            obs.add(px[u], py[u], px[u], py[u], r + 6 * s);
            double half = Math.max(0, (nameW[u] - nameH) / 2);
            obs.add(nameX[u] - half, nameY[u], nameX[u] + half, nameY[u], nameH / 2 + s);
        }
        if (ports != null) {
            double[] at = new double[2];
            for (int[] p : ports) {
                if (port(p[0], p[1], at)) obs.add(at[0], at[1], at[0], at[1], PORT_RADIUS * s);
            }
        }
        return obs;
    }

    /**
     * Where a message from node {@code from} to node {@code to} rests: the {@code slot}-th of
     * {@code count} on its channel, as a pill of width w and height h lying along the edge on the
     * right-hand side of its direction of travel (so the two directions of an edge never overlap),
     * or, when {@code obs} is null (labels hidden at this zoom) or there is no room, a plain marker
     * on the edge. A placed pill is added to {@code obs}.
     */
    public Rest token(int from, int to, int slot, int count, double w, double h, Obstacles obs) {
        return from == to ? self(from, slot, w, h, obs) : onEdge(from, to, slot, count, w, h, obs);
    }

    /** A message's resting place: its centre, direction of travel, and whether it is a pill with its label. */
    public record Rest(double x, double y, double dx, double dy, boolean pill) {}

    private Rest onEdge(int from, int to, int slot, int count, double w, double h, Obstacles obs) {
        double ax = px[from];
        double ay = py[from];
        double dx = px[to] - ax;
        double dy = py[to] - ay;
        double len = Math.hypot(dx, dy);
        if (len < 1e-6) {
            dx = 1;
            dy = 0;
        } else {
            dx /= len;
            dy /= len;
        }
        double nx = -dy; // right-hand side of the direction of travel (y grows downwards)
        double ny = dx;
        double half = (w - h) / 2;
        double margin = r + 22 * s;
        double lo = margin + w / 2;
        double hi = len - margin - w / 2;
        if (obs != null && lo <= hi) {
            double preferred = len / 2 + (slot - (count - 1) / 2.0) * (w + 6 * s);
            double step = w / 2 + 4 * s;
            for (int row = 0; row < 3; row++) {
                double off = h / 2 + 2 * s + row * (h + 2 * s);
                for (int j = 0; j < 7; j++) {
                    double along = preferred + (j == 0 ? 0 : ((j + 1) / 2) * step * (j % 2 == 1 ? 1 : -1));
                    along = Math.max(lo, Math.min(hi, along));
                    double cx = ax + dx * along + nx * off;
                    double cy = ay + dy * along + ny * off;
                    double x1 = cx - dx * half;
                    double y1 = cy - dy * half;
                    double x2 = cx + dx * half;
                    double y2 = cy + dy * half;
                    if (inside(x1, y1, x2, y2, h / 2) && !obs.hits(x1, y1, x2, y2, h / 2 + 1 * s)) {
                        obs.add(x1, y1, x2, y2, h / 2 + 1 * s);
                        return new Rest(cx, cy, dx, dy, true);
                    }
                }
            }
        }
        double along = len / 2 + (slot - (count - 1) / 2.0) * 10 * s;
        return new Rest(ax + dx * along + nx * 3 * s, ay + dy * along + ny * 3 * s, dx, dy, false);
    }

    /** A self-message: beside its node, at the first of four spots with room, else a dot at the rim. */
    private Rest self(int u, int slot, double w, double h, Obstacles obs) {
        double half = (w - h) / 2;
        if (obs != null) {
            double[][] spots = {
                {px[u] + r + 8 * s + w / 2, py[u] - r * 0.6}, {px[u] - r - 8 * s - w / 2, py[u] - r * 0.6},
                {px[u], py[u] - r - 12 * s - h / 2}, {px[u] + r + 8 * s + w / 2, py[u] + r * 0.6}};
            for (int row = 0; row < 3; row++) {
                for (double[] spot : spots) {
                    double cx = spot[0];
                    double cy = spot[1] + (spot[1] < py[u] ? -1 : 1) * row * (h + 2 * s);
                    if (inside(cx - half, cy, cx + half, cy, h / 2) && !obs.hits(cx - half, cy, cx + half, cy, h / 2 + s)) {
                        obs.add(cx - half, cy, cx + half, cy, h / 2 + s);
                        return new Rest(cx, cy, 1, 0, true);
                    }
                }
            }
        }
        return new Rest(px[u] + r + 4 * s, py[u] - r + slot * 7 * s, 1, 0, false);
    }

    /** Whether the capsule lies within the bounds (a label cut by the border is not readable). */
    private boolean inside(double x1, double y1, double x2, double y2, double rad) {
        return Math.min(x1, x2) - rad >= left && Math.min(y1, y2) - rad >= top && Math.max(x1, x2) + rad <= right
                && Math.max(y1, y2) + rad <= bottom;
    }

    /** The angle in degrees to draw a pill going (dx, dy) at, turned so its text is never upside down. */
    public static double pillAngle(double dx, double dy) {
        double deg = Math.toDegrees(Math.atan2(dy, dx));
        if (deg > 90.5) deg -= 180;
        else if (deg < -89.5) deg += 180;
        return deg;
    }
}
