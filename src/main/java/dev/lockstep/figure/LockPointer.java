package dev.lockstep.figure;

/**
 * A lock pointer's geometry, in pixels, as the window and the figures draw it: a shaft from just
 * off the locked node's rim ({@code start}) towards its holder, ending in a head from
 * {@code base} to {@code tip}; long enough to read, short enough to stay clear of the holder.
 */
public record LockPointer(double startX, double startY, double baseX, double baseY, double tipX, double tipY,
                          double dx, double dy) {
    /** The head's length and half width at scale 1. */
    public static final double HEAD = 8;
    public static final double HEAD_HALF = 5.5;

    /**
     * The pointer from a member at (mx, my) to its holder at (hx, hy), for nodes of radius r at
     * scale s; null when the nodes are too close for one.
     */
    public static LockPointer between(double mx, double my, double hx, double hy, double r, double s) {
        double dx = hx - mx;
        double dy = hy - my;
        double len = Math.hypot(dx, dy);
        if (len < 2 * r + 4) return null;
        dx /= len;
        dy /= len;
        double start = r + 2 * s;
        double length = Math.min(34 * s, Math.max(12 * s, (len - 2 * r) * 0.45));
        double head = HEAD * s;
        double tipX = mx + dx * (start + length);
        double tipY = my + dy * (start + length);
        return new LockPointer(mx + dx * start, my + dy * start, tipX - dx * head, tipY - dy * head, tipX, tipY, dx, dy);
    }
}
