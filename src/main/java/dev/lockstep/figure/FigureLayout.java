package dev.lockstep.figure;

import static dev.lockstep.figure.FigureSizes.BADGE_FONT;
import static dev.lockstep.figure.FigureSizes.NAME_FONT;
import static dev.lockstep.figure.FigureSizes.NAME_H;
import static dev.lockstep.figure.FigureSizes.PIP_FONT;
import static dev.lockstep.figure.FigureSizes.PORT_RADIUS;
import static dev.lockstep.figure.FigureSizes.TOKEN_FONT;
import static dev.lockstep.figure.FigureSizes.TOKEN_H;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.check.LockSets;
import dev.lockstep.figure.Figure.Point;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Lays out a session's current moment as a {@link Figure}: the header on top, the graph framed as
 * the window frames it after "fit", the legend and the caption at the bottom ({@link FigureBands}).
 * The graph part follows the window's painter ({@code app.graph.Painter}) measure for measure: the
 * same sizes in pixels, and, through the classes both use ({@link LabelPlacement}, {@link Detail},
 * {@link LockPointer}), the same places for names, port labels, message pills and lock pointers,
 * and the same zoom thresholds under which labels give way to plain markers.
 */
final class FigureLayout {
    /** The least height the graph keeps below the header (see {@link FigureSizes#MIN_GRAPH_H}). */
    static final double MIN_GRAPH_H = FigureSizes.MIN_GRAPH_H;
    static final double HEADER_H = FigureSizes.HEADER_H;

    private final Simulation sim;
    private final Protocol<NodeState> protocol;
    private final FigureOptions options;
    private final Moment moment;
    private final FigureBands bands;
    private final int n;
    private final int delta;
    private final double r = Look.NODE_SIZE / 2;
    private double[] px;
    private double[] py;
    private LabelPlacement placement;
    private Figure.Area area;
    private boolean portDetail;
    private boolean nameDetail;
    private boolean textDetail;
    private final List<int[]> edges = new ArrayList<>();
    private final List<int[]> portLabels = new ArrayList<>();
    private double[] nameX;
    private double[] nameY;
    private double[] nameW;
    private int[] nameSide;
    private Projection projection;

    @SuppressWarnings({"unchecked", "rawtypes"})
    private FigureLayout(Session session, FigureOptions options) {
        this.sim = session.simulation();
        this.protocol = (Protocol) sim.protocol();
        this.options = options;
        this.moment = Moment.of(session);
        this.bands = new FigureBands(session, moment);
        this.n = sim.nodeCount();
        this.delta = sim.delta();
    }

    static Figure of(Session session, FigureOptions options) {
        return new FigureLayout(session, options).build();
    }

    private Figure build() {
        double w = options.width();
        double h = options.height();
        Figure.Header header = bands.header(w);
        List<Figure.LegendItem> legend = new ArrayList<>();
        List<Figure.CaptionLine> caption = new ArrayList<>();
        double bottom = h;
        if (options.caption()) bottom = bands.caption(caption, w, h);
        if (options.legend()) bottom = bands.legend(legend, w, bottom);
        // A small figure must still show the graph: the fit keeps GRAPH_PADDING on every side, so
        // a caption and a legend could squeeze every node into one point. The legend goes first,
        // then the caption.
        if (bottom - HEADER_H < MIN_GRAPH_H && !legend.isEmpty()) {
            legend.clear();
            caption.clear();
            bottom = options.caption() ? bands.caption(caption, w, h) : h;
        }
        if (bottom - HEADER_H < MIN_GRAPH_H && !caption.isEmpty()) {
            caption.clear();
            bottom = h;
        }
        double top = HEADER_H;
        area = new Figure.Area(0, top, w, Math.max(1, bottom - top));

        project();
        List<Figure.Node> nodes = nodes();
        List<Figure.Edge> edgeList = edgesAndPorts();
        detail();
        layoutNames();
        List<Figure.Hull> hulls = new ArrayList<>();
        List<Figure.Pointer> pointers = new ArrayList<>();
        lockSets(hulls, pointers);
        List<Figure.Alert> alerts = new ArrayList<>();
        List<Figure.Glow> glows = new ArrayList<>();
        alerts(alerts, glows);
        List<Figure.PortLabel> ports = new ArrayList<>();
        List<Figure.Pip> pips = new ArrayList<>();
        List<Figure.PortTag> tags = new ArrayList<>();
        if (portDetail) ports(ports, pips, tags);
        List<Figure.Name> names = new ArrayList<>();
        if (nameDetail) {
            for (int u = 0; u < n; u++) {
                names.add(new Figure.Name(u, sim.nodeName(u), new Point(nameX[u], nameY[u]), nameW[u], NAME_H));
            }
        }
        FigureMarks marks = new FigureMarks(sim, px, py, r, placement);
        List<Figure.NodeMark> nodeMarks = marks.marks(nameDetail ? nameSide : null, nameW, NAME_H);
        List<Figure.Token> tokens = tokens(nodeMarks);
        return new Figure(w, h, header, area, List.copyOf(hulls), List.copyOf(glows), List.copyOf(edgeList),
                List.copyOf(nodes), List.copyOf(ports), List.copyOf(pips), List.copyOf(tags), List.copyOf(pointers),
                List.copyOf(names), tokens, List.copyOf(alerts), List.copyOf(legend), List.copyOf(caption),
                List.copyOf(marks.regions(projection)), List.copyOf(marks.arrows(edges)),
                List.copyOf(nodeMarks), FigureApplication.of(sim, nodes, r, projection, area));
    }

