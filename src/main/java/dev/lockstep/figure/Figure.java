package dev.lockstep.figure;

import java.util.List;

/**
 * One moment of a run as a picture, laid out in pixels (y grows downwards): what the window's
 * graph view draws, plus a header, a legend and a caption. Both writers ({@link SvgWriter},
 * {@link TikzWriter}) only transcribe it, so an SVG and a TikZ figure of a moment show the same
 * thing. Lists are in drawing order; colours are {@code #RRGGBB}. The generic marks of token and
 * leader protocols come last ({@link Region}s behind the graph, {@link EdgeArrow}s on the edges,
 * {@link NodeMark}s on the nodes); they are empty for a protocol without marks. An application's
 * marks (Sec. 6) are in {@link AppMarks}, {@link AppMarks#NONE} for a run without one.
 */
public record Figure(double width, double height, Header header, Area graph, List<Hull> hulls, List<Glow> glows,
                     List<Edge> edges, List<Node> nodes, List<PortLabel> portLabels, List<Pip> pips,
                     List<PortTag> portTags, List<Pointer> pointers, List<Name> names, List<Token> tokens,
                     List<Alert> alerts, List<LegendItem> legend, List<CaptionLine> caption, List<Region> regions,
                     List<EdgeArrow> arrows, List<NodeMark> marks, AppMarks application) {

    public record Point(double x, double y) {}

    /** A rectangle of the figure. */
    public record Area(double x, double y, double width, double height) {}

    /** "Round 5" (bold, at the left) and details after it; the scenario at the right. */
    public record Header(String title, double titleX, String detail, double detailX, String scenario, double scenarioX,
                         double baselineY, double ruleY) {}

    /** A node: the fill shows its fill value (LME: state), the ring its ring value (LME: phase). */
    public record Node(int index, String name, Point at, double radius, String fillValue, String fill, String ringValue,
                       int ring, String ringColour, double ringWidth) {}

    public record Edge(int u, int v, Point a, Point b) {}

    /** The port number {@code port} of {@code node}, by its end of the edge to {@code peer}. */
    public record PortLabel(int node, int peer, int port, Point at, double radius) {}

    /** One of a node's Δ ports around its rim: filled when in use, hollow when open. */
    public record Pip(int node, int port, Point at, double radius, boolean used) {}

    /** With more than 16 ports: "used/Δ" above the node (dark when no port is open). */
    public record PortTag(int node, String text, Point at, double width, double height, boolean full) {}

    /** A lock set: thick translucent strokes from the holder to every member, in the holder's colour. */
    public record Hull(int holder, String colour, Point centre, List<Point> members, double width) {}

    /** The red glow under a node a violation involves. */
    public record Glow(int node, Point at, double radius) {}

    /** A lock pointer from a locked node towards its holder: shaft to {@code base}, head to {@code tip}. */
    public record Pointer(int from, int holder, String colour, Point start, Point base, Point tip, double headLength,
                          double headHalf) {}

    /** A node's name on a white tag. */
    public record Name(int node, String text, Point at, double width, double height) {}

    /**
     * A message in transit: a pill with its label lying along the edge ({@code angle} in degrees,
     * clockwise, never upside down) with a triangle ahead pointing to the receiver, or, when there
     * is no room for the label, a plain marker. {@code dx, dy}: the direction of travel.
     */
    public record Token(long id, int from, int to, String label, boolean pill, Point at, double width, double height,
                        double angle, double dx, double dy, int carried) {
        public boolean self() {
            return from == to;
        }

        /** As drawn: the label without the empty parentheses of a message with no argument. */
        public String text() {
            return text(label);
        }

        static String text(String label) {
            return LabelPlacement.tokenText(label);
        }

        /** Where the badge of the tokens it carries goes: at the pill's back end, or just behind the marker. */
        public Point badge() {
            double back = pill ? width / 2 : 8;
            return new Point(at.x() - dx * back, at.y() - dy * back);
        }
    }

    /**
     * A neighbourhood behind the graph: an area of the plane (a rectangle, its name inside at the
     * top left) or a region given as node sets (a padded hull, its name above {@code nameAt}).
     */
    public record Region(String name, String colour, boolean area, List<Point> outline, Point nameAt) {}

    /** The arrowhead of an edge the protocol orients from {@code from} to {@code to}. */
    public record EdgeArrow(int from, int to, Point tip, double dx, double dy, double length, double half) {}

    /**
     * A node's marks: its token badge (when tokens &gt; 0), leader mark, queue count (when queue
     * &gt; 0 and names are shown), small label ("" for none), and whether it crashed.
     */
    public record NodeMark(int node, int tokens, Point badge, boolean leader, Point leaderAt, int queue, Point queueAt,
                           double queueWidth, String label, Point labelAt, double labelWidth, boolean crashed, Point at,
                           double radius) {}

    /**
     * What a run with an application (LME paper, Sec. 6) shows besides the nodes' fills, as the
     * window does: the state's name written in each node, the protocol's fill value as a badge on
     * the rim, a dashed band between the two agents of each interaction under way; for amoebots
     * (a {@code ParticleSystem}) no letters or badges (the node keeps the protocol's fill) but the
     * lattice under the particles, each particle's body (a disc on its cell or a capsule over tail
     * and head), the cells two particles occupy, and faint edges.
     */
    public record AppMarks(List<StateLetter> letters, List<StateBadge> badges, List<InteractionBand> bands,
                           List<LatticeLine> lattice, List<Point> latticePoints, double latticePointRadius,
                           List<ParticleBody> particles, List<CellCollision> collisions, boolean faintEdges) {
        public static final AppMarks NONE = new AppMarks(List.of(), List.of(), List.of(), List.of(), List.of(), 0, List.of(),
                List.of(), false);
    }

    /** The application state's name written in a node, white on a dark fill, ink on a light one. */
    public record StateLetter(int node, String text, Point at, double size, String colour) {}

    /** With an application, the protocol's fill value (LME: state) as a disc on the node's rim at the lower left. */
    public record StateBadge(int node, String value, Point at, double radius, String colour) {}

    /** An interaction under way, begun by u with v: a thick dashed band from centre to centre. */
    public record InteractionBand(int u, int v, Point a, Point b, double width) {}

    /** An edge of the triangular lattice. */
    public record LatticeLine(Point a, Point b) {}

    /** A particle's body: a disc on its cell (tail = head) or a capsule from its tail to its head. */
    public record ParticleBody(int node, Point tail, Point head, double radius, boolean expanded) {}

    /** A cell (q, r) that two or more particles occupy. */
    public record CellCollision(int q, int r, Point at, double radius) {}

    public enum AlertKind { VIOLATION, REFUSAL }

    /** A violation's dashed ring, or a refused change's ring and badge (with its reason). */
    public record Alert(AlertKind kind, int node, Point at, double radius, String text, Area badge) {}

    public enum LegendKind { TITLE, FILL, RING, HULL, POINTER, TOKEN, PORT, VIOLATION, REFUSAL, BADGE, LEADER, QUEUE, LABEL,
        ARROW, AREA, REGION, CRASHED, STATE_BADGE, INTERACTION, LATTICE, CONTRACTED, EXPANDED, COLLISION }

    /** A legend entry: a swatch centred at {@code at} (none for a title) and its text from {@code textX}. */
    public record LegendItem(LegendKind kind, String text, Point at, double textX, String colour) {}

    /** A caption line at a baseline; {@code alert}: about a violation or a refusal (vermillion). */
    public record CaptionLine(String text, double x, double baselineY, boolean alert) {}
}
