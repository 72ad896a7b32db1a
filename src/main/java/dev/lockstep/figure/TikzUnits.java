package dev.lockstep.figure;

import dev.lockstep.figure.Figure.Point;

/**
 * How TikZ output writes numbers, lengths, points and fonts, for {@code TikzWriter} and
 * {@code TikzMarks} alike: coordinates are the figure's pixels, lengths and font sizes in bp at
 * {@link #BP} bp per pixel (the picture is as large as the SVG shown at 96 dpi).
 */
final class TikzUnits {
    private TikzUnits() {}

    /** Points (bp) per pixel. */
    static final double BP = 0.75;

    static String n(double x) {
        return Decimals.of(x);
    }

    /** A length in pixels as bp. */
    static String bp(double px) {
        return Decimals.of(px * BP) + "bp";
    }

    static String at(Point p) {
        return "(" + n(p.x()) + "," + n(p.y()) + ")";
    }

    static String at(double x, double y) {
        return "(" + n(x) + "," + n(y) + ")";
    }

    static String font(double px, boolean bold) {
        return "\\fontsize{" + bp(px) + "}{" + bp(px * 1.2) + "}\\selectfont" + (bold ? "\\bfseries" : "");
    }
}