    // ------------------------------------------------------------------ graph

    private void project() {
        double[] xs = new double[n];
        double[] ys = new double[n];
        for (int u = 0; u < n; u++) {
            xs[u] = sim.graph().x(u);
            ys[u] = sim.graph().y(u);
        }
        int count = n;
        if (sim.application() instanceof dev.lockstep.application.amoebot.ParticleSystem ps) {
            // amoebots: the lattice patch around the particles is part of the picture, as in the window
            double[][] withPatch = LatticePatch.around(ps).framing(xs, ys, n);
            xs = withPatch[0];
            ys = withPatch[1];
            count = xs.length;
        }
        double[][] framed = Projection.framed(xs, ys, count, sim.config().areas());
        Projection p = Projection.fit(framed[0], framed[1], area.x(), area.y(), area.width(), area.height());
        projection = p;
        px = new double[n];
        py = new double[n];
        for (int u = 0; u < n; u++) {
            px[u] = p.x(xs[u], ys[u]);
            py[u] = p.y(xs[u], ys[u]);
        }
        placement = new LabelPlacement(px, py, r, 1, area.x(), area.y(), area.x() + area.width(), area.y() + area.height());
    }

    private List<Figure.Node> nodes() {
        List<Figure.Node> out = new ArrayList<>();
        List<String> fills = protocol.presentation().fillValues();
        List<String> rings = protocol.presentation().ringValues();
        dev.lockstep.core.ApplicationState app = sim.application();
        for (int u = 0; u < n; u++) {
            NodeState s = sim.state(u);
            // with an application (Sec. 6) the fill is its state, as in the window; a particle
            // system's bodies show its state, so its nodes keep the protocol's fill
            boolean appFill = app != null && !(app instanceof dev.lockstep.application.amoebot.ParticleSystem);
            String fv = appFill ? app.label(u) : protocol.presentation().fill(s);
            String fc = appFill ? Look.application(List.of(), fv) : Look.fill(fills, fv);
            String rv = protocol.presentation().ring(s);
            int ring = Look.ringIndex(rings, rv);
            out.add(new Figure.Node(u, sim.nodeName(u), new Point(px[u], py[u]), r, fv, fc, rv, ring,
                    Look.ring(ring), Look.ringWidth(ring)));
        }
        return out;
    }

