package dev.lockstep.figure;

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
 * the window frames it after "fit", the legend and the caption at the bottom. The graph part
 * follows the window's painter ({@code app.graph.Painter}) measure for measure: the same sizes in
 * pixels, the same rules for where names, port labels and message pills go, and the same zoom
 * thresholds under which labels give way to plain markers.
 */
final class FigureLayout {
    // sizes as the window's painter draws them at normal (not lecture) size, in pixels
    static final double TOKEN_H = 14;
    static final double TOKEN_FONT = 10;
    static final double PORT_FONT = 9;
    static final double PORT_RADIUS = 6.5;
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

    private static final double[][] NAME_SIDES = {
        {0, 1}, {0, -1}, {1, 0}, {-1, 0}, {0.7071, 0.7071}, {-0.7071, 0.7071}, {0.7071, -0.7071}, {-0.7071, -0.7071}};

    private final Session session;
    private final Simulation sim;
    private final Protocol<NodeState> protocol;
    private final FigureOptions options;
    private final Moment moment;
    private final int n;
    private final int delta;
    private final double r = Look.NODE_SIZE / 2;
    private double[] px;
    private double[] py;
    private Figure.Area area;
    private boolean portDetail;
    private boolean nameDetail;
    private boolean textDetail;
    private final List<int[]> edges = new ArrayList<>();
    private final List<int[]> portLabels = new ArrayList<>();
    private double[] nameX;
    private double[] nameY;
    private double[] nameW;

    @SuppressWarnings({"unchecked", "rawtypes"})
    private FigureLayout(Session session, FigureOptions options) {
        this.session = session;
        this.sim = session.simulation();
        this.protocol = (Protocol) sim.protocol();
        this.options = options;
        this.moment = Moment.of(session);
        this.n = sim.nodeCount();
        this.delta = sim.delta();
    }

    static Figure of(Session session, FigureOptions options) {
        return new FigureLayout(session, options).build();
    }

