package dev.lockstep.figure;

import static dev.lockstep.figure.TikzUnits.at;
import static dev.lockstep.figure.TikzUnits.bp;
import static dev.lockstep.figure.TikzUnits.font;
import static dev.lockstep.figure.TikzUnits.n;

import dev.lockstep.figure.Figure.Point;
import java.util.function.UnaryOperator;

/**
 * The TikZ of an application's marks ({@link Figure.AppMarks}), for {@code TikzWriter}, drawn as
 * {@code SvgApplication} draws them, in the same order. Nothing is written (not even a colour)
 * for a figure without an application.
 */
final class TikzApplication {
    private final StringBuilder body;
    private final UnaryOperator<String> c;
    private final Figure.AppMarks m;

    TikzApplication(StringBuilder body, UnaryOperator<String> colourName, Figure.AppMarks marks) {
        this.body = body;
        this.c = colourName;
        this.m = marks;
    }

    /** The lattice and the particles' bodies (first under the graph). */
    void ground() {
        if (m.latticePoints().isEmpty() && m.particles().isEmpty()) return;
        body.append("% lattice\n");
        for (Figure.LatticeLine l : m.lattice()) {
            body.append("\\draw[").append(c.apply(Look.LATTICE)).append(",line width=").append(bp(1)).append(",line cap=butt] ")
                    .append(at(l.a())).append(" -- ").append(at(l.b())).append(";\n");
        }
        for (Point p : m.latticePoints()) {
            body.append("\\fill[").append(c.apply(Look.LATTICE_POINT)).append("] ").append(at(p)).append(" circle[radius=")
                    .append(n(m.latticePointRadius())).append("];\n");
        }
        body.append("% particles\n");
        for (Figure.ParticleBody b : m.particles()) body(b);
    }

    private void body(Figure.ParticleBody b) {
        if (!b.expanded()) {
            body.append("\\filldraw[fill=").append(c.apply(Look.PARTICLE)).append(",draw=").append(c.apply(Look.PARTICLE_OUTLINE))
                    .append(",line width=").append(bp(1.5)).append("] ").append(at(b.tail())).append(" circle[radius=")
                    .append(n(b.radius() + 0.75)).append("];");
        } else {
            capsule(b.tail(), b.head(), 2 * b.radius() + 3, Look.PARTICLE_OUTLINE);
            capsule(b.tail(), b.head(), 2 * b.radius(), Look.PARTICLE);
            body.append("\\fill[").append(c.apply(Look.PARTICLE_HEAD)).append("] ").append(at(b.head())).append(" circle[radius=")
                    .append(n(b.radius())).append("];");
            body.append("\\fill[").append(c.apply(Look.PARTICLE_OUTLINE)).append("] ").append(at(b.head())).append(" circle[radius=")
                    .append(n(Look.HEAD_DOT)).append("];");
        }
        body.append(b.node() >= 0 ? " % particle " + b.node() + "\n" : "\n");
    }

    private void capsule(Point a, Point b, double width, String colour) {
        body.append("\\draw[").append(c.apply(colour)).append(",line width=").append(bp(width)).append(",line cap=round] ")
                .append(at(a)).append(" -- ").append(at(b)).append(";");
    }

    /** Over the hulls: the interaction bands, then the collisions. */
    void overHulls() {
        for (Figure.InteractionBand b : m.bands()) {
            body.append("\\draw[").append(c.apply(Look.INTERACTION)).append(",draw opacity=").append(n(FigureApplication.BAND_OPACITY))
                    .append(",line width=").append(bp(b.width())).append(",line cap=butt,dash pattern=on ").append(bp(8)).append(" off ")
                    .append(bp(4)).append("] ").append(at(b.a())).append(" -- ").append(at(b.b())).append("; % interaction ")
                    .append(b.u()).append(" with ").append(b.v()).append('\n');
        }
        for (Figure.CellCollision k : m.collisions()) {
            body.append("\\fill[").append(c.apply(Look.ALERT)).append(",fill opacity=0.28] ").append(at(k.at())).append(" circle[radius=")
                    .append(n(k.radius())).append("];\n");
            body.append("\\draw[").append(c.apply(Look.ALERT)).append(",line width=").append(bp(3)).append(",dash pattern=on ")
                    .append(bp(6)).append(" off ").append(bp(4)).append("] ").append(at(k.at())).append(" circle[radius=")
                    .append(n(k.radius() + 5)).append("]; % collision at (").append(k.q()).append(',').append(k.r()).append(")\n");
        }
    }

