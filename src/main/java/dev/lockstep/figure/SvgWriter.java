package dev.lockstep.figure;

import dev.lockstep.figure.Figure.Point;

/**
 * A {@link Figure} as an SVG 1.1 document. Every graph element carries a class and the indices it
 * stands for ({@code data-node}, {@code data-u}, ...), so tools and tests can find them; text is
 * positioned with explicit baselines (no {@code dominant-baseline}, which renderers disagree on).
 */
final class SvgWriter {
    static final String FONT = "DejaVu Sans, Verdana, Arial, sans-serif";

    private final StringBuilder out = new StringBuilder(16_384);
    private final Figure f;
    private final SvgMarks marks = new SvgMarks(out);
    private final SvgApplication application;

    private SvgWriter(Figure f) {
        this.f = f;
        this.application = new SvgApplication(out, f.application());
    }

    static String write(Figure f) {
        return new SvgWriter(f).document();
    }

    private static String n(double x) {
        return Decimals.of(x);
    }

    private String document() {
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"").append(n(f.width()))
                .append("\" height=\"").append(n(f.height())).append("\" viewBox=\"0 0 ").append(n(f.width())).append(' ')
                .append(n(f.height())).append("\" font-family=\"").append(FONT).append("\">\n");
        out.append("<title>").append(Xml.escape(f.header().title() + " · " + f.header().detail() + " · "
                + f.header().scenario())).append("</title>\n");
        out.append("<rect width=\"").append(n(f.width())).append("\" height=\"").append(n(f.height()))
                .append("\" fill=\"").append(Look.PAPER).append("\"/>\n");
        header();
        out.append("<g id=\"graph\">\n");
        marks.regions(f.regions());
        application.ground();
        hulls();
        application.overHulls();
        glows();
        edges();
        marks.arrows(f.arrows());
        nodes();
        ports();
        pointers();
        names();
        application.overNodes();
        marks.nodes(f.marks());
        tokens();
        alerts();
        out.append("</g>\n");
        legend();
        caption();
        out.append("</svg>\n");
        return out.toString();
    }

    // ------------------------------------------------------------------ header

    private void header() {
        Figure.Header h = f.header();
        out.append("<g id=\"header\">\n");
        text(h.title(), h.titleX(), h.baselineY(), FigureSizes.TITLE_FONT, "bold", null, Look.INK, "start");
        text(h.detail(), h.detailX(), h.baselineY(), FigureSizes.DETAIL_FONT, null, null, FigureSizes.DIM, "start");
        if (!h.scenario().isEmpty()) {
            text(h.scenario(), h.scenarioX(), h.baselineY(), FigureSizes.DETAIL_FONT, null, "italic", FigureSizes.DIM,
                    "start");
        }
        out.append("<line x1=\"0\" y1=\"").append(n(h.ruleY())).append("\" x2=\"").append(n(f.width())).append("\" y2=\"")
                .append(n(h.ruleY())).append("\" stroke=\"#D0D0D0\" stroke-width=\"1\"/>\n");
        out.append("</g>\n");
    }

    // ------------------------------------------------------------------ graph

    private void hulls() {
        out.append("<g id=\"hulls\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n");
        for (Figure.Hull h : f.hulls()) {
            // one path per set, so where the strokes overlap the hull is not darker
            boolean self = h.members().size() == 1 && h.members().get(0).equals(h.centre());
            if (self) {
                out.append("<circle class=\"hull\" data-holder=\"").append(h.holder()).append("\" cx=\"")
                        .append(n(h.centre().x())).append("\" cy=\"").append(n(h.centre().y())).append("\" r=\"")
                        .append(n(h.width() / 2)).append("\" fill=\"").append(h.colour()).append("\" fill-opacity=\"")
                        .append(n(Look.HULL_OPACITY)).append("\" stroke=\"none\"/>\n");
                continue;
            }
            out.append("<path class=\"hull\" data-holder=\"").append(h.holder()).append("\" d=\"");
            for (Point m : h.members()) {
                out.append('M').append(n(h.centre().x())).append(' ').append(n(h.centre().y())).append('L');
                // a member at the holder itself: a dot (a zero-length segment draws nothing everywhere)
                out.append(n(m.equals(h.centre()) ? m.x() + 0.01 : m.x())).append(' ').append(n(m.y()));
            }
            out.append("\" stroke=\"").append(h.colour()).append("\" stroke-opacity=\"").append(n(Look.HULL_OPACITY))
                    .append("\" stroke-width=\"").append(n(h.width())).append("\"/>\n");
        }
        out.append("</g>\n");
    }

    private void glows() {
        out.append("<g id=\"glows\" fill=\"").append(Look.ALERT_GLOW).append("\" fill-opacity=\"0.35\">\n");
        for (Figure.Glow g : f.glows()) {
            out.append("<circle class=\"glow\" data-node=\"").append(g.node()).append("\" cx=\"").append(n(g.at().x()))
                    .append("\" cy=\"").append(n(g.at().y())).append("\" r=\"").append(n(g.radius())).append("\"/>\n");
        }
        out.append("</g>\n");
    }

    private void edges() {
        // amoebots' dense LME graph is drawn faint, as in the window, so the lattice and the particles read first
        boolean faint = f.application().faintEdges();
        out.append("<g id=\"edges\" stroke=\"").append(faint ? Look.EDGE_FAINT : Look.EDGE).append("\" stroke-width=\"")
                .append(n(faint ? 1 : Look.EDGE_WIDTH))
                .append("\">\n");
        for (Figure.Edge e : f.edges()) {
            out.append("<line class=\"edge\" data-u=\"").append(e.u()).append("\" data-v=\"").append(e.v()).append("\" x1=\"")
                    .append(n(e.a().x())).append("\" y1=\"").append(n(e.a().y())).append("\" x2=\"").append(n(e.b().x()))
                    .append("\" y2=\"").append(n(e.b().y())).append("\"/>\n");
        }
        out.append("</g>\n");
    }

    private void nodes() {
        out.append("<g id=\"nodes\">\n");
        for (Figure.Node v : f.nodes()) {
            out.append("<circle class=\"node\" data-node=\"").append(v.index()).append("\" data-name=\"")
                    .append(Xml.escape(v.name())).append("\" data-fill-value=\"").append(Xml.escape(v.fillValue()))
                    .append("\" data-ring-value=\"").append(Xml.escape(v.ringValue())).append("\" cx=\"")
                    .append(n(v.at().x())).append("\" cy=\"").append(n(v.at().y())).append("\" r=\"").append(n(v.radius()))
                    .append("\" fill=\"").append(v.fill()).append("\" stroke=\"").append(v.ringColour())
                    .append("\" stroke-width=\"").append(n(v.ringWidth())).append("\"><title>")
                    .append(Xml.escape(v.name())).append("</title></circle>\n");
        }
        out.append("</g>\n");
    }

    private void ports() {
        out.append("<g id=\"ports\">\n");
        for (Figure.PortLabel p : f.portLabels()) {
            out.append("<g class=\"port-label\" data-node=\"").append(p.node()).append("\" data-peer=\"").append(p.peer())
                    .append("\" data-port=\"").append(p.port()).append("\">");
            circle(p.at(), p.radius(), Look.PAPER, Look.INK, 1, null);
            text(Integer.toString(p.port()), p.at().x(), centred(p.at().y(), FigureSizes.PORT_FONT), FigureSizes.PORT_FONT,
                    "bold", null, Look.INK, "middle");
            out.append("</g>\n");
        }
        for (Figure.Pip p : f.pips()) {
            out.append("<circle class=\"pip\" data-node=\"").append(p.node()).append("\" data-port=\"").append(p.port())
                    .append("\" cx=\"").append(n(p.at().x())).append("\" cy=\"").append(n(p.at().y())).append("\" r=\"")
                    .append(n(p.radius())).append("\" fill=\"").append(p.used() ? Look.INK : Look.PAPER).append('"');
            if (!p.used()) out.append(" stroke=\"").append(Look.INK).append("\" stroke-width=\"0.9\"");
            out.append("/>\n");
        }
        for (Figure.PortTag t : f.portTags()) {
            out.append("<g class=\"port-tag\" data-node=\"").append(t.node()).append("\">");
            out.append("<rect x=\"").append(n(t.at().x() - t.width() / 2)).append("\" y=\"")
                    .append(n(t.at().y() - t.height() / 2)).append("\" width=\"").append(n(t.width())).append("\" height=\"")
                    .append(n(t.height())).append("\" rx=\"2\" fill=\"").append(t.full() ? Look.INK : Look.PAPER)
                    .append("\" stroke=\"").append(Look.INK).append("\" stroke-width=\"1\"/>");
            text(t.text(), t.at().x(), centred(t.at().y(), FigureSizes.PIP_FONT), FigureSizes.PIP_FONT, "bold", null,
                    t.full() ? Look.PAPER : Look.INK, "middle");
            out.append("</g>\n");
        }
        out.append("</g>\n");
    }

    private void pointers() {
        out.append("<g id=\"pointers\" stroke-linecap=\"round\">\n");
        for (Figure.Pointer p : f.pointers()) {
            double dx = (p.tip().x() - p.base().x()) / p.headLength();
            double dy = (p.tip().y() - p.base().y()) / p.headLength();
            out.append("<g class=\"pointer\" data-from=\"").append(p.from()).append("\" data-holder=\"").append(p.holder())
                    .append("\">");
            // a dark outline under the holder's colour: visible on any background
            line(p.start(), p.base(), Look.INK, 5.5);
            triangle(p.tip(), dx, dy, p.headLength() + 1.5, p.headHalf() + 1.5, Look.INK);
            line(p.start(), p.base(), p.colour(), 3);
            triangle(new Point(p.tip().x() - dx * 1.2, p.tip().y() - dy * 1.2), dx, dy, p.headLength(), p.headHalf(),
                    p.colour());
            out.append("</g>\n");
        }
        out.append("</g>\n");
    }

    private void names() {
        out.append("<g id=\"names\">\n");
        for (Figure.Name m : f.names()) {
            out.append("<g class=\"name\" data-node=\"").append(m.node()).append("\">");
            out.append("<rect x=\"").append(n(m.at().x() - m.width() / 2)).append("\" y=\"")
                    .append(n(m.at().y() - m.height() / 2)).append("\" width=\"").append(n(m.width())).append("\" height=\"")
                    .append(n(m.height())).append("\" rx=\"2.5\" fill=\"").append(Look.PAPER)
                    .append("\" fill-opacity=\"0.85\"/>");
            text(m.text(), m.at().x(), centred(m.at().y(), FigureSizes.NAME_FONT), FigureSizes.NAME_FONT, "bold", null,
                    Look.INK, "middle");
            out.append("</g>\n");
        }
        out.append("</g>\n");
    }

    private void tokens() {
        out.append("<g id=\"messages\">\n");
        for (Figure.Token t : f.tokens()) {
            out.append("<g class=\"message\" data-id=\"").append(t.id()).append("\" data-from=\"").append(t.from())
                    .append("\" data-to=\"").append(t.to()).append("\" data-label=\"").append(Xml.escape(t.label()))
                    .append("\" data-shape=\"").append(t.pill() ? "pill" : "marker").append("\">");
            double x = t.at().x();
            double y = t.at().y();
            if (t.pill()) {
                double w = t.width();
                double h = t.height();
                triangle(new Point(x + t.dx() * (w / 2 + 7), y + t.dy() * (w / 2 + 7)), t.dx(), t.dy(), 7, 4, Look.INK);
                out.append("<g transform=\"translate(").append(n(x)).append(' ').append(n(y)).append(") rotate(")
                        .append(n(t.angle())).append(")\">");
                out.append("<rect x=\"").append(n(-w / 2)).append("\" y=\"").append(n(-h / 2)).append("\" width=\"")
                        .append(n(w)).append("\" height=\"").append(n(h)).append("\" rx=\"").append(n(h / 2))
                        .append("\" fill=\"").append(t.self() ? Look.SELF_MESSAGE : Look.PAPER).append("\" stroke=\"")
                        .append(Look.INK).append("\" stroke-width=\"1\"/>");
                text(t.text(), 0, centred(0, FigureSizes.TOKEN_FONT), FigureSizes.TOKEN_FONT, null, null,
                        Look.INK, "middle");
                out.append("</g>");
            } else if (t.self()) {
                circle(t.at(), 3.5, Look.SELF_MESSAGE, Look.INK, 1.2, null);
            } else {
                double len = 8;
                double half = 4.5;
                double tx = x + t.dx() * len / 2;
                double ty = y + t.dy() * len / 2;
                double bx = tx - t.dx() * len;
                double by = ty - t.dy() * len;
                out.append("<path d=\"M").append(n(tx)).append(' ').append(n(ty)).append('L').append(n(bx - t.dy() * half))
                        .append(' ').append(n(by + t.dx() * half)).append('L').append(n(bx + t.dy() * half)).append(' ')
                        .append(n(by - t.dx() * half)).append("Z\" fill=\"").append(Look.PAPER).append("\" stroke=\"")
                        .append(Look.INK).append("\" stroke-width=\"1.3\" stroke-linejoin=\"round\"/>");
            }
            if (t.carried() > 0) marks.badge("message", t.id(), t.badge(), t.carried());
            out.append("</g>\n");
        }
        out.append("</g>\n");
    }

    private void alerts() {
        out.append("<g id=\"alerts\">\n");
        for (Figure.Alert a : f.alerts()) {
            out.append("<g class=\"").append(a.kind() == Figure.AlertKind.VIOLATION ? "violation" : "refusal")
                    .append("\" data-node=\"").append(a.node()).append("\">");
            if (a.kind() == Figure.AlertKind.VIOLATION) {
                circle(a.at(), a.radius(), "none", Look.ALERT_GLOW, 3, "5 3");
            } else {
                circle(a.at(), a.radius(), "none", Look.ALERT, 3.5, null);
                Figure.Area b = a.badge();
                out.append("<rect x=\"").append(n(b.x())).append("\" y=\"").append(n(b.y())).append("\" width=\"")
                        .append(n(b.width())).append("\" height=\"").append(n(b.height())).append("\" rx=\"3\" fill=\"")
                        .append(Look.PAPER).append("\" stroke=\"").append(Look.ALERT).append("\" stroke-width=\"2\"/>");
                text(a.text(), b.x() + b.width() / 2, centred(b.y() + b.height() / 2, FigureSizes.BADGE_FONT),
                        FigureSizes.BADGE_FONT, "bold", null, Look.INK, "middle");
            }
            out.append("</g>\n");
        }
        out.append("</g>\n");
    }

    // ------------------------------------------------------------------ legend and caption

    private void legend() {
        if (f.legend().isEmpty()) return;
        out.append("<g id=\"legend\">\n");
        for (Figure.LegendItem item : f.legend()) {
            double x = item.at().x();
            double y = item.at().y();
            out.append("<g class=\"legend-item\" data-kind=\"").append(item.kind().name().toLowerCase(java.util.Locale.ROOT))
                    .append("\">");
            switch (item.kind()) {
                case TITLE -> { }
                case FILL -> circle(item.at(), 7, item.colour(), "#333333", 1, null);
                case RING -> circle(item.at(), 7, Look.PAPER, item.colour(), 3.5, null);
                case HULL -> {
                    out.append("<line x1=\"").append(n(x - 9)).append("\" y1=\"").append(n(y)).append("\" x2=\"")
                            .append(n(x + 9)).append("\" y2=\"").append(n(y)).append("\" stroke=\"").append(item.colour())
                            .append("\" stroke-opacity=\"0.4\" stroke-width=\"14\" stroke-linecap=\"round\"/>");
                    circle(new Point(x - 9, y), 4.5, Look.FILL.get(4), Look.ring(0), 1, null);
                    circle(new Point(x + 9, y), 4.5, Look.FILL.get(0), Look.ring(0), 1, null);
                }
                case POINTER -> {
                    Point a = new Point(x - 13, y);
                    Point b = new Point(x + 6, y);
                    out.append("<g stroke-linecap=\"round\">");
                    line(a, b, Look.INK, 5.5);
                    triangle(new Point(x + 15, y), 1, 0, 9.5, 7, Look.INK);
                    line(a, b, item.colour(), 3);
                    triangle(new Point(x + 13.8, y), 1, 0, 8, 5.5, item.colour());
                    out.append("</g>");
                }
                case TOKEN -> {
                    out.append("<rect x=\"").append(n(x - 17)).append("\" y=\"").append(n(y - 6.5))
                            .append("\" width=\"24\" height=\"13\" rx=\"6.5\" fill=\"").append(Look.PAPER)
                            .append("\" stroke=\"").append(Look.INK).append("\" stroke-width=\"1\"/>");
                    text("msg", x - 5, centred(y, 8), 8, null, null, Look.INK, "middle");
                    triangle(new Point(x + 16, y), 1, 0, 7, 4, Look.INK);
                }
                case PORT -> {
                    circle(item.at(), FigureSizes.PORT_RADIUS, Look.PAPER, Look.INK, 1, null);
                    text("1", x, centred(y, FigureSizes.PORT_FONT), FigureSizes.PORT_FONT, "bold", null, Look.INK, "middle");
                }
                case VIOLATION -> {
                    circle(item.at(), 5, Look.FILL.get(0), Look.ring(0), 1, null);
                    circle(item.at(), 7.5, "none", item.colour(), 2.4, "4 2.5");
                }
                case REFUSAL -> {
                    circle(item.at(), 5, Look.FILL.get(0), Look.ring(0), 1, null);
                    circle(item.at(), 7.5, "none", item.colour(), 2.8, null);
                }
                default -> {
                    if (!application.swatch(item)) marks.swatch(item);
                }
            }
            text(item.text(), item.textX(), centred(y, FigureSizes.LEGEND_FONT), FigureSizes.LEGEND_FONT,
                    item.kind() == Figure.LegendKind.TITLE ? "bold" : null, null, Look.INK, "start");
            out.append("</g>\n");
        }
        out.append("</g>\n");
    }

    private void caption() {
        if (f.caption().isEmpty()) return;
        out.append("<g id=\"caption\">\n");
        for (Figure.CaptionLine l : f.caption()) {
            text(l.text(), l.x(), l.baselineY(), FigureSizes.CAPTION_FONT, l.alert() ? "bold" : null, null,
                    l.alert() ? Look.ALERT : Look.INK, "start");
            out.append('\n');
        }
        out.append("</g>\n");
    }

    // ------------------------------------------------------------------ primitives

    /** The baseline that centres text of this size vertically on y, as the window does. */
    static double centred(double y, double size) {
        return y + TextWidth.BASELINE_BELOW_CENTRE * size + 0.5;
    }

    private void text(String s, double x, double baseline, double size, String weight, String style, String fill,
                      String anchor) {
        out.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(baseline)).append("\" font-size=\"")
                .append(n(size)).append('"');
        if (weight != null) out.append(" font-weight=\"").append(weight).append('"');
        if (style != null) out.append(" font-style=\"").append(style).append('"');
        if (!"start".equals(anchor)) out.append(" text-anchor=\"").append(anchor).append('"');
        out.append(" fill=\"").append(fill).append("\">").append(Xml.escape(s)).append("</text>");
    }

    private void circle(Point c, double r, String fill, String stroke, double width, String dashes) {
        out.append("<circle cx=\"").append(n(c.x())).append("\" cy=\"").append(n(c.y())).append("\" r=\"").append(n(r))
                .append("\" fill=\"").append(fill).append("\" stroke=\"").append(stroke).append("\" stroke-width=\"")
                .append(n(width)).append('"');
        if (dashes != null) out.append(" stroke-dasharray=\"").append(dashes).append('"');
        out.append("/>");
    }

    private void line(Point a, Point b, String stroke, double width) {
        out.append("<line x1=\"").append(n(a.x())).append("\" y1=\"").append(n(a.y())).append("\" x2=\"").append(n(b.x()))
                .append("\" y2=\"").append(n(b.y())).append("\" stroke=\"").append(stroke).append("\" stroke-width=\"")
                .append(n(width)).append("\"/>");
    }

    /** A filled triangle with its tip at {@code tip}, pointing along (dx, dy). */
    private void triangle(Point tip, double dx, double dy, double len, double half, String fill) {
        double bx = tip.x() - dx * len;
        double by = tip.y() - dy * len;
        out.append("<path d=\"M").append(n(tip.x())).append(' ').append(n(tip.y())).append('L').append(n(bx - dy * half))
                .append(' ').append(n(by + dx * half)).append('L').append(n(bx + dy * half)).append(' ')
                .append(n(by - dx * half)).append("Z\" fill=\"").append(fill).append("\"/>");
    }
}
