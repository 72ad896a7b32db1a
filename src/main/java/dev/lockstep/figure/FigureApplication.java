package dev.lockstep.figure;

import dev.lockstep.application.Interactive;
import dev.lockstep.application.amoebot.Cell;
import dev.lockstep.application.amoebot.ParticleSystem;
import dev.lockstep.core.ApplicationState;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.figure.Figure.Point;
import java.util.ArrayList;
import java.util.List;

/**
 * Lays out an application's marks for a figure ({@link Figure.AppMarks}) as the window's
 * {@code app.graph.ApplicationPainter} and {@code LatticePainter} draw them, at scale 1: letters
 * of the size the window writes them, badges on the same spot of the rim, bands as wide and as
 * dashed; for amoebots no letters or badges (the node keeps the protocol's fill) but the lattice
 * patch around the particles (clipped to the graph's area), bodies of {@link Look#particleRadius}
 * and the cells two particles occupy.
 */
final class FigureApplication {
    /** The window's badge radius and dashes of a band (at scale 1). */
    static final double BADGE_RADIUS = 4.6;
    static final double BAND_WIDTH = 6;
    static final double BAND_OPACITY = 0.85;

    private FigureApplication() {}

    @SuppressWarnings({"unchecked", "rawtypes"})
    static Figure.AppMarks of(Simulation sim, List<Figure.Node> nodes, double r, Projection p, Figure.Area area) {
        ApplicationState app = sim.application();
        if (app == null) return Figure.AppMarks.NONE;
        Protocol<NodeState> protocol = (Protocol) sim.protocol();
        List<String> fills = protocol.presentation().fillValues();
        List<Figure.StateLetter> letters = new ArrayList<>();
        List<Figure.StateBadge> badges = new ArrayList<>();
        List<Figure.InteractionBand> bands = new ArrayList<>();
        double size = Math.round(r * 1.15);
        double d = (r + 0.5) * Math.sqrt(0.5);
        // a particle system's bodies show its state and its nodes the protocol's fill: no letter, no badge
        boolean particles = app instanceof ParticleSystem;
        for (Figure.Node v : nodes) {
            int u = v.index();
            if (particles) continue;
            String mark = Look.applicationMark(app.label(u));
            if (!mark.isEmpty() && !sim.crashed(u)) {
                letters.add(new Figure.StateLetter(u, mark, v.at(), size, Look.darkFill(v.fill()) ? Look.PAPER : Look.INK));
            }
            String fv = protocol.presentation().fill(sim.state(u));
            badges.add(new Figure.StateBadge(u, fv, new Point(v.at().x() - d, v.at().y() + d), BADGE_RADIUS, Look.fill(fills, fv)));
            int w = app instanceof Interactive in ? in.partnerOf(u) : -1;
            if (w >= 0 && w < nodes.size() && w != u) {
                bands.add(new Figure.InteractionBand(u, w, v.at(), nodes.get(w).at(), BAND_WIDTH));
            }
        }
        if (!(app instanceof ParticleSystem ps)) {
            return new Figure.AppMarks(List.copyOf(letters), List.copyOf(badges), List.copyOf(bands), List.of(), List.of(), 0,
                    List.of(), List.of(), false);
        }
        double unit = p.scale();
        LatticePatch patch = LatticePatch.around(ps);
        List<Figure.LatticeLine> lines = new ArrayList<>();
        double[] e = patch.edges();
        for (int i = 0; i + 3 < e.length; i += 4) {
            Point a = at(p, e[i], e[i + 1]);
            Point b = at(p, e[i + 2], e[i + 3]);
            if (inside(area, a) && inside(area, b)) lines.add(new Figure.LatticeLine(a, b));
        }
        List<Point> points = new ArrayList<>();
        double[] pts = patch.points();
        for (int i = 0; i + 1 < pts.length; i += 2) {
            Point a = at(p, pts[i], pts[i + 1]);
            if (inside(area, a)) points.add(a);
        }
        double br = Look.particleRadius(unit, r);
        List<Figure.ParticleBody> bodies = new ArrayList<>();
        for (int u = 0; u < ps.particles() && u < nodes.size(); u++) {
            Cell t = ps.tail(u);
            Cell h = ps.head(u);
            bodies.add(new Figure.ParticleBody(u, at(p, t.x(), t.y()), at(p, h.x(), h.y()), br, ps.expanded(u)));
        }
        List<Figure.CellCollision> collisions = new ArrayList<>();
        for (Cell c : LatticePatch.sharedCells(ps)) collisions.add(new Figure.CellCollision(c.q(), c.r(), at(p, c.x(), c.y()), br));
        double pr = Math.max(1.2, Math.min(2.6, unit * 0.045));
        return new Figure.AppMarks(List.copyOf(letters), List.copyOf(badges), List.copyOf(bands), List.copyOf(lines),
                List.copyOf(points), pr, List.copyOf(bodies), List.copyOf(collisions), true);
    }

    private static Point at(Projection p, double x, double y) {
        return new Point(p.x(x, y), p.y(x, y));
    }

    private static boolean inside(Figure.Area a, Point q) {
        return q.x() >= a.x() && q.x() <= a.x() + a.width() && q.y() >= a.y() && q.y() <= a.y() + a.height();
    }
}