    private List<Figure.Edge> edgesAndPorts() {
        List<Figure.Edge> out = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            for (long bits = sim.ports(u) & ~1L; bits != 0; bits &= bits - 1) {
                int p = Long.numberOfTrailingZeros(bits);
                int v = sim.peer(u, p);
                if (v < 0) continue;
                portLabels.add(new int[] {u, v, p});
                if (u < v) {
                    edges.add(new int[] {u, v});
                    out.add(new Figure.Edge(u, v, new Point(px[u], py[u]), new Point(px[v], py[v])));
                }
            }
        }
        return out;
    }

    /** The painter's zoom thresholds: by the median edge length on screen (model units: 1 without edges). */
    private void detail() {
        double median = 1;
        if (!edges.isEmpty()) {
            double[] lengths = new double[edges.size()];
            for (int i = 0; i < lengths.length; i++) {
                int[] e = edges.get(i);
                lengths[i] = Math.hypot(sim.graph().x(e[0]) - sim.graph().x(e[1]), sim.graph().y(e[0]) - sim.graph().y(e[1]));
            }
            Arrays.sort(lengths);
            median = Math.max(1e-9, lengths[lengths.length / 2]);
        }
        double edgePx = median * projection.scale();
        Detail d = Detail.at(edgePx, 1);
        portDetail = d.ports();
        nameDetail = d.names();
        textDetail = d.text();
    }

    /** Names under the node unless an edge leaves that way; then on the side farthest from its edges. */
    private void layoutNames() {
        nameX = new double[n];
        nameY = new double[n];
        nameW = new double[n];
        nameSide = new int[n];
        double[] nx = new double[delta];
        double[] ny = new double[delta];
        double[] at = new double[2];
        for (int u = 0; u < n; u++) {
            int count = 0;
            for (long bits = sim.ports(u) & ~1L; bits != 0; bits &= bits - 1) {
                int v = sim.peer(u, Long.numberOfTrailingZeros(bits));
                if (v < 0) continue;
                nx[count] = sim.graph().x(v);
                ny[count++] = sim.graph().y(v);
            }
            int side = LabelPlacement.nameSide(sim.graph().x(u), sim.graph().y(u), nx, ny, count);
            nameSide[u] = side;
            nameW[u] = TextWidth.of(sim.nodeName(u), NAME_FONT, true) + 6;
            placement.name(u, side, nameW[u], NAME_H, at);
            nameX[u] = at[0];
            nameY[u] = at[1];
        }
    }

    private void lockSets(List<Figure.Hull> hulls, List<Figure.Pointer> pointers) {
        for (int hd = 0; hd < n; hd++) {
            int[] members = LockSets.of(protocol, sim, hd);
            if (members.length == 0) continue;
            String colour = Look.holder(hd);
            List<Point> ms = new ArrayList<>();
            for (int m : members) ms.add(new Point(px[m], py[m]));
            hulls.add(new Figure.Hull(hd, colour, new Point(px[hd], py[hd]), List.copyOf(ms), 2 * (r + 7)));
            for (int m : members) {
                if (m == hd) continue;
                LockPointer p = LockPointer.between(px[m], py[m], px[hd], py[hd], r, 1);
                if (p == null) continue;
                pointers.add(new Figure.Pointer(m, hd, colour, new Point(p.startX(), p.startY()), new Point(p.baseX(), p.baseY()),
                        new Point(p.tipX(), p.tipY()), LockPointer.HEAD, LockPointer.HEAD_HALF));
            }
        }
    }

    private void alerts(List<Figure.Alert> alerts, List<Figure.Glow> glows) {
        java.util.TreeSet<Integer> violated = new java.util.TreeSet<>();
        for (History.Violated v : moment.violations()) {
            for (int u : v.violation().nodes()) if (u >= 0 && u < n) violated.add(u);
        }
        for (int u : violated) {
            glows.add(new Figure.Glow(u, new Point(px[u], py[u]), r + 15));
            alerts.add(new Figure.Alert(Figure.AlertKind.VIOLATION, u, new Point(px[u], py[u]), r + 6, null, null));
        }
        // the window's badge: on the node the reason names first, one per node (the latest)
        Map<Integer, String> refused = new TreeMap<>();
        for (History.Refused rf : moment.refusals()) {
            int at = rf.v() >= 0 && rf.v() < n && rf.reason().startsWith(sim.nodeName(rf.v()) + " ") ? rf.v() : rf.u();
            if (at < 0 || at >= n) continue;
            refused.put(at, rf.reason() == null || rf.reason().isBlank() ? "refused" : rf.reason());
        }
        for (Map.Entry<Integer, String> e : refused.entrySet()) {
            int u = e.getKey();
            double bw = TextWidth.of(e.getValue(), BADGE_FONT, true) + 10;
            double bh = 18;
            Figure.Area badge = new Figure.Area(px[u] - bw / 2, py[u] - r - 12 - bh, bw, bh);
            alerts.add(new Figure.Alert(Figure.AlertKind.REFUSAL, u, new Point(px[u], py[u]), r + 4, e.getValue(), badge));
        }
    }

    /** Where a port label goes, or null if the edge is too short to show it. */
    private Point portPlace(int a, int b) {
        double[] at = new double[2];
        return placement.port(a, b, at) ? new Point(at[0], at[1]) : null;
    }

    private void ports(List<Figure.PortLabel> labels, List<Figure.Pip> pips, List<Figure.PortTag> tags) {
        for (int[] pl : portLabels) {
            Point at = portPlace(pl[0], pl[1]);
            if (at != null) labels.add(new Figure.PortLabel(pl[0], pl[1], pl[2], at, PORT_RADIUS));
        }
        if (delta <= PortPips.MAX) {
            PortPips around = PortPips.around(delta, r, 1);
            for (int u = 0; u < n; u++) {
                long used = sim.ports(u);
                for (int i = 0; i < delta; i++) {
                    pips.add(new Figure.Pip(u, i + 1, new Point(px[u] + around.dx()[i], py[u] + around.dy()[i]), around.radius(),
                            (used & (1L << (i + 1))) != 0));
                }
            }
            return;
        }
        for (int u = 0; u < n; u++) {
            int used = Long.bitCount(sim.ports(u) & ~1L);
            String t = used + "/" + delta;
            tags.add(new Figure.PortTag(u, t, new Point(px[u], py[u] - r - 8), TextWidth.of(t, PIP_FONT, true) + 4, 10,
                    used >= delta));
        }
    }

    // ------------------------------------------------------------------ messages

    /** The messages, placed clear of nodes, names, port labels and the protocol marks' labels. */
    private List<Figure.Token> tokens(List<Figure.NodeMark> marks) {
        List<Envelope> envelopes = new ArrayList<>();
        List<int[]> slots = new ArrayList<>();
        Map<Long, int[]> perChannel = new LinkedHashMap<>();
        for (int v = 0; v < n; v++) {
            for (int i = 0, c = sim.channels().size(v); i < c; i++) {
                Envelope e = sim.channels().get(v, i);
                envelopes.add(e);
                slots.add(new int[] {perChannel.computeIfAbsent((long) e.from() * n + e.to(), k -> new int[1])[0]++});
            }
        }
        double h = TOKEN_H;
        Obstacles obs = textDetail ? placement.obstacles(n, nameX, nameY, nameW, NAME_H, portDetail ? portLabels : null) : null;
        if (obs != null) {
            for (Figure.NodeMark m : marks) {
                if (m.labelAt() != null) placement.block(obs, m.labelAt().x(), m.labelAt().y(), m.labelWidth(), LabelPlacement.MARK_H);
                if (m.queueAt() != null) placement.block(obs, m.queueAt().x(), m.queueAt().y(), m.queueWidth(), LabelPlacement.MARK_H);
            }
        }
        List<Figure.Token> out = new ArrayList<>();
        for (int i = 0; i < envelopes.size(); i++) {
            Envelope e = envelopes.get(i);
            int count = perChannel.get((long) e.from() * n + e.to())[0];
            double w = TextWidth.of(LabelPlacement.tokenText(e.message().label()), TOKEN_FONT, false) + 10;
            LabelPlacement.Rest rest = placement.token(e.from(), e.to(), slots.get(i)[0], count, w, h, obs);
            out.add(new Figure.Token(e.id(), e.from(), e.to(), e.message().label(), rest.pill(), new Point(rest.x(), rest.y()),
                    rest.pill() ? w : 0, h, LabelPlacement.pillAngle(rest.dx(), rest.dy()), rest.dx(), rest.dy(),
                    protocol.presentation().tokens(e.message())));
        }
        return List.copyOf(out);
    }
}
