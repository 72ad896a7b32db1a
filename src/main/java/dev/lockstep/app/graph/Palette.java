package dev.lockstep.app.graph;

import java.util.List;
import javafx.scene.paint.Color;

/**
 * The colours of the visual language. Fill values take the Okabe-Ito palette in legend order (safe
 * for the common colour-vision deficiencies, and every fill value also has its name in the
 * legend); ring values take dark, saturated colours so a ring reads against any fill; lock-set
 * hulls take Paul Tol's "muted" palette by holder index, translucent, under the graph.
 */
final class Palette {
    private Palette() {}

    /** Okabe-Ito, starting with a neutral grey for the idle value (LME: ⊥). */
    static final String[] FILL = {"#BBBBBB", "#F0E442", "#E69F00", "#56B4E9", "#0072B2", "#009E73", "#CC79A7", "#D55E00"};

    /**
     * Ring colours in ring-value order. The first value is the idle one (LME: phase ⊥) and gets a
     * thin neutral outline; the others a thick ring (LME: prepare reddish purple, compete near-black,
     * which stays distinct from every fill colour).
     */
    static final String[] RING = {"#555555", "#CC79A7", "#1A1A1A", "#009E73", "#56B4E9"};

    /** Tol's muted palette: one stable colour per lock-set holder (by node index). */
    static final String[] HOLDER = {"#CC6677", "#332288", "#DDCC77", "#117733", "#88CCEE", "#882255", "#44AA99",
        "#999933", "#AA4499"};

    static final Color EDGE = Color.web("#8C8C8C");
    static final Color EDGE_LECTURE = Color.web("#303030");
    static final Color INK = Color.web("#1A1A1A");
    static final Color PAPER = Color.WHITE;
    /** Violations and refusals: vermillion, always together with a shape cue (dashes, a badge). */
    static final Color ALERT = Color.web("#D55E00");
    static final Color ALERT_GLOW = Color.web("#E4002B");

    static Color fill(List<String> values, String value) {
        int i = values.indexOf(value);
        return Color.web(FILL[Math.max(0, i) % FILL.length]);
    }

    static int ringIndex(List<String> values, String value) {
        if (value == null || value.isEmpty()) return 0;
        return Math.max(0, values.indexOf(value));
    }

    static Color ring(int index) {
        return Color.web(RING[index % RING.length]);
    }

    static Color holder(int node) {
        return Color.web(HOLDER[Math.floorMod(node, HOLDER.length)]);
    }

    static String hex(Color c) {
        return String.format("#%02X%02X%02X", Math.round(c.getRed() * 255), Math.round(c.getGreen() * 255),
                Math.round(c.getBlue() * 255));
    }
}
