package dev.lockstep.figure;

import java.util.List;
import java.util.Map;

/**
 * The visual language's constants, shared by the window ({@code app.graph.Palette} and
 * {@code Styles} read them) and the figures, so a figure cannot drift from the screen. Colours are
 * {@code #RRGGBB} strings: this class must stay free of any GUI toolkit.
 *
 * <p>Fill values take the Okabe-Ito palette in legend order (safe for the common colour-vision
 * deficiencies, and every fill value also has its name in the legend); ring values take dark,
 * saturated colours so a ring reads against any fill; lock-set hulls take Paul Tol's "muted"
 * palette by holder index, translucent, under the graph.
 */
public final class Look {
    private Look() {}

    /** Okabe-Ito, starting with a neutral grey for the idle value (LME: ⊥). */
    public static final List<String> FILL = List.of("#BBBBBB", "#F0E442", "#E69F00", "#56B4E9", "#0072B2", "#009E73",
            "#CC79A7", "#D55E00");

    /**
     * Ring colours in ring-value order. The first value is the idle one (LME: phase ⊥) and gets a
     * thin neutral outline; the others a thick ring (LME: prepare reddish purple, compete near-black,
     * which stays distinct from every fill colour).
     */
    public static final List<String> RING = List.of("#555555", "#CC79A7", "#1A1A1A", "#009E73", "#56B4E9");

    /** Tol's muted palette: one stable colour per lock-set holder (by node index). */
    public static final List<String> HOLDER = List.of("#CC6677", "#332288", "#DDCC77", "#117733", "#88CCEE", "#882255",
            "#44AA99", "#999933", "#AA4499");

    public static final String EDGE = "#8C8C8C";
    public static final String EDGE_LECTURE = "#303030";
    public static final String INK = "#1A1A1A";
    public static final String PAPER = "#FFFFFF";
    /** Violations and refusals: vermillion, always together with a shape cue (dashes, a badge). */
    public static final String ALERT = "#D55E00";
    public static final String ALERT_GLOW = "#E4002B";
    /** A message a node sent to itself. */
    public static final String SELF_MESSAGE = "#FFF6D5";

    /** A token badge (token protocols): amber, outlined in ink, so it reads on any fill and on a message pill. */
    public static final String TOKEN = "#FFB000";
    /**
     * Areas and region groupings (a protocol's neighbourhoods) by index: Paul Tol's "bright" palette, very
     * translucent behind the graph so fills and lock-set hulls stay readable over them.
     */
    public static final List<String> AREA = List.of("#4477AA", "#EE6677", "#228833", "#CCBB44", "#66CCEE", "#AA3377");
    /** Opacity of an area's or a region's tint, and of its outline. */
    public static final double AREA_OPACITY = 0.10;
    public static final double AREA_OUTLINE_OPACITY = 0.55;

    /** Node diameters in pixels. */
    public static final double NODE_SIZE = 22;
    public static final double NODE_SIZE_LECTURE = 30;

    /** Ring stroke widths in pixels: the idle (first) ring value, and every other one. */
    public static final double RING_IDLE_WIDTH = 1;
    public static final double RING_WIDTH = 4;

    public static final double EDGE_WIDTH = 1.5;

    /** Opacity of a lock-set hull. */
    public static final double HULL_OPACITY = 0.33;

    /** Blank margin around the graph inside its view, in pixels (GraphStream's graph padding). */
    public static final double GRAPH_PADDING = 30;

    /**
     * An application's states (Sec. 6) as node fills, by state name: an opinion's strong state dark
     * and its weak state light in the same hue, the two opinions blue and orange (the pair the
     * common colour-vision deficiencies keep apart), a blank near-white. The state's name is also
     * written in the node, so the colour is never the only cue. Exact majority: A, a, B, b;
     * approximate majority: x, y, blank.
     */
    public static final Map<String, String> APPLICATION = Map.of(
            "A", "#0072B2", "a", "#A9D3F0", "B", "#B35900", "b", "#F7CFA2",
            "x", "#0072B2", "y", "#B35900", "blank", "#F4F4F4");

