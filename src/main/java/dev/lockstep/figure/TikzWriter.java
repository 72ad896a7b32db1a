package dev.lockstep.figure;

import static dev.lockstep.figure.TikzUnits.at;
import static dev.lockstep.figure.TikzUnits.bp;
import static dev.lockstep.figure.TikzUnits.font;
import static dev.lockstep.figure.TikzUnits.n;

import dev.lockstep.figure.Figure.Point;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@link Figure} as a standalone LaTeX document with one tikzpicture. Coordinates are the
 * figure's pixels with the y axis pointing down ({@code x=0.75bp, y=-0.75bp}: 1 px = 0.75 bp, so
 * the picture is as large as the SVG shown at 96 dpi); line widths and font sizes are converted
 * the same way. Colours are defined with {@code \definecolor} from {@link Look}'s palette; text is
 * escaped by {@link Latex}, so the document is pure ASCII and compiles with pdflatex.
 */
final class TikzWriter {
    private final Figure f;
    private final StringBuilder body = new StringBuilder(16_384);
    /** Colour names by #RRGGBB, in order of definition: the palette first, then anything else used. */
    private final Map<String, String> colours = new LinkedHashMap<>();
    private final TikzMarks marks = new TikzMarks(body, this::c);
    private final TikzApplication application;

    private TikzWriter(Figure f) {
        this.f = f;
        this.application = new TikzApplication(body, this::c, f.application());
        for (int i = 0; i < Look.FILL.size(); i++) define(Look.FILL.get(i), "fill" + i);
        for (int i = 0; i < Look.RING.size(); i++) define(Look.RING.get(i), "ring" + i);
        for (int i = 0; i < Look.HOLDER.size(); i++) define(Look.HOLDER.get(i), "holder" + i);
        define(Look.INK, "ink");
        define(Look.PAPER, "paper");
        define(Look.EDGE, "edgegrey");
        define(Look.ALERT, "alert");
        define(Look.ALERT_GLOW, "alertglow");
        define(Look.SELF_MESSAGE, "selfmessage");
        define(FigureSizes.DIM, "dim");
        define("#333333", "swatchline");
        define("#D0D0D0", "rule");
    }

    private void define(String hex, String name) {
        colours.putIfAbsent(hex.toUpperCase(java.util.Locale.ROOT), name);
    }

    /** The colour's name (defined in the preamble). */
    private String c(String hex) {
        String key = hex.toUpperCase(java.util.Locale.ROOT);
        return colours.computeIfAbsent(key, k -> "c" + k.substring(1));
    }

    static String write(Figure f) {
        return new TikzWriter(f).document();
    }

    /**
     * A fixed text box centred where the window centres text (0.346 em above the baseline), so
     * labels with and without descenders sit at the same height, as on the screen.
     */
    private static String box(double px) {
        return ",text height=" + bp(0.75 * px) + ",text depth=" + bp(0.058 * px);
    }

    private String document() {
        picture();
        StringBuilder doc = new StringBuilder(body.length() + 2048);
        doc.append("% ").append(Latex.escape(f.header().title() + " · " + f.header().detail() + " · " + f.header().scenario()))
                .append('\n');
        doc.append("% Drawn by Lockstep. 1 px of the matching SVG = 0.75 bp here (the picture is as large as the SVG at 96 dpi).\n");
        doc.append("\\documentclass[tikz,border=0pt]{standalone}\n");
        doc.append("\\usepackage{fix-cm}\n"); // Computer Modern at any size
        doc.append("\\usepackage{amssymb}\n");
        doc.append("\\renewcommand{\\familydefault}{\\sfdefault}\n");
        for (Map.Entry<String, String> e : colours.entrySet()) {
            doc.append("\\definecolor{").append(e.getValue()).append("}{HTML}{").append(e.getKey().substring(1)).append("}\n");
        }
        doc.append("\\begin{document}\n");
        doc.append(body);
        doc.append("\\end{document}\n");
        return doc.toString();
    }

