package dev.lockstep.figure;

import static dev.lockstep.figure.TikzUnits.at;
import static dev.lockstep.figure.TikzUnits.bp;
import static dev.lockstep.figure.TikzUnits.font;
import static dev.lockstep.figure.TikzUnits.n;

import dev.lockstep.figure.Figure.Point;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The TikZ of a figure's generic marks ({@link FigureMarks}), for {@code TikzWriter}, drawn as
 * {@code SvgMarks} draws them: regions behind the graph, arrowheads on the edges, node marks,
 * message badges and legend swatches. Nothing is written (not even a colour) for a figure without
 * marks. Coordinates are the figure's pixels, lengths through {@code bp}.
 */
final class TikzMarks {
    private final StringBuilder body;
    /** The colour's name in the document (defined in the preamble by the writer). */
    private final UnaryOperator<String> c;

    TikzMarks(StringBuilder body, UnaryOperator<String> colourName) {
        this.body = body;
        this.c = colourName;
    }

    void regions(List<Figure.Region> regions) {
        for (Figure.Region r : regions) {
            body.append("\\filldraw[fill=").append(c.apply(r.colour())).append(",fill opacity=")
                    .append(n(r.area() ? Look.AREA_OPACITY : Look.AREA_OPACITY * 1.6)).append(",draw=").append(c.apply(r.colour()))
                    .append(",draw opacity=").append(n(Look.AREA_OUTLINE_OPACITY)).append(",line width=").append(bp(1.5))
                    .append(",dash pattern=on ").append(bp(8)).append(" off ").append(bp(5)).append("] ");
            for (Point p : r.outline()) body.append(at(p)).append(" -- ");
            body.append("cycle; % ").append(r.area() ? "area " : "region ").append(Latex.escape(r.name())).append('\n');
            body.append("\\node[anchor=").append(r.area() ? "north west" : "south").append(",text=").append(c.apply(r.colour()))
                    .append(",font=").append(font(FigureSizes.NAME_FONT, true)).append("] at ").append(at(r.nameAt()))
                    .append(" {").append(Latex.escape(r.name())).append("};\n");
        }
    }

    void arrows(List<Figure.EdgeArrow> arrows) {
        for (Figure.EdgeArrow a : arrows) {
            triangle(a.tip(), a.dx(), a.dy(), a.length(), a.half(), Look.EDGE_LECTURE);
            body.setLength(body.length() - 1);
            body.append(" % arrow ").append(a.from()).append(" -> ").append(a.to()).append('\n');
        }
    }

    void nodes(List<Figure.NodeMark> marks) {
        for (Figure.NodeMark m : marks) {
            if (m.crashed()) crashed(m.at(), m.radius());
            if (m.labelAt() != null) {
                body.append("\\node[rectangle,rounded corners=").append(bp(2)).append(",fill=").append(c.apply(Look.PAPER))
                        .append(",fill opacity=0.85,text opacity=1,text=").append(c.apply(Look.INK)).append(",minimum width=")
                        .append(bp(m.labelWidth())).append(",minimum height=").append(bp(LabelPlacement.MARK_H)).append(",font=")
                        .append(font(FigureMarks.LABEL_FONT, false)).append("] at ").append(at(m.labelAt())).append(" {")
                        .append(Latex.escape(m.label())).append("}; % label of ").append(m.node()).append('\n');
            }
            if (m.queueAt() != null) queue(m.queueAt(), m.queueWidth(), m.queue());
            if (m.leader()) leader(m.leaderAt());
            if (m.tokens() > 0) badge(m.badge(), m.tokens());
        }
    }

    void badge(Point at, int count) {
        body.append("\\filldraw[fill=").append(c.apply(Look.TOKEN)).append(",draw=").append(c.apply(Look.INK))
                .append(",line width=").append(bp(1.3)).append("] ").append(at(at)).append(" circle[radius=")
                .append(n(LabelPlacement.BADGE_RADIUS)).append("]; % token badge\n");
        if (count > 1) {
            body.append("\\node[text=").append(c.apply(Look.INK)).append(",font=").append(font(FigureMarks.COUNT_FONT, true))
                    .append("] at ").append(at(at)).append(" {").append(count).append("};\n");
        }
    }

