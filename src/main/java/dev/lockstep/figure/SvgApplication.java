package dev.lockstep.figure;

import dev.lockstep.figure.Figure.Point;

/**
 * The SVG of an application's marks ({@link Figure.AppMarks}), for {@code SvgWriter}: the lattice
 * and the particles' bodies first (under the hulls), the interaction bands and the collisions over
 * the hulls, the letters and badges over the nodes. Nothing is written for a figure without an
 * application, so such figures are what they were. Elements carry classes and indices
 * ({@code data-node}, {@code data-u}, {@code data-q}, ...) for tools and tests.
 */
final class SvgApplication {
    private final StringBuilder out;
    private final Figure.AppMarks m;

    SvgApplication(StringBuilder out, Figure.AppMarks marks) {
        this.out = out;
        this.m = marks;
    }

    private static String n(double x) {
        return Decimals.of(x);
    }

    /** The lattice and the bodies (first under the graph). */
    void ground() {
        if (m.latticePoints().isEmpty() && m.particles().isEmpty()) return;
        out.append("<g id=\"lattice\">\n");
        out.append("<g class=\"lattice-lines\" stroke=\"").append(Look.LATTICE).append("\" stroke-width=\"1\">\n");
        for (Figure.LatticeLine l : m.lattice()) {
            out.append("<line x1=\"").append(n(l.a().x())).append("\" y1=\"").append(n(l.a().y())).append("\" x2=\"")
                    .append(n(l.b().x())).append("\" y2=\"").append(n(l.b().y())).append("\"/>\n");
        }
        out.append("</g>\n<g class=\"lattice-points\" fill=\"").append(Look.LATTICE_POINT).append("\">\n");
        for (Point p : m.latticePoints()) {
            out.append("<circle cx=\"").append(n(p.x())).append("\" cy=\"").append(n(p.y())).append("\" r=\"")
                    .append(n(m.latticePointRadius())).append("\"/>\n");
        }
        out.append("</g>\n</g>\n");
        out.append("<g id=\"particles\">\n");
        for (Figure.ParticleBody b : m.particles()) body(b);
        out.append("</g>\n");
    }

    private void body(Figure.ParticleBody b) {
        out.append("<g class=\"particle ").append(b.expanded() ? "expanded" : "contracted").append("\" data-node=\"")
                .append(b.node()).append("\">");
        if (!b.expanded()) {
            out.append("<circle cx=\"").append(n(b.tail().x())).append("\" cy=\"").append(n(b.tail().y())).append("\" r=\"")
                    .append(n(b.radius() + 0.75)).append("\" fill=\"").append(Look.PARTICLE).append("\" stroke=\"")
                    .append(Look.PARTICLE_OUTLINE).append("\" stroke-width=\"1.5\"/>");
        } else {
            capsule(b.tail(), b.head(), 2 * b.radius() + 3, Look.PARTICLE_OUTLINE);
            capsule(b.tail(), b.head(), 2 * b.radius(), Look.PARTICLE);
            out.append("<circle class=\"head-disc\" cx=\"").append(n(b.head().x())).append("\" cy=\"").append(n(b.head().y()))
                    .append("\" r=\"").append(n(b.radius())).append("\" fill=\"").append(Look.PARTICLE_HEAD).append("\"/>");
            out.append("<circle class=\"head\" cx=\"").append(n(b.head().x())).append("\" cy=\"").append(n(b.head().y()))
                    .append("\" r=\"").append(n(Look.HEAD_DOT)).append("\" fill=\"").append(Look.PARTICLE_OUTLINE).append("\"/>");
        }
        out.append("</g>\n");
    }

    private void capsule(Point a, Point b, double width, String colour) {
        out.append("<line x1=\"").append(n(a.x())).append("\" y1=\"").append(n(a.y())).append("\" x2=\"").append(n(b.x()))
                .append("\" y2=\"").append(n(b.y())).append("\" stroke=\"").append(colour).append("\" stroke-width=\"")
                .append(n(width)).append("\" stroke-linecap=\"round\"/>");
    }