    private void picture() {
        body.append("\\begin{tikzpicture}[x=").append(TikzUnits.BP).append("bp,y=-").append(TikzUnits.BP)
                .append("bp,line cap=round,line join=round,every node/.style={inner sep=0pt,outer sep=0pt},\n");
        body.append("  graphnode/.style={circle,minimum size=").append(bp(Look.NODE_SIZE)).append("},\n");
        // amoebots' dense LME graph is drawn faint, as in the window
        boolean faint = f.application().faintEdges();
        body.append("  edge/.style={draw=").append(c(faint ? Look.EDGE_FAINT : Look.EDGE)).append(",line width=")
                .append(bp(faint ? 1 : Look.EDGE_WIDTH))
                .append(",line cap=butt},\n");
        body.append("  portlabel/.style={circle,draw=").append(c(Look.INK)).append(",fill=").append(c(Look.PAPER))
                .append(",line width=").append(bp(1)).append(",minimum size=").append(bp(2 * FigureSizes.PORT_RADIUS))
                .append(",text=").append(c(Look.INK)).append(",font=").append(font(FigureSizes.PORT_FONT, true))
                .append(box(FigureSizes.PORT_FONT)).append("},\n");
        body.append("  nametag/.style={rectangle,rounded corners=").append(bp(2.5)).append(",fill=").append(c(Look.PAPER))
                .append(",fill opacity=0.85,text opacity=1,text=").append(c(Look.INK)).append(",minimum height=")
                .append(bp(FigureSizes.NAME_H)).append(",font=").append(font(FigureSizes.NAME_FONT, true))
                .append(box(FigureSizes.NAME_FONT)).append("},\n");
        body.append("  pill/.style={rectangle,rounded corners=").append(bp(FigureSizes.TOKEN_H / 2)).append(",draw=")
                .append(c(Look.INK)).append(",line width=").append(bp(1)).append(",minimum height=")
                .append(bp(FigureSizes.TOKEN_H)).append(",text=").append(c(Look.INK)).append(",font=")
                .append(font(FigureSizes.TOKEN_FONT, false)).append(box(FigureSizes.TOKEN_FONT)).append("}]\n");
        body.append("\\fill[").append(c(Look.PAPER)).append("] (0,0) rectangle ").append(at(f.width(), f.height()))
                .append(";\n");
        header();
        body.append("% graph\n");
        marks.regions(f.regions());
        application.ground();
        hulls();
        application.overHulls();
        for (Figure.Glow g : f.glows()) {
            body.append("\\fill[").append(c(Look.ALERT_GLOW)).append(",fill opacity=0.35] ").append(at(g.at()))
                    .append(" circle[radius=").append(n(g.radius())).append("];\n");
        }
        for (Figure.Edge e : f.edges()) {
            body.append("\\draw[edge] ").append(at(e.a())).append(" -- ").append(at(e.b())).append("; % ")
                    .append(e.u()).append('-').append(e.v()).append('\n');
        }
        marks.arrows(f.arrows());
        for (Figure.Node v : f.nodes()) {
            body.append("\\node[graphnode,fill=").append(c(v.fill())).append(",draw=").append(c(v.ringColour()))
                    .append(",line width=").append(bp(v.ringWidth())).append("] (n").append(v.index()).append(") at ")
                    .append(at(v.at())).append(" {}; % ").append(Latex.escape(v.name())).append(": ")
                    .append(Latex.escape(v.fillValue())).append(", ").append(Latex.escape(v.ringValue())).append('\n');
        }
        ports();
        pointers();
        for (Figure.Name m : f.names()) {
            body.append("\\node[nametag,minimum width=").append(bp(m.width())).append("] at ").append(at(m.at())).append(" {")
                    .append(Latex.escape(m.text())).append("};\n");
        }
        application.overNodes();
        marks.nodes(f.marks());
        tokens();
        alerts();
        legend();
        caption();
        body.append("\\end{tikzpicture}\n");
    }

    private void text(String s, double x, double baseline, double size, boolean bold, boolean italic, String colour) {
        body.append("\\node[anchor=base west,text=").append(c(colour)).append(",font=").append(font(size, bold))
                .append(italic ? "\\slshape" : "").append("] at ").append(at(x, baseline)).append(" {")
                .append(Latex.escape(s)).append("};\n");
    }

