package dev.lockstep.app.graph;

import dev.lockstep.figure.LabelPlacement;

/**
 * The frame being painted, in view pixels: where each node is, the sizes' scale, which labels the
 * zoom leaves room for, and where the names went. The painter fills it; its parts read it.
 */
final class PixelFrame {
    double[] px = new double[0];
    double[] py = new double[0];
    /** Sizes' scale (lecture mode: 1.5) and node radius, in pixels. */
    double s = 1;
    double r;
    double viewW = 1e9;
    double viewH = 1e9;
    /** Port labels and pips, names, and message labels are drawn only when edges are long enough on screen. */
    boolean portDetail;
    boolean nameDetail;
    boolean textDetail;
    /** The median edge on screen, in pixels. */
    double edgePx;
    /** A large graph's messages are dots: their markers would be longer than the edges ({@link TokenBatch}). */
    boolean tokenDots;
    /** Name tags: centres, widths, and their common height. */
    double[] nameX = new double[0];
    double[] nameY = new double[0];
    double[] nameW = new double[0];
    double nameH;
    /** Where labels go this frame (made once the view's size is known). */
    LabelPlacement placement;

    void ensure(int n) {
        if (px.length != n) {
            px = new double[n];
            py = new double[n];
        }
        if (nameX.length != n) {
            nameX = new double[n];
            nameY = new double[n];
            nameW = new double[n];
        }
    }
}
