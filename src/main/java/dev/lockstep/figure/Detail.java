package dev.lockstep.figure;

/**
 * Which labels the zoom leaves room for, by the median edge length on screen: port labels and
 * pips, node names, and message labels (below, plain markers; zoom in to read them). The window
 * and the figures use the same thresholds, so a figure shows what the window shows.
 */
public record Detail(boolean ports, boolean names, boolean text) {
    /** At a median edge of {@code edgePx} pixels, sizes at scale s. */
    public static Detail at(double edgePx, double s) {
        return new Detail(edgePx >= 58 * s, edgePx >= 34 * s, edgePx >= 105 * s);
    }
}
