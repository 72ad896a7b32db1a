package dev.lockstep.figure;

/**
 * Plane geometry in view pixels, shared by the window (hit-testing, label placement) and the
 * figures (label placement), so both place labels by the same arithmetic.
 */
public final class Plane {
    private Plane() {}

    public static double distanceToSegment(double px, double py, double ax, double ay, double bx, double by) {
        double dx = bx - ax;
        double dy = by - ay;
        double len2 = dx * dx + dy * dy;
        double t = len2 == 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / len2;
        t = Math.max(0, Math.min(1, t));
        return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
    }

    /** Distance between segments ab and cd (0 if they cross). */
    public static double segmentDistance(double ax, double ay, double bx, double by, double cx, double cy, double dx, double dy) {
        if (segmentsCross(ax, ay, bx, by, cx, cy, dx, dy)) return 0;
        return Math.min(Math.min(distanceToSegment(ax, ay, cx, cy, dx, dy), distanceToSegment(bx, by, cx, cy, dx, dy)),
                Math.min(distanceToSegment(cx, cy, ax, ay, bx, by), distanceToSegment(dx, dy, ax, ay, bx, by)));
    }

    /** Whether segments ab and cd intersect (touching counts). */
    public static boolean segmentsCross(double ax, double ay, double bx, double by, double cx, double cy, double dx, double dy) {
        double d1 = cross(cx, cy, dx, dy, ax, ay);
        double d2 = cross(cx, cy, dx, dy, bx, by);
        double d3 = cross(ax, ay, bx, by, cx, cy);
        double d4 = cross(ax, ay, bx, by, dx, dy);
        if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
        return (d1 == 0 && onSegment(cx, cy, dx, dy, ax, ay)) || (d2 == 0 && onSegment(cx, cy, dx, dy, bx, by))
                || (d3 == 0 && onSegment(ax, ay, bx, by, cx, cy)) || (d4 == 0 && onSegment(ax, ay, bx, by, dx, dy));
    }

    private static double cross(double ax, double ay, double bx, double by, double px, double py) {
        return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
    }

    private static boolean onSegment(double ax, double ay, double bx, double by, double px, double py) {
        return Math.min(ax, bx) <= px && px <= Math.max(ax, bx) && Math.min(ay, by) <= py && py <= Math.max(ay, by);
    }
}
