package dev.lockstep.figure;

/**
 * Where a node's Δ port pips go around its rim, as the window and the figures draw them: pip ℓ
 * for port ℓ, clockwise from the top, at offset (dx[ℓ - 1], dy[ℓ - 1]) from the node's centre.
 * Beyond {@link #MAX} ports there is no room for pips: a "used/Δ" tag is shown instead.
 */
public record PortPips(double[] dx, double[] dy, double radius) {
    /** The most ports shown as pips. */
    public static final int MAX = 16;

    /** The pips of Δ ports around a node of radius r, sizes at scale s. */
    public static PortPips around(int delta, double r, double s) {
        double ring = r + 4.2 * s;
        double pr = Math.min(2.4 * s, Math.PI * ring / delta * 0.38);
        double[] dx = new double[delta];
        double[] dy = new double[delta];
        for (int i = 0; i < delta; i++) {
            double a = -Math.PI / 2 + 2 * Math.PI * i / delta;
            dx[i] = Math.cos(a) * ring;
            dy[i] = Math.sin(a) * ring;
        }
        return new PortPips(dx, dy, pr);
    }
}
