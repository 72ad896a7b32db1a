package dev.lockstep.figure;

/**
 * The sizes of a figure, in pixels: the graph's as the window's painter draws them at normal (not
 * lecture) size, and the band around the graph (header, legend, caption) that only figures have.
 * The layout places by them and the writers draw with them, so both read them here.
 */
final class FigureSizes {
    private FigureSizes() {}

    static final double TOKEN_H = LabelPlacement.TOKEN_H;
    static final double TOKEN_FONT = 10;
    static final double PORT_FONT = 9;
    static final double PORT_RADIUS = LabelPlacement.PORT_RADIUS;
    static final double NAME_FONT = 11;
    static final double NAME_H = 13;
    static final double BADGE_FONT = 11;
    static final double PIP_FONT = 8.5;
    // the band around the graph
    static final double HEADER_H = 34;
    /** The least height the graph keeps below the header before the legend and the caption give way. */
    static final double MIN_GRAPH_H = 2 * Look.GRAPH_PADDING + 40;
    static final double TITLE_FONT = 16;
    static final double DETAIL_FONT = 12;
    static final double LEGEND_FONT = 12;
    static final double LEGEND_ROW = 20;
    static final double CAPTION_FONT = 12;
    static final double CAPTION_LINE = 16;
    static final double MARGIN = 12;
    static final String DIM = "#555555";
}