    private Figure build() {
        double w = options.width();
        double h = options.height();
        Figure.Header header = header(w);
        List<Figure.LegendItem> legend = new ArrayList<>();
        List<Figure.CaptionLine> caption = new ArrayList<>();
        double bottom = h;
        if (options.caption()) bottom = caption(caption, w, h);
        if (options.legend()) bottom = legend(legend, w, bottom);
        // A small figure must still show the graph: the fit keeps GRAPH_PADDING on every side, so
        // a caption and a legend could squeeze every node into one point. The legend goes first,
        // then the caption.
        if (bottom - HEADER_H < MIN_GRAPH_H && !legend.isEmpty()) {
            legend.clear();
            caption.clear();
            bottom = options.caption() ? caption(caption, w, h) : h;
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
        List<Figure.Token> tokens = tokens();
        return new Figure(w, h, header, area, List.copyOf(hulls), List.copyOf(glows), List.copyOf(edgeList),
                List.copyOf(nodes), List.copyOf(ports), List.copyOf(pips), List.copyOf(tags), List.copyOf(pointers),
                List.copyOf(names), tokens, List.copyOf(alerts), List.copyOf(legend), List.copyOf(caption));
    }

    // ------------------------------------------------------------------ header

    private Figure.Header header(double w) {
        String title = "Round " + moment.round();
        String detail = "step " + moment.step() + (moment.inProgress() ? " · round in progress" : "");
        double titleW = TextWidth.of(title, TITLE_FONT, true);
        double detailX = MARGIN + titleW + 12;
        double detailEnd = detailX + TextWidth.of(detail, DETAIL_FONT, false);
        String scenario = fit(session.scenario().name() + " · " + protocol.name(), w - MARGIN - detailEnd - 24, DETAIL_FONT,
                false);
        double scenarioX = w - MARGIN - TextWidth.of(scenario, DETAIL_FONT, false);
        return new Figure.Header(title, MARGIN, detail, detailX, scenario, scenarioX, 23, HEADER_H - 0.5);
    }

    /** The text, cut with an ellipsis if it is wider than {@code max} pixels ("" if not even that fits). */
    static String fit(String text, double max, double size, boolean bold) {
        if (TextWidth.of(text, size, bold) <= max) return text;
        int[] cps = text.codePoints().toArray();
        for (int k = cps.length - 1; k > 0; k--) {
            String cut = new String(cps, 0, k).stripTrailing() + "…";
            if (TextWidth.of(cut, size, bold) <= max) return cut;
        }
        return "";
    }

    // ------------------------------------------------------------------ caption and legend

    /** Lays out the caption from the bottom up; returns its top. */
    private double caption(List<Figure.CaptionLine> out, double w, double h) {
        List<String[]> items = new ArrayList<>(); // {text, "alert" or ""}
        for (History.Violated v : moment.violations()) {
            items.add(new String[] {"⚠ " + v.violation().check() + " violated: " + v.violation().message(), "alert"});
        }
        for (History.Refused r : moment.refusals()) items.add(new String[] {"Refused: " + r.reason(), "alert"});
        for (History.Executed e : moment.executions()) items.add(new String[] {e.narration(), ""});
        if (items.isEmpty()) {
            items.add(new String[] {moment.round() == 0 && !moment.inProgress() ? "The initial configuration."
                    : "No action was executed in round " + moment.toldRound() + ".", ""});
        }
        int maxLines = (int) Math.max(1, Math.min(4, Math.floor((h - HEADER_H) * 0.18 / CAPTION_LINE)));
        double max = w - 2 * MARGIN;
        List<String[]> lines = new ArrayList<>();
        int shown = 0;
        for (String[] item : items) {
            List<String> wrapped = wrap(item[0], max, CAPTION_FONT, !item[1].isEmpty());
            if (lines.size() + wrapped.size() > maxLines) break;
            for (String l : wrapped) lines.add(new String[] {l, item[1]});
            shown++;
        }
        int rest = items.size() - shown;
        if (rest > 0) {
            String more = "… and " + rest + " more " + (rest == 1 ? "event" : "events") + " in round " + moment.toldRound();
            if (lines.size() >= maxLines) lines.remove(lines.size() - 1);
            lines.add(new String[] {fit(more, max, CAPTION_FONT, false), ""});
        }
        double top = h - 8 - lines.size() * CAPTION_LINE;
        for (int i = 0; i < lines.size(); i++) {
            out.add(new Figure.CaptionLine(lines.get(i)[0], MARGIN, top + (i + 1) * CAPTION_LINE - 4,
                    !lines.get(i)[1].isEmpty()));
        }
        return top - 4;
    }

    /** Greedy word wrap by measured width (a word wider than the line is cut with an ellipsis). */
    static List<String> wrap(String text, double max, double size, boolean bold) {
        List<String> out = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.strip().split("\\s+")) {
            String candidate = line.isEmpty() ? word : line + " " + word;
            if (TextWidth.of(candidate, size, bold) <= max) {
                line.setLength(0);
                line.append(candidate);
                continue;
            }
            if (!line.isEmpty()) out.add(line.toString());
            line.setLength(0);
            line.append(fit(word, max, size, bold));
        }
        if (!line.isEmpty() || out.isEmpty()) out.add(line.toString());
        return out;
    }