    /** Over the nodes: each state's letter and the protocol's badge. */
    void overNodes() {
        for (Figure.StateLetter l : m.letters()) {
            body.append("\\node[text=").append(c.apply(l.colour())).append(",font=").append(font(l.size(), true))
                    .append(",text height=").append(bp(0.75 * l.size())).append(",text depth=").append(bp(0.058 * l.size()))
                    .append("] at ").append(at(l.at())).append(" {").append(Latex.escape(l.text())).append("}; % state of ")
                    .append(l.node()).append('\n');
        }
        for (Figure.StateBadge b : m.badges()) {
            body.append("\\filldraw[fill=").append(c.apply(b.colour())).append(",draw=").append(c.apply(Look.INK))
                    .append(",line width=").append(bp(1.2)).append("] ").append(at(b.at())).append(" circle[radius=")
                    .append(n(b.radius())).append("]; % badge of ").append(b.node()).append(": ").append(Latex.escape(b.value()))
                    .append('\n');
        }
    }

    /** A legend swatch of an application's kind; false for the other kinds. */
    boolean swatch(Figure.LegendItem item) {
        double x = item.at().x();
        double y = item.at().y();
        switch (item.kind()) {
            case STATE_BADGE -> body.append("\\filldraw[fill=").append(c.apply(item.colour())).append(",draw=").append(c.apply(Look.INK))
                    .append(",line width=").append(bp(1.2)).append("] ").append(at(item.at())).append(" circle[radius=")
                    .append(n(FigureApplication.BADGE_RADIUS)).append("];\n");
            case INTERACTION -> body.append("\\draw[").append(c.apply(Look.INTERACTION)).append(",draw opacity=")
                    .append(n(FigureApplication.BAND_OPACITY)).append(",line width=").append(bp(5)).append(",line cap=butt,dash pattern=on ")
                    .append(bp(7)).append(" off ").append(bp(3)).append("] ").append(at(x - 13, y)).append(" -- ").append(at(x + 13, y))
                    .append(";\n");
            case LATTICE -> {
                body.append("\\draw[").append(c.apply(Look.LATTICE)).append(",line width=").append(bp(1)).append("] ").append(at(x - 11, y + 6))
                        .append(" -- ").append(at(x + 11, y + 6)).append(" -- ").append(at(x, y - 6)).append(" -- cycle;\n");
                for (double[] p : new double[][] {{x - 11, y + 6}, {x + 11, y + 6}, {x, y - 6}}) {
                    body.append("\\fill[").append(c.apply(Look.LATTICE_POINT)).append("] ").append(at(p[0], p[1])).append(" circle[radius=1.8];\n");
                }
            }
            case CONTRACTED -> body(new Figure.ParticleBody(-1, item.at(), item.at(), 7, false));
            case EXPANDED -> body(new Figure.ParticleBody(-1, new Point(x - 8, y), new Point(x + 8, y), 6, true));
            case COLLISION -> {
                body.append("\\fill[").append(c.apply(Look.ALERT)).append(",fill opacity=0.28] ").append(at(item.at())).append(" circle[radius=5];\n");
                body.append("\\draw[").append(c.apply(Look.ALERT)).append(",line width=").append(bp(2.4)).append(",dash pattern=on ")
                        .append(bp(4)).append(" off ").append(bp(2.5)).append("] ").append(at(item.at())).append(" circle[radius=7.5];\n");
            }
            default -> {
                return false;
            }
        }
        return true;
    }
}
