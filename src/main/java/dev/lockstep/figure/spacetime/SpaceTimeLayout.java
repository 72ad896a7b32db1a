package dev.lockstep.figure.spacetime;

/**
 * Where the space-time diagram puts things, in pixels: lanes below a band for the round numbers,
 * a gutter for the names at the left, {@code unit} pixels per diagram unit of time, scrolled by
 * (scrollX, scrollY).
 */
public record SpaceTimeLayout(double gutter, double laneH, double unit, double scrollX, double scrollY) {
    /** The band above the lanes (round numbers, violation marks), and the room below them. */
    public static final double TOP = 18;
    public static final double BOTTOM = 6;

    /** Lane height for n lanes in {@code height} pixels: they share it, within readable bounds. */
    public static double laneHeight(double height, int lanes, boolean lecture) {
        int n = Math.max(1, lanes);
        double fit = (height - TOP - BOTTOM) / n;
        double min = lecture ? 26 : 19;
        return Math.max(min, Math.min(lecture ? 56 : 42, fit));
    }

    /** The y of lane u's line. */
    public double laneY(int u) {
        return TOP + (u + 0.5) * laneH - scrollY;
    }

    /** The pixel x of a time t in diagram units. */
    public double x(double t) {
        return gutter + t * unit - scrollX;
    }
}
