package dev.lockstep.figure;

import dev.lockstep.core.NeighbourhoodArea;
import dev.lockstep.core.NodeMarks;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Simulation;
import dev.lockstep.figure.Figure.Point;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Lays out the generic marks of token and leader protocols for a figure, as the window's
 * {@code app.graph.NodeMarkPainter} draws them, through the same {@link LabelPlacement} and
 * {@link RegionOutline}: the neighbourhoods behind the graph, the arrowheads of oriented edges, and
 * per node its token badge, leader mark, queue count, small label and crash. Sizes are the
 * window's at scale 1.
 */
final class FigureMarks {
    /** The arrowhead's length and half width. */
    static final double ARROW_LEN = 10;
    static final double ARROW_HALF = 5;
    static final double LABEL_FONT = 9.5;
    static final double COUNT_FONT = FigureSizes.PIP_FONT;

    private final Simulation sim;
    private final ProtocolPresentation<NodeState> look;
    private final double[] px;
    private final double[] py;
    private final double r;
    private final LabelPlacement placement;

    @SuppressWarnings({"unchecked", "rawtypes"})
    FigureMarks(Simulation sim, double[] px, double[] py, double r, LabelPlacement placement) {
        this.sim = sim;
        this.look = ((Protocol) sim.protocol()).presentation();
        this.px = px;
        this.py = py;
        this.r = r;
        this.placement = placement;
    }

    /** The scenario's areas (through the projection of the graph), or its regions as node sets around where their members are. */
    List<Figure.Region> regions(Projection p) {
        List<Figure.Region> out = new ArrayList<>();
        List<NeighbourhoodArea> areas = sim.config().areas();
        for (int i = 0; i < areas.size(); i++) {
            NeighbourhoodArea a = areas.get(i);
            double x1 = p.x(a.x(), a.y());
            double y1 = p.y(a.x(), a.y());
            double x2 = p.x(a.x() + a.width(), a.y() + a.height());
            double y2 = p.y(a.x() + a.width(), a.y() + a.height());
            double l = Math.min(x1, x2);
            double t = Math.min(y1, y2);
            double rt = Math.max(x1, x2);
            double b = Math.max(y1, y2);
            out.add(new Figure.Region(a.name(), Look.area(i), true,
                    List.of(new Point(l, t), new Point(rt, t), new Point(rt, b), new Point(l, b)), new Point(l + 5, t + 4)));
        }
        if (!areas.isEmpty() || sim.config().regions() == null) return out;
        Map<String, List<Integer>> members = new TreeMap<>();
        for (int u = 0; u < sim.nodeCount(); u++) {
            String name = sim.region(u);
            if (!name.isEmpty()) members.computeIfAbsent(name, k -> new ArrayList<>()).add(u);
        }
        int index = 0;
        for (Map.Entry<String, List<Integer>> e : members.entrySet()) {
            int[] ms = e.getValue().stream().mapToInt(Integer::intValue).toArray();
            double[][] poly = RegionOutline.around(px, py, ms, r + 12);
            List<Point> outline = new ArrayList<>();
            for (int i = 0; i < poly[0].length; i++) outline.add(new Point(poly[0][i], poly[1][i]));
            int top = RegionOutline.top(poly);
            out.add(new Figure.Region(e.getKey(), Look.area(index++), false, List.copyOf(outline),
                    new Point(poly[0][top], poly[1][top] - 1)));
        }
        return out;
    }

    /** Arrowheads of the edges the protocol orients ({u, v} with u &lt; v), where the edge is long enough. */
    List<Figure.EdgeArrow> arrows(List<int[]> edges) {
        List<Figure.EdgeArrow> out = new ArrayList<>();
        double[] at = new double[4];
        for (int[] e : edges) {
            int dir = look.orientation(sim.state(e[0]), sim.state(e[1]));
            if (dir == 0) continue;
            int from = dir > 0 ? e[0] : e[1];
            int to = dir > 0 ? e[1] : e[0];
            if (!placement.arrow(from, to, ARROW_LEN, at)) continue;
            out.add(new Figure.EdgeArrow(from, to, new Point(at[0], at[1]), at[2], at[3], ARROW_LEN, ARROW_HALF));
        }
        return out;
    }

    /** Per node with marks or a crash; queue counts and labels only when names are shown ({@code sides} null: not). */
    List<Figure.NodeMark> marks(int[] sides, double[] nameW, double nameH) {
        List<Figure.NodeMark> out = new ArrayList<>();
        double[] at = new double[2];
        for (int u = 0; u < sim.nodeCount(); u++) {
            NodeMarks m = look.marks(sim.state(u));
            boolean crashed = sim.crashed(u);
            if (m.isEmpty() && !crashed) continue;
            placement.badge(u, at);
            Point badge = new Point(at[0], at[1]);
            placement.leader(u, at);
            Point leader = new Point(at[0], at[1]);
            String label = sides == null ? "" : m.label();
            double h = LabelPlacement.MARK_H;
            double labelW = label.isEmpty() ? 0 : TextWidth.of(label, LABEL_FONT, false) + 6;
            Point labelAt = null;
            if (!label.isEmpty()) {
                placement.label(u, sides[u], nameW[u], nameH, labelW, h, at);
                labelAt = new Point(at[0], at[1]);
            }
            int queue = sides == null ? 0 : Math.max(0, m.queue());
            double queueW = 0;
            Point queueAt = null;
            if (queue > 0) {
                queueW = Math.max(h, TextWidth.of(Integer.toString(queue), COUNT_FONT, true) + 5);
                placement.queue(u, sides[u], nameW[u], nameH, labelW, queueW, h, at);
                queueAt = new Point(at[0], at[1]);
            }
            out.add(new Figure.NodeMark(u, m.tokens(), badge, m.leader(), leader, queue, queueAt, queueW, label, labelAt,
                    labelW, crashed, new Point(px[u], py[u]), r));
        }
        return out;
    }
}