    private void header() {
        Figure.Header h = f.header();
        body.append("% header\n");
        text(h.title(), h.titleX(), h.baselineY(), FigureSizes.TITLE_FONT, true, false, Look.INK);
        text(h.detail(), h.detailX(), h.baselineY(), FigureSizes.DETAIL_FONT, false, false, FigureSizes.DIM);
        if (!h.scenario().isEmpty()) {
            // right-aligned: LaTeX's fonts are not as wide as the SVG's
            body.append("\\node[anchor=base east,text=").append(c(FigureSizes.DIM)).append(",font=")
                    .append(font(FigureSizes.DETAIL_FONT, false)).append("\\slshape] at ")
                    .append(at(f.width() - FigureSizes.MARGIN, h.baselineY())).append(" {")
                    .append(Latex.escape(h.scenario())).append("};\n");
        }
        body.append("\\draw[").append(c("#D0D0D0")).append(",line width=").append(bp(1)).append(",line cap=butt] ")
                .append(at(0, h.ruleY())).append(" -- ").append(at(f.width(), h.ruleY())).append(";\n");
    }

    private void hulls() {
        for (Figure.Hull h : f.hulls()) {
            boolean self = h.members().size() == 1 && h.members().get(0).equals(h.centre());
            if (self) {
                body.append("\\fill[").append(c(h.colour())).append(",fill opacity=").append(n(Look.HULL_OPACITY))
                        .append("] ").append(at(h.centre())).append(" circle[radius=").append(n(h.width() / 2))
                        .append("]; % lock set of ").append(h.holder()).append('\n');
                continue;
            }
            // one path per set, so where the strokes overlap the hull is not darker
            body.append("\\draw[").append(c(h.colour())).append(",draw opacity=").append(n(Look.HULL_OPACITY))
                    .append(",line width=").append(bp(h.width())).append("]");
            for (Point m : h.members()) {
                Point to = m.equals(h.centre()) ? new Point(m.x() + 0.01, m.y()) : m;
                body.append(' ').append(at(h.centre())).append(" -- ").append(at(to));
            }
            body.append("; % lock set of ").append(h.holder()).append('\n');
        }
    }

    private void ports() {
        for (Figure.PortLabel p : f.portLabels()) {
            body.append("\\node[portlabel] at ").append(at(p.at())).append(" {").append(p.port()).append("};\n");
        }
        for (Figure.Pip p : f.pips()) {
            if (p.used()) {
                body.append("\\fill[").append(c(Look.INK)).append("] ");
            } else {
                body.append("\\filldraw[fill=").append(c(Look.PAPER)).append(",draw=").append(c(Look.INK))
                        .append(",line width=").append(bp(0.9)).append("] ");
            }
            body.append(at(p.at())).append(" circle[radius=").append(n(p.radius())).append("];\n");
        }
        for (Figure.PortTag t : f.portTags()) {
            body.append("\\node[rectangle,rounded corners=").append(bp(2)).append(",draw=").append(c(Look.INK))
                    .append(",fill=").append(c(t.full() ? Look.INK : Look.PAPER)).append(",text=")
                    .append(c(t.full() ? Look.PAPER : Look.INK)).append(",line width=").append(bp(1))
                    .append(",minimum width=").append(bp(t.width())).append(",minimum height=").append(bp(t.height()))
                    .append(",font=").append(font(FigureSizes.PIP_FONT, true)).append(box(FigureSizes.PIP_FONT)).append("] at ").append(at(t.at())).append(" {")
                    .append(Latex.escape(t.text())).append("};\n");
        }
    }