    /** The order the legends of figures list application states in (states not named here come after). */
    public static final List<String> APPLICATION_ORDER = List.of("A", "B", "a", "b", "x", "y", "blank");

    /** Ink of an interaction under way between two agents (drawn dashed, so it is not an edge). */
    public static final String INTERACTION = "#1A1A1A";

    /**
     * Amoebots (LME paper, Sec. 6) on the triangular lattice: its lines and points faint under
     * everything, each particle's body (a disc on its cell, or a capsule over its tail and head)
     * a pale blue-grey outlined darker, and the LME graph's edges faint, so that the lattice and
     * the particles read first; a cell two particles occupy is ringed in {@link #ALERT}.
     */
    public static final String LATTICE = "#DADADA";
    public static final String LATTICE_POINT = "#A6A6A6";
    public static final String PARTICLE = "#DCE6EE";
    public static final String PARTICLE_OUTLINE = "#6F8494";
    public static final String EDGE_FAINT = "#C5D0DA";
    /** An expanded particle's head (the cell it expanded into) is a darker disc of its capsule, with a dot. */
    public static final String PARTICLE_HEAD = "#C2D2DF";
    /** The dot on an expanded particle's head (the cell it expanded into), radius in pixels, in {@link #PARTICLE_OUTLINE}. */
    public static final double HEAD_DOT = 3;

    /**
     * A particle's body radius in pixels, at {@code unit} pixels per lattice edge around nodes of
     * radius r: a third of the lattice's spacing, clear of its neighbours' bodies, but neither less
     * than a rim around the node nor so large that the node looks lost in it when zoomed in.
     */
    public static double particleRadius(double unit, double r) {
        return Math.max(r + 4, Math.min(0.34 * unit, 2 * r + 6));
    }

    /** What is written in a node in application state {@code state}: the name when short (A, a, x), else nothing (blank). */
    public static String applicationMark(String state) {
        return state != null && state.length() <= 2 ? state : "";
    }

    /**
     * The fill of an application state: {@link #APPLICATION}'s, or for a state it does not name
     * the Okabe-Ito colour of its position among {@code states} (legend order).
     */
    public static String application(List<String> states, String state) {
        String c = APPLICATION.get(state);
        return c != null ? c : FILL.get(Math.max(0, states.indexOf(state)) % FILL.size());
    }

    /** Whether text on this fill ({@code #RRGGBB}) reads better white than in ink (WCAG relative luminance). */
    public static boolean darkFill(String hex) {
        double l = 0;
        double[] w = {0.2126, 0.7152, 0.0722};
        for (int i = 0; i < 3; i++) {
            double c = Integer.parseInt(hex.substring(1 + 2 * i, 3 + 2 * i), 16) / 255.0;
            l += w[i] * (c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));
        }
        // white wins when its contrast (1.05 / (l + 0.05)) beats ink's ((l + 0.05) / 0.05)
        return 1.05 / (l + 0.05) > (l + 0.05) / 0.05;
    }

    /** The fill colour of a fill value, given the protocol's fill values in legend order. */
    public static String fill(List<String> values, String value) {
        return FILL.get(Math.max(0, values.indexOf(value)) % FILL.size());
    }

    /** A ring value's position in the legend (0, the thin idle outline, for none or an unknown value). */
    public static int ringIndex(List<String> values, String value) {
        if (value == null || value.isEmpty()) return 0;
        return Math.max(0, values.indexOf(value));
    }

    public static String ring(int index) {
        return RING.get(index % RING.size());
    }

    public static double ringWidth(int index) {
        return index == 0 ? RING_IDLE_WIDTH : RING_WIDTH;
    }

    /** The colour of node {@code holder}'s lock set. */
    public static String holder(int holder) {
        return HOLDER.get(Math.floorMod(holder, HOLDER.size()));
    }

    /** The tint of the {@code index}-th area or region (in scenario order). */
    public static String area(int index) {
        return AREA.get(Math.floorMod(index, AREA.size()));
    }
}