    private void queue(Point at, double w, int count) {
        body.append("\\node[rectangle,rounded corners=").append(bp(2)).append(",draw=").append(c.apply(Look.INK)).append(",fill=")
                .append(c.apply(Look.PAPER)).append(",line width=").append(bp(1)).append(",minimum width=").append(bp(w))
                .append(",minimum height=").append(bp(LabelPlacement.MARK_H)).append(",text=").append(c.apply(Look.INK))
                .append(",font=").append(font(FigureMarks.COUNT_FONT, true)).append("] at ").append(at(at)).append(" {")
                .append(count).append("}; % queue\n");
    }

    private void leader(Point at) {
        double h = LabelPlacement.LEADER_HALF;
        double x = at.x();
        double y = at.y();
        double[] xs = {x - h, x - h, x - h / 2, x, x + h / 2, x + h, x + h};
        double[] ys = {y + h * 0.6, y - h * 0.6, y, y - h * 0.8, y, y - h * 0.6, y + h * 0.6};
        for (String pass : new String[] {"\\draw[" + c.apply(Look.PAPER) + ",line width=" + bp(2.5) + "] ",
            "\\fill[" + c.apply(Look.INK) + "] "}) {
            body.append(pass);
            for (int i = 0; i < xs.length; i++) body.append(at(xs[i], ys[i])).append(" -- ");
            body.append("cycle;\n");
        }
    }

    private void crashed(Point at, double r) {
        double d = r * 0.62;
        body.append("\\fill[").append(c.apply("#D9D9D9")).append(",fill opacity=0.75] ").append(at(at)).append(" circle[radius=")
                .append(n(r)).append("]; % crashed\n");
        body.append("\\draw[").append(c.apply(Look.INK)).append(",line width=").append(bp(2.4)).append("] ")
                .append(at(at.x() - d, at.y() - d)).append(" -- ").append(at(at.x() + d, at.y() + d)).append(' ')
                .append(at(at.x() - d, at.y() + d)).append(" -- ").append(at(at.x() + d, at.y() - d)).append(";\n");
    }

    /** The legend swatch of a mark entry, centred at the item's point. */
    void swatch(Figure.LegendItem item) {
        double x = item.at().x();
        double y = item.at().y();
        switch (item.kind()) {
            case BADGE -> badge(item.at(), 1);
            case LEADER -> leader(item.at());
            case QUEUE -> queue(item.at(), 13, 3);
            case LABEL -> body.append("\\node[text=").append(c.apply(Look.INK)).append(",font=")
                    .append(font(FigureMarks.LABEL_FONT, false)).append("] at ").append(at(item.at())).append(" {h};\n");
            case ARROW -> {
                body.append("\\draw[").append(c.apply(Look.EDGE)).append(",line width=").append(bp(1.5)).append("] ")
                        .append(at(x - 12, y)).append(" -- ").append(at(x + 12, y)).append(";\n");
                triangle(new Point(x + 5, y), 1, 0, FigureMarks.ARROW_LEN, FigureMarks.ARROW_HALF, Look.EDGE_LECTURE);
            }
            case AREA, REGION -> body.append("\\filldraw[fill=").append(c.apply(item.colour())).append(",fill opacity=0.18,draw=")
                    .append(c.apply(item.colour())).append(",draw opacity=").append(n(Look.AREA_OUTLINE_OPACITY))
                    .append(",dash pattern=on ").append(bp(5)).append(" off ").append(bp(3))
                    .append(item.kind() == Figure.LegendKind.REGION ? ",rounded corners=" + bp(6) : "").append("] ")
                    .append(at(x - 11, y - 7)).append(" rectangle ").append(at(x + 11, y + 7)).append(";\n");
            case CRASHED -> {
                body.append("\\filldraw[fill=").append(c.apply(Look.FILL.get(0))).append(",draw=").append(c.apply(Look.ring(0)))
                        .append("] ").append(at(item.at())).append(" circle[radius=6];\n");
                crashed(item.at(), 6);
            }
            default -> { }
        }
    }

    private void triangle(Point tip, double dx, double dy, double len, double half, String fill) {
        double bx = tip.x() - dx * len;
        double by = tip.y() - dy * len;
        body.append("\\fill[").append(c.apply(fill)).append("] ").append(at(tip)).append(" -- ")
                .append(at(bx - dy * half, by + dx * half)).append(" -- ").append(at(bx + dy * half, by - dx * half))
                .append(" -- cycle;\n");
    }
}