    private void triangle(Point tip, double dx, double dy, double len, double half, String fill, String draw,
                          double width) {
        double bx = tip.x() - dx * len;
        double by = tip.y() - dy * len;
        if (draw == null) body.append("\\fill[").append(c(fill)).append("] ");
        else body.append("\\filldraw[fill=").append(c(fill)).append(",draw=").append(c(draw)).append(",line width=")
                .append(bp(width)).append("] ");
        body.append(at(tip)).append(" -- ").append(at(bx - dy * half, by + dx * half)).append(" -- ")
                .append(at(bx + dy * half, by - dx * half)).append(" -- cycle;\n");
    }

    private void line(Point a, Point b, String colour, double width) {
        body.append("\\draw[").append(c(colour)).append(",line width=").append(bp(width)).append("] ").append(at(a))
                .append(" -- ").append(at(b)).append(";\n");
    }

    private void pointers() {
        for (Figure.Pointer p : f.pointers()) {
            double dx = (p.tip().x() - p.base().x()) / p.headLength();
            double dy = (p.tip().y() - p.base().y()) / p.headLength();
            body.append("% lock pointer ").append(p.from()).append(" -> ").append(p.holder()).append('\n');
            line(p.start(), p.base(), Look.INK, 5.5);
            triangle(p.tip(), dx, dy, p.headLength() + 1.5, p.headHalf() + 1.5, Look.INK, null, 0);
            line(p.start(), p.base(), p.colour(), 3);
            triangle(new Point(p.tip().x() - dx * 1.2, p.tip().y() - dy * 1.2), dx, dy, p.headLength(), p.headHalf(),
                    p.colour(), null, 0);
        }
    }

    private void tokens() {
        for (Figure.Token t : f.tokens()) {
            body.append("% message ").append(t.from()).append(" -> ").append(t.to()).append('\n');
            if (t.pill()) {
                double w = t.width();
                triangle(new Point(t.at().x() + t.dx() * (w / 2 + 7), t.at().y() + t.dy() * (w / 2 + 7)), t.dx(), t.dy(), 7, 4,
                        Look.INK, null, 0);
                // TikZ turns counterclockwise on the page; the figure's angle is clockwise (y down)
                body.append("\\node[pill,fill=").append(c(t.self() ? Look.SELF_MESSAGE : Look.PAPER)).append(",minimum width=")
                        .append(bp(w)).append(",rotate=").append(n(-t.angle())).append("] at ").append(at(t.at()))
                        .append(" {").append(Latex.escape(t.text())).append("};\n");
            } else if (t.self()) {
                body.append("\\filldraw[fill=").append(c(Look.SELF_MESSAGE)).append(",draw=").append(c(Look.INK))
                        .append(",line width=").append(bp(1.2)).append("] ").append(at(t.at())).append(" circle[radius=3.5];\n");
            } else {
                triangle(new Point(t.at().x() + t.dx() * 4, t.at().y() + t.dy() * 4), t.dx(), t.dy(), 8, 4.5, Look.PAPER,
                        Look.INK, 1.3);
            }
            if (t.carried() > 0) marks.badge(t.badge(), t.carried());
        }
    }

    private void alerts() {
        for (Figure.Alert a : f.alerts()) {
            if (a.kind() == Figure.AlertKind.VIOLATION) {
                body.append("\\draw[").append(c(Look.ALERT_GLOW)).append(",line width=").append(bp(3))
                        .append(",dash pattern=on ").append(bp(5)).append(" off ").append(bp(3)).append("] ")
                        .append(at(a.at())).append(" circle[radius=").append(n(a.radius())).append("]; % violation\n");
                continue;
            }
            body.append("\\draw[").append(c(Look.ALERT)).append(",line width=").append(bp(3.5)).append("] ").append(at(a.at()))
                    .append(" circle[radius=").append(n(a.radius())).append("]; % refused\n");
            Figure.Area b = a.badge();
            body.append("\\node[rectangle,rounded corners=").append(bp(3)).append(",draw=").append(c(Look.ALERT))
                    .append(",fill=").append(c(Look.PAPER)).append(",line width=").append(bp(2)).append(",minimum width=")
                    .append(bp(b.width())).append(",minimum height=").append(bp(b.height())).append(",text=")
                    .append(c(Look.INK)).append(",font=").append(font(FigureSizes.BADGE_FONT, true)).append(box(FigureSizes.BADGE_FONT)).append("] at ")
                    .append(at(b.x() + b.width() / 2, b.y() + b.height() / 2)).append(" {").append(Latex.escape(a.text()))
                    .append("};\n");
        }
    }