    /** Lays out the legend as rows of entries above {@code bottom}; returns its top. */
    private double legend(List<Figure.LegendItem> out, double w, double bottom) {
        record Entry(Figure.LegendKind kind, String text, String colour, boolean startsGroup) {}
        List<Entry> entries = new ArrayList<>();
        List<String> fills = protocol.presentation().fillValues();
        if (!fills.isEmpty()) {
            entries.add(new Entry(Figure.LegendKind.TITLE, fillTitle(), null, true));
            for (String f : fills) entries.add(new Entry(Figure.LegendKind.FILL, f, Look.fill(fills, f), false));
        }
        List<String> rings = protocol.presentation().ringValues();
        if (!rings.isEmpty()) {
            entries.add(new Entry(Figure.LegendKind.TITLE, ringTitle(), null, true));
            for (int i = 0; i < rings.size(); i++) {
                entries.add(new Entry(Figure.LegendKind.RING, rings.get(i), Look.ring(i), false));
            }
        }
        entries.add(new Entry(Figure.LegendKind.HULL, "lock set", Look.holder(1), true));
        entries.add(new Entry(Figure.LegendKind.POINTER, "lock pointer → locker", Look.holder(1), false));
        entries.add(new Entry(Figure.LegendKind.TOKEN, "message → receiver", Look.INK, false));
        entries.add(new Entry(Figure.LegendKind.PORT, "port", Look.INK, false));
        if (!moment.violations().isEmpty()) entries.add(new Entry(Figure.LegendKind.VIOLATION, "violation", Look.ALERT_GLOW, false));
        if (!moment.refusals().isEmpty()) entries.add(new Entry(Figure.LegendKind.REFUSAL, "refused change", Look.ALERT, false));

        // place the entries in rows, wrapping before a group when it does not fit (or an entry, if a group is too long)
        List<List<double[]>> rows = new ArrayList<>(); // per row: {entry index, x of its swatch/text start}
        List<double[]> row = new ArrayList<>();
        double x = MARGIN;
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            double ew = entryWidth(e.kind(), e.text());
            if (e.startsGroup() && !row.isEmpty()) {
                double groupW = ew;
                for (int j = i + 1; j < entries.size() && !entries.get(j).startsGroup(); j++) {
                    groupW += 10 + entryWidth(entries.get(j).kind(), entries.get(j).text());
                }
                x += 18;
                if (x + groupW > w - MARGIN) {
                    rows.add(row);
                    row = new ArrayList<>();
                    x = MARGIN;
                }
            } else if (!row.isEmpty()) {
                x += 10;
                if (x + ew > w - MARGIN) {
                    rows.add(row);
                    row = new ArrayList<>();
                    x = MARGIN + 16;
                }
            }
            row.add(new double[] {i, x});
            x += ew;
        }
        if (!row.isEmpty()) rows.add(row);
        double top = bottom - 6 - rows.size() * LEGEND_ROW;
        for (int k = 0; k < rows.size(); k++) {
            double cy = top + k * LEGEND_ROW + LEGEND_ROW / 2;
            for (double[] placed : rows.get(k)) {
                Entry e = entries.get((int) placed[0]);
                double sw = swatchWidth(e.kind());
                double sx = placed[1] + sw / 2;
                double textX = e.kind() == Figure.LegendKind.TITLE ? placed[1] : placed[1] + sw + 5;
                out.add(new Figure.LegendItem(e.kind(), e.text(), new Point(sx, cy), textX, e.colour()));
            }
        }
        return top - 2;
    }

    private static double swatchWidth(Figure.LegendKind kind) {
        return switch (kind) {
            case TITLE -> 0;
            case FILL, RING, PORT, VIOLATION, REFUSAL -> 16;
            case HULL, POINTER -> 30;
            case TOKEN -> 34;
        };
    }

    private static double entryWidth(Figure.LegendKind kind, String text) {
        if (kind == Figure.LegendKind.TITLE) return TextWidth.of(text, LEGEND_FONT, true);
        return swatchWidth(kind) + 5 + TextWidth.of(text, LEGEND_FONT, false);
    }

    /** As the window's legend strip words it. */
    private String fillTitle() {
        return switch (protocol.name()) {
            case "lme" -> "fill = state";
            case "ricart-agrawala" -> "fill = region";
            default -> "fill = value";
        };
    }

    private String ringTitle() {
        return protocol.name().equals("lme") ? "ring = phase" : "ring";
    }

    // ------------------------------------------------------------------ graph

    private void project() {
        double[] xs = new double[n];
        double[] ys = new double[n];
        for (int u = 0; u < n; u++) {
            xs[u] = sim.graph().x(u);
            ys[u] = sim.graph().y(u);
        }
        Projection p = Projection.fit(xs, ys, area.x(), area.y(), area.width(), area.height());
        px = new double[n];
        py = new double[n];
        for (int u = 0; u < n; u++) {
            px[u] = p.x(xs[u], ys[u]);
            py[u] = p.y(xs[u], ys[u]);
        }
    }

    private List<Figure.Node> nodes() {
        List<Figure.Node> out = new ArrayList<>();
        List<String> fills = protocol.presentation().fillValues();
        List<String> rings = protocol.presentation().ringValues();
        for (int u = 0; u < n; u++) {
            NodeState s = sim.state(u);
            String fv = protocol.presentation().fill(s);
            String rv = protocol.presentation().ring(s);
            int ring = Look.ringIndex(rings, rv);
            out.add(new Figure.Node(u, sim.nodeName(u), new Point(px[u], py[u]), r, fv, Look.fill(fills, fv), rv, ring,
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
        double[] xs = new double[n];
        double[] ys = new double[n];
        for (int u = 0; u < n; u++) {
            xs[u] = sim.graph().x(u);
            ys[u] = sim.graph().y(u);
        }
        double edgePx = median * Projection.fit(xs, ys, area.x(), area.y(), area.width(), area.height()).scale();
        portDetail = edgePx >= 58;
        nameDetail = edgePx >= 34;
        textDetail = edgePx >= 105;
    }

    /** Names under the node unless an edge leaves that way; then on the side farthest from its edges. */
    private void layoutNames() {
        nameX = new double[n];
        nameY = new double[n];
        nameW = new double[n];
        double[] sideAngle = new double[NAME_SIDES.length];
        for (int k = 0; k < NAME_SIDES.length; k++) sideAngle[k] = Math.atan2(NAME_SIDES[k][1], NAME_SIDES[k][0]);
        double[] gap = new double[NAME_SIDES.length];
        for (int u = 0; u < n; u++) {
            Arrays.fill(gap, Math.PI);
            for (long bits = sim.ports(u) & ~1L; bits != 0; bits &= bits - 1) {
                int v = sim.peer(u, Long.numberOfTrailingZeros(bits));
                if (v < 0) continue;
                double a = Math.atan2(-(sim.graph().y(v) - sim.graph().y(u)), sim.graph().x(v) - sim.graph().x(u));
                for (int k = 0; k < NAME_SIDES.length; k++) {
                    double d = Math.abs(Math.IEEEremainder(a - sideAngle[k], 2 * Math.PI));
                    if (d < gap[k]) gap[k] = d;
                }
            }
            int best = 0;
            if (gap[0] < Math.toRadians(40)) {
                for (int k = 1; k < NAME_SIDES.length; k++) if (gap[k] > gap[best] + 1e-9) best = k;
            }
            nameW[u] = TextWidth.of(sim.nodeName(u), NAME_FONT, true) + 6;
            double cx = NAME_SIDES[best][0];
            double cy = NAME_SIDES[best][1];
            double dist = r + 6.5 + Math.abs(cx) * nameW[u] / 2 + Math.abs(cy) * NAME_H / 2;
            nameX[u] = px[u] + cx * dist;
            nameY[u] = py[u] + cy * dist;
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
                double dx = px[hd] - px[m];
                double dy = py[hd] - py[m];
                double len = Math.hypot(dx, dy);
                if (len < 2 * r + 4) continue;
                dx /= len;
                dy /= len;
                double start = r + 2;
                double length = Math.min(34, Math.max(12, (len - 2 * r) * 0.45));
                double head = 8;
                Point tip = new Point(px[m] + dx * (start + length), py[m] + dy * (start + length));
                Point base = new Point(tip.x() - dx * head, tip.y() - dy * head);
                pointers.add(new Figure.Pointer(m, hd, colour, new Point(px[m] + dx * start, py[m] + dy * start), base, tip,
                        head, 5.5));
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
        double dx = px[b] - px[a];
        double dy = py[b] - py[a];
        double len = Math.hypot(dx, dy);
        if (len < 2 * (r + 19)) return null;
        dx /= len;
        dy /= len;
        // on the owner's side, just off the edge: clear of the lock pointer and of the pills
        return new Point(px[a] + dx * (r + 12) + dy * 7.5, py[a] + dy * (r + 12) - dx * 7.5);
    }

    private void ports(List<Figure.PortLabel> labels, List<Figure.Pip> pips, List<Figure.PortTag> tags) {
        for (int[] pl : portLabels) {
            Point at = portPlace(pl[0], pl[1]);
            if (at != null) labels.add(new Figure.PortLabel(pl[0], pl[1], pl[2], at, PORT_RADIUS));
        }
        if (delta <= 16) {
            double ring = r + 4.2;
            double pr = Math.min(2.4, Math.PI * ring / delta * 0.38);
            for (int u = 0; u < n; u++) {
                long used = sim.ports(u);
                for (int i = 0; i < delta; i++) {
                    double a = -Math.PI / 2 + 2 * Math.PI * i / delta;
                    pips.add(new Figure.Pip(u, i + 1, new Point(px[u] + Math.cos(a) * ring, py[u] + Math.sin(a) * ring), pr,
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

    private static final class Tok {
        final Envelope e;
        final String text;
        int slot;
        int count;
        double w;
        double x;
        double y;
        double dx = 1;
        double dy;
        boolean pill;

        Tok(Envelope e) {
            this.e = e;
            this.text = Figure.Token.text(e.message().label());
        }
    }

    private List<Figure.Token> tokens() {
        List<Tok> toks = new ArrayList<>();
        Map<Long, int[]> perChannel = new LinkedHashMap<>();
        for (int v = 0; v < n; v++) {
            for (int i = 0, c = sim.channels().size(v); i < c; i++) {
                Tok t = new Tok(sim.channels().get(v, i));
                t.slot = perChannel.computeIfAbsent((long) t.e.from() * n + t.e.to(), k -> new int[1])[0]++;
                toks.add(t);
            }
        }
        for (Tok t : toks) t.count = perChannel.get((long) t.e.from() * n + t.e.to())[0];
        double h = TOKEN_H;
        Obstacles obs = null;
        if (textDetail) {
            obs = new Obstacles(64);
            for (int u = 0; u < n; u++) {
                obs.add(px[u], py[u], px[u], py[u], r + 6);
                double half = Math.max(0, (nameW[u] - NAME_H) / 2);
                obs.add(nameX[u] - half, nameY[u], nameX[u] + half, nameY[u], NAME_H / 2 + 1);
            }
            if (portDetail) {
                for (int[] pl : portLabels) {
                    Point at = portPlace(pl[0], pl[1]);
                    if (at != null) obs.add(at.x(), at.y(), at.x(), at.y(), PORT_RADIUS);
                }
            }
        }
        List<Figure.Token> out = new ArrayList<>();
        for (Tok t : toks) {
            t.w = TextWidth.of(t.text, TOKEN_FONT, false) + 10;
            if (t.e.from() == t.e.to()) layoutSelf(t, obs, h);
            else layoutOnEdge(t, obs, h);
            double deg = Math.toDegrees(Math.atan2(t.dy, t.dx));
            if (deg > 90.5) deg -= 180;
            else if (deg < -89.5) deg += 180;
            out.add(new Figure.Token(t.e.id(), t.e.from(), t.e.to(), t.e.message().label(), t.pill, new Point(t.x, t.y),
                    t.pill ? t.w : 0, h, deg, t.dx, t.dy));
        }
        return List.copyOf(out);
    }

    private void layoutOnEdge(Tok t, Obstacles obs, double h) {
        double ax = px[t.e.from()];
        double ay = py[t.e.from()];
        double dx = px[t.e.to()] - ax;
        double dy = py[t.e.to()] - ay;
        double len = Math.hypot(dx, dy);
        if (len < 1e-6) {
            dx = 1;
            dy = 0;
        } else {
            dx /= len;
            dy /= len;
        }
        t.dx = dx;
        t.dy = dy;
        double nx = -dy; // right-hand side of the direction of travel (y grows downwards)
        double ny = dx;
        double w = t.w;
        double half = (w - h) / 2;
        double margin = r + 22;
        double lo = margin + w / 2;
        double hi = len - margin - w / 2;
        if (obs != null && lo <= hi) {
            double preferred = len / 2 + (t.slot - (t.count - 1) / 2.0) * (w + 6);
            double step = w / 2 + 4;
            for (int row = 0; row < 3 && !t.pill; row++) {
                double off = h / 2 + 2 + row * (h + 2);
                for (int j = 0; j < 7; j++) {
                    double along = preferred + (j == 0 ? 0 : ((j + 1) / 2) * step * (j % 2 == 1 ? 1 : -1));
                    along = Math.max(lo, Math.min(hi, along));
                    double cx = ax + dx * along + nx * off;
                    double cy = ay + dy * along + ny * off;
                    double x1 = cx - dx * half;
                    double y1 = cy - dy * half;
                    double x2 = cx + dx * half;
                    double y2 = cy + dy * half;
                    if (inside(x1, y1, x2, y2, h / 2) && !obs.hits(x1, y1, x2, y2, h / 2 + 1)) {
                        obs.add(x1, y1, x2, y2, h / 2 + 1);
                        t.x = cx;
                        t.y = cy;
                        t.pill = true;
                        break;
                    }
                }
            }
        }
        if (!t.pill) {
            double along = len / 2 + (t.slot - (t.count - 1) / 2.0) * 10;
            t.x = ax + dx * along + nx * 3;
            t.y = ay + dy * along + ny * 3;
        }
    }

    private void layoutSelf(Tok t, Obstacles obs, double h) {
        int u = t.e.from();
        double w = t.w;
        double half = (w - h) / 2;
        if (obs != null) {
            double[][] spots = {
                {px[u] + r + 8 + w / 2, py[u] - r * 0.6}, {px[u] - r - 8 - w / 2, py[u] - r * 0.6},
                {px[u], py[u] - r - 12 - h / 2}, {px[u] + r + 8 + w / 2, py[u] + r * 0.6}};
            for (int row = 0; row < 3 && !t.pill; row++) {
                for (double[] spot : spots) {
                    double cx = spot[0];
                    double cy = spot[1] + (spot[1] < py[u] ? -1 : 1) * row * (h + 2);
                    if (inside(cx - half, cy, cx + half, cy, h / 2) && !obs.hits(cx - half, cy, cx + half, cy, h / 2 + 1)) {
                        obs.add(cx - half, cy, cx + half, cy, h / 2 + 1);
                        t.x = cx;
                        t.y = cy;
                        t.pill = true;
                        break;
                    }
                }
            }
        }
        if (!t.pill) {
            t.x = px[u] + r + 4;
            t.y = py[u] - r + t.slot * 7;
        }
    }

    /** Whether the capsule lies within the graph's area (a label cut by the border is not readable). */
    private boolean inside(double x1, double y1, double x2, double y2, double rad) {
        return Math.min(x1, x2) - rad >= area.x() && Math.min(y1, y2) - rad >= area.y()
                && Math.max(x1, x2) + rad <= area.x() + area.width() && Math.max(y1, y2) + rad <= area.y() + area.height();
    }
}
