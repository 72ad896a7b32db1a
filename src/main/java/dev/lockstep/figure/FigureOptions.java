package dev.lockstep.figure;

/**
 * How to draw a figure of one moment.
 *
 * @param width   the figure's width in pixels (SVG user units; TikZ: 1 px = 0.75 bp, i.e. the
 *                picture is as large as the SVG shown at 96 dpi)
 * @param height  the figure's height, likewise
 * @param caption whether to add the narration of the action(s) that led to the moment
 * @param legend  whether to add the legend of the visual language
 *                <p>On a figure too small to show the graph with them, the legend and then the
 *                caption are left out (the graph keeps at least 100 px of height below the header).
 */
public record FigureOptions(int width, int height, boolean caption, boolean legend) {
    public FigureOptions {
        if (width < MIN_SIZE || height < MIN_SIZE) {
            throw new IllegalArgumentException("figure size must be at least " + MIN_SIZE + "x" + MIN_SIZE + " px, got "
                    + width + "x" + height);
        }
    }

    /** Smaller than this, the header and the legend leave no room for the graph. */
    public static final int MIN_SIZE = 100;
}