    private void circle(Point c0, double r, String fill, String draw, double width, String dash) {
        body.append("\\filldraw[");
        if (fill == null) body.append("fill=none");
        else body.append("fill=").append(c(fill));
        body.append(",draw=").append(c(draw)).append(",line width=").append(bp(width));
        if (dash != null) body.append(",").append(dash);
        body.append("] ").append(at(c0)).append(" circle[radius=").append(n(r)).append("];\n");
    }

    private void legend() {
        if (f.legend().isEmpty()) return;
        body.append("% legend\n");
        for (Figure.LegendItem item : f.legend()) {
            double x = item.at().x();
            double y = item.at().y();
            switch (item.kind()) {
                case TITLE -> { }
                case FILL -> circle(item.at(), 7, item.colour(), "#333333", 1, null);
                case RING -> circle(item.at(), 7, Look.PAPER, item.colour(), 3.5, null);
                case HULL -> {
                    body.append("\\draw[").append(c(item.colour())).append(",draw opacity=0.4,line width=").append(bp(14))
                            .append("] ").append(at(x - 9, y)).append(" -- ").append(at(x + 9, y)).append(";\n");
                    circle(new Point(x - 9, y), 4.5, Look.FILL.get(4), Look.ring(0), 1, null);
                    circle(new Point(x + 9, y), 4.5, Look.FILL.get(0), Look.ring(0), 1, null);
                }
                case POINTER -> {
                    line(new Point(x - 13, y), new Point(x + 6, y), Look.INK, 5.5);
                    triangle(new Point(x + 15, y), 1, 0, 9.5, 7, Look.INK, null, 0);
                    line(new Point(x - 13, y), new Point(x + 6, y), item.colour(), 3);
                    triangle(new Point(x + 13.8, y), 1, 0, 8, 5.5, item.colour(), null, 0);
                }
                case TOKEN -> {
                    body.append("\\node[pill,fill=").append(c(Look.PAPER)).append(",minimum width=").append(bp(24))
                            .append(",minimum height=").append(bp(13)).append(",font=").append(font(8, false)).append(box(8)).append("] at ")
                            .append(at(x - 5, y)).append(" {msg};\n");
                    triangle(new Point(x + 16, y), 1, 0, 7, 4, Look.INK, null, 0);
                }
                case PORT -> body.append("\\node[portlabel] at ").append(at(item.at())).append(" {1};\n");
                case VIOLATION -> {
                    circle(item.at(), 5, Look.FILL.get(0), Look.ring(0), 1, null);
                    body.append("\\draw[").append(c(item.colour())).append(",line width=").append(bp(2.4))
                            .append(",dash pattern=on ").append(bp(4)).append(" off ").append(bp(2.5)).append("] ")
                            .append(at(item.at())).append(" circle[radius=7.5];\n");
                }
                case REFUSAL -> {
                    circle(item.at(), 5, Look.FILL.get(0), Look.ring(0), 1, null);
                    body.append("\\draw[").append(c(item.colour())).append(",line width=").append(bp(2.8)).append("] ")
                            .append(at(item.at())).append(" circle[radius=7.5];\n");
                }
                default -> {
                    if (!application.swatch(item)) marks.swatch(item);
                }
            }
            text(item.text(), item.textX(), SvgWriter.centred(y, FigureSizes.LEGEND_FONT), FigureSizes.LEGEND_FONT,
                    item.kind() == Figure.LegendKind.TITLE, false, Look.INK);
        }
    }

    private void caption() {
        if (f.caption().isEmpty()) return;
        body.append("% caption\n");
        for (Figure.CaptionLine l : f.caption()) {
            text(l.text(), l.x(), l.baselineY(), FigureSizes.CAPTION_FONT, l.alert(), false, l.alert() ? Look.ALERT : Look.INK);
        }
    }
}