    /** Over the hulls: the interaction bands, then the collisions. */
    void overHulls() {
        if (!m.bands().isEmpty()) {
            out.append("<g id=\"interactions\" stroke=\"").append(Look.INTERACTION).append("\" stroke-opacity=\"")
                    .append(n(FigureApplication.BAND_OPACITY)).append("\" stroke-dasharray=\"8 4\">\n");
            for (Figure.InteractionBand b : m.bands()) {
                out.append("<line class=\"interaction\" data-u=\"").append(b.u()).append("\" data-v=\"").append(b.v())
                        .append("\" x1=\"").append(n(b.a().x())).append("\" y1=\"").append(n(b.a().y())).append("\" x2=\"")
                        .append(n(b.b().x())).append("\" y2=\"").append(n(b.b().y())).append("\" stroke-width=\"")
                        .append(n(b.width())).append("\"/>\n");
            }
            out.append("</g>\n");
        }
        if (!m.collisions().isEmpty()) {
            out.append("<g id=\"collisions\">\n");
            for (Figure.CellCollision c : m.collisions()) {
                out.append("<g class=\"collision\" data-q=\"").append(c.q()).append("\" data-r=\"").append(c.r()).append("\">");
                out.append("<circle cx=\"").append(n(c.at().x())).append("\" cy=\"").append(n(c.at().y())).append("\" r=\"")
                        .append(n(c.radius())).append("\" fill=\"").append(Look.ALERT).append("\" fill-opacity=\"0.28\"/>");
                out.append("<circle cx=\"").append(n(c.at().x())).append("\" cy=\"").append(n(c.at().y())).append("\" r=\"")
                        .append(n(c.radius() + 5)).append("\" fill=\"none\" stroke=\"").append(Look.ALERT)
                        .append("\" stroke-width=\"3\" stroke-dasharray=\"6 4\"/>");
                out.append("</g>\n");
            }
            out.append("</g>\n");
        }
    }

    /** Over the nodes: each state's letter and the protocol's badge. */
    void overNodes() {
        if (m.letters().isEmpty() && m.badges().isEmpty()) return;
        out.append("<g id=\"application\">\n");
        for (Figure.StateLetter l : m.letters()) {
            out.append("<text class=\"state\" data-node=\"").append(l.node()).append("\" x=\"").append(n(l.at().x()))
                    .append("\" y=\"").append(n(l.at().y() + TextWidth.BASELINE_BELOW_CENTRE * l.size() + 0.5)).append("\" font-size=\"")
                    .append(n(l.size())).append("\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"").append(l.colour())
                    .append("\">").append(Xml.escape(l.text())).append("</text>\n");
        }
        for (Figure.StateBadge b : m.badges()) {
            out.append("<circle class=\"state-badge\" data-node=\"").append(b.node()).append("\" data-value=\"")
                    .append(Xml.escape(b.value())).append("\" cx=\"").append(n(b.at().x())).append("\" cy=\"").append(n(b.at().y()))
                    .append("\" r=\"").append(n(b.radius())).append("\" fill=\"").append(b.colour()).append("\" stroke=\"")
                    .append(Look.INK).append("\" stroke-width=\"1.2\"/>\n");
        }
        out.append("</g>\n");
    }

    /** A legend swatch of an application's kind; false for the other kinds. */
    boolean swatch(Figure.LegendItem item) {
        double x = item.at().x();
        double y = item.at().y();
        switch (item.kind()) {
            case STATE_BADGE -> out.append("<circle cx=\"").append(n(x)).append("\" cy=\"").append(n(y)).append("\" r=\"")
                    .append(n(FigureApplication.BADGE_RADIUS)).append("\" fill=\"").append(item.colour()).append("\" stroke=\"")
                    .append(Look.INK).append("\" stroke-width=\"1.2\"/>");
            case INTERACTION -> out.append("<line x1=\"").append(n(x - 13)).append("\" y1=\"").append(n(y)).append("\" x2=\"")
                    .append(n(x + 13)).append("\" y2=\"").append(n(y)).append("\" stroke=\"").append(Look.INTERACTION)
                    .append("\" stroke-opacity=\"").append(n(FigureApplication.BAND_OPACITY))
                    .append("\" stroke-width=\"5\" stroke-dasharray=\"7 3\"/>");
            case LATTICE -> {
                out.append("<path d=\"M").append(n(x - 11)).append(' ').append(n(y + 6)).append("H").append(n(x + 11)).append("L")
                        .append(n(x)).append(' ').append(n(y - 6)).append("Z\" fill=\"none\" stroke=\"").append(Look.LATTICE)
                        .append("\" stroke-width=\"1\"/>");
                for (double[] p : new double[][] {{x - 11, y + 6}, {x + 11, y + 6}, {x, y - 6}}) {
                    out.append("<circle cx=\"").append(n(p[0])).append("\" cy=\"").append(n(p[1])).append("\" r=\"1.8\" fill=\"")
                            .append(Look.LATTICE_POINT).append("\"/>");
                }
            }
            case CONTRACTED -> body(new Figure.ParticleBody(-1, item.at(), item.at(), 7, false));
            case EXPANDED -> body(new Figure.ParticleBody(-1, new Point(x - 8, y), new Point(x + 8, y), 6, true));
            case COLLISION -> {
                out.append("<circle cx=\"").append(n(x)).append("\" cy=\"").append(n(y)).append("\" r=\"5\" fill=\"")
                        .append(Look.ALERT).append("\" fill-opacity=\"0.28\"/>");
                out.append("<circle cx=\"").append(n(x)).append("\" cy=\"").append(n(y)).append("\" r=\"7.5\" fill=\"none\" stroke=\"")
                        .append(Look.ALERT).append("\" stroke-width=\"2.4\" stroke-dasharray=\"4 2.5\"/>");
            }
            default -> {
                return false;
            }
        }
        return true;
    }
}
