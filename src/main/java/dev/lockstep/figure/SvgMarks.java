package dev.lockstep.figure;

import dev.lockstep.figure.Figure.Point;
import java.util.List;

/**
 * The SVG of a figure's generic marks ({@link FigureMarks}), for {@code SvgWriter}: regions behind
 * the graph, arrowheads on the edges, node marks, message badges and their legend swatches. Each
 * group is written only when it has something, so a figure without marks is what it always was.
 * Elements carry classes ({@code region}, {@code edge-arrow}, {@code token-badge}, {@code leader},
 * {@code queue}, {@code mark-label}, {@code crashed}) and the indices they stand for.
 */
final class SvgMarks {
    private final StringBuilder out;

    SvgMarks(StringBuilder out) {
        this.out = out;
    }

    private static String n(double x) {
        return Decimals.of(x);
    }

    /** As {@code SvgWriter.centred}: the baseline that centres text of this size on y, as the window does. */
    private static double centred(double y, double size) {
        return y + TextWidth.BASELINE_BELOW_CENTRE * size + 0.5;
    }

    void regions(List<Figure.Region> regions) {
        if (regions.isEmpty()) return;
        out.append("<g id=\"regions\">\n");
        for (int i = 0; i < regions.size(); i++) {
            Figure.Region r = regions.get(i);
            out.append("<g class=\"region\" data-name=\"").append(Xml.escape(r.name())).append("\" data-kind=\"")
                    .append(r.area() ? "area" : "nodes").append("\"><path d=\"");
            for (int k = 0; k < r.outline().size(); k++) {
                Point p = r.outline().get(k);
                out.append(k == 0 ? 'M' : 'L').append(n(p.x())).append(' ').append(n(p.y()));
            }
            out.append("Z\" fill=\"").append(r.colour()).append("\" fill-opacity=\"")
                    .append(n(r.area() ? Look.AREA_OPACITY : Look.AREA_OPACITY * 1.6)).append("\" stroke=\"").append(r.colour())
                    .append("\" stroke-opacity=\"").append(n(Look.AREA_OUTLINE_OPACITY))
                    .append("\" stroke-width=\"1.5\" stroke-dasharray=\"8 5\"/>");
            double baseline = r.area() ? r.nameAt().y() + FigureSizes.NAME_FONT : r.nameAt().y() - 2;
            text(r.name(), r.nameAt().x(), baseline, FigureSizes.NAME_FONT, true, r.colour(), r.area() ? "start" : "middle");
            out.append("</g>\n");
        }
        out.append("</g>\n");
    }

    void arrows(List<Figure.EdgeArrow> arrows) {
        if (arrows.isEmpty()) return;
        out.append("<g id=\"edge-arrows\" fill=\"").append(Look.EDGE_LECTURE).append("\">\n");
        for (Figure.EdgeArrow a : arrows) {
            out.append("<path class=\"edge-arrow\" data-from=\"").append(a.from()).append("\" data-to=\"").append(a.to())
                    .append("\" d=\"");
            triangle(a.tip(), a.dx(), a.dy(), a.length(), a.half());
            out.append("\"/>\n");
        }
        out.append("</g>\n");
    }

    void nodes(List<Figure.NodeMark> marks) {
        if (marks.isEmpty()) return;
        out.append("<g id=\"node-marks\">\n");
        for (Figure.NodeMark m : marks) {
            if (m.crashed()) crashed(m.node(), m.at(), m.radius());
            if (m.labelAt() != null) {
                double h = LabelPlacement.MARK_H;
                out.append("<g class=\"mark-label\" data-node=\"").append(m.node()).append("\"><rect x=\"")
                        .append(n(m.labelAt().x() - m.labelWidth() / 2)).append("\" y=\"").append(n(m.labelAt().y() - h / 2))
                        .append("\" width=\"").append(n(m.labelWidth())).append("\" height=\"").append(n(h))
                        .append("\" rx=\"2\" fill=\"").append(Look.PAPER).append("\" fill-opacity=\"0.85\"/>");
                text(m.label(), m.labelAt().x(), centred(m.labelAt().y(), FigureMarks.LABEL_FONT),
                        FigureMarks.LABEL_FONT, false, Look.INK, "middle");
                out.append("</g>\n");
            }
            if (m.queueAt() != null) {
                double h = LabelPlacement.MARK_H;
                out.append("<g class=\"queue\" data-node=\"").append(m.node()).append("\" data-length=\"").append(m.queue())
                        .append("\"><rect x=\"").append(n(m.queueAt().x() - m.queueWidth() / 2)).append("\" y=\"")
                        .append(n(m.queueAt().y() - h / 2)).append("\" width=\"").append(n(m.queueWidth()))
                        .append("\" height=\"").append(n(h)).append("\" rx=\"2\" fill=\"").append(Look.PAPER)
                        .append("\" stroke=\"").append(Look.INK).append("\" stroke-width=\"1\"/>");
                text(Integer.toString(m.queue()), m.queueAt().x(), centred(m.queueAt().y(), FigureMarks.COUNT_FONT),
                        FigureMarks.COUNT_FONT, true, Look.INK, "middle");
                out.append("</g>\n");
            }
            if (m.leader()) leader(m.node(), m.leaderAt(), LabelPlacement.LEADER_HALF);
            if (m.tokens() > 0) badge("node", m.node(), m.badge(), m.tokens());
        }
        out.append("</g>\n");
    }

    /** A token badge on a node or a message ({@code owner}: "node" or "message"). */
    void badge(String owner, long index, Point at, int count) {
        out.append("<g class=\"token-badge\" data-").append(owner).append("=\"").append(index).append("\" data-tokens=\"")
                .append(count).append("\"><circle cx=\"").append(n(at.x())).append("\" cy=\"").append(n(at.y())).append("\" r=\"")
                .append(n(LabelPlacement.BADGE_RADIUS)).append("\" fill=\"").append(Look.TOKEN).append("\" stroke=\"")
                .append(Look.INK).append("\" stroke-width=\"1.3\"/>");
        if (count > 1) {
            text(Integer.toString(count), at.x(), centred(at.y(), FigureMarks.COUNT_FONT), FigureMarks.COUNT_FONT, true,
                    Look.INK, "middle");
        }
        out.append("</g>");
    }

    private void leader(int node, Point at, double half) {
        out.append("<path class=\"leader\" data-node=\"").append(node).append("\" d=\"");
        double x = at.x();
        double y = at.y();
        double[] xs = {x - half, x - half, x - half / 2, x, x + half / 2, x + half, x + half};
        double[] ys = {y + half * 0.6, y - half * 0.6, y, y - half * 0.8, y, y - half * 0.6, y + half * 0.6};
        for (int i = 0; i < xs.length; i++) out.append(i == 0 ? 'M' : 'L').append(n(xs[i])).append(' ').append(n(ys[i]));
        out.append("Z\" fill=\"").append(Look.INK).append("\" stroke=\"").append(Look.PAPER)
                .append("\" stroke-width=\"2.5\" paint-order=\"stroke\" stroke-linejoin=\"round\"/>\n");
    }

    private void crashed(int node, Point at, double r) {
        double d = r * 0.62;
        out.append("<g class=\"crashed\" data-node=\"").append(node).append("\"><circle cx=\"").append(n(at.x()))
                .append("\" cy=\"").append(n(at.y())).append("\" r=\"").append(n(r))
                .append("\" fill=\"#D9D9D9\" fill-opacity=\"0.75\"/><path d=\"M").append(n(at.x() - d)).append(' ')
                .append(n(at.y() - d)).append('L').append(n(at.x() + d)).append(' ').append(n(at.y() + d)).append('M')
                .append(n(at.x() - d)).append(' ').append(n(at.y() + d)).append('L').append(n(at.x() + d)).append(' ')
                .append(n(at.y() - d)).append("\" stroke=\"").append(Look.INK).append("\" stroke-width=\"2.4\" stroke-linecap=\"round\"/></g>\n");
    }

    /** The legend swatch of a mark entry, centred at the item's point. */
    void swatch(Figure.LegendItem item) {
        double x = item.at().x();
        double y = item.at().y();
        switch (item.kind()) {
            case BADGE -> badge("legend", 0, item.at(), 1);
            case LEADER -> leader(-1, item.at(), LabelPlacement.LEADER_HALF);
            case QUEUE -> {
                out.append("<rect x=\"").append(n(x - 6.5)).append("\" y=\"").append(n(y - 5.5)).append("\" width=\"13\" height=\"11\" rx=\"2\" fill=\"")
                        .append(Look.PAPER).append("\" stroke=\"").append(Look.INK).append("\" stroke-width=\"1\"/>");
                text("3", x, centred(y, FigureMarks.COUNT_FONT), FigureMarks.COUNT_FONT, true, Look.INK, "middle");
            }
            case LABEL -> text("h", x, centred(y, FigureMarks.LABEL_FONT), FigureMarks.LABEL_FONT, false, Look.INK, "middle");
            case ARROW -> {
                out.append("<line x1=\"").append(n(x - 12)).append("\" y1=\"").append(n(y)).append("\" x2=\"").append(n(x + 12))
                        .append("\" y2=\"").append(n(y)).append("\" stroke=\"").append(Look.EDGE).append("\" stroke-width=\"1.5\"/>");
                out.append("<path d=\"");
                triangle(new Point(x + 5, y), 1, 0, FigureMarks.ARROW_LEN, FigureMarks.ARROW_HALF);
                out.append("\" fill=\"").append(Look.EDGE_LECTURE).append("\"/>");
            }
            case AREA, REGION -> out.append("<rect x=\"").append(n(x - 11)).append("\" y=\"").append(n(y - 7))
                    .append("\" width=\"22\" height=\"14\" rx=\"").append(item.kind() == Figure.LegendKind.REGION ? "6" : "0")
                    .append("\" fill=\"").append(item.colour()).append("\" fill-opacity=\"0.18\" stroke=\"").append(item.colour())
                    .append("\" stroke-opacity=\"").append(n(Look.AREA_OUTLINE_OPACITY)).append("\" stroke-dasharray=\"5 3\"/>");
            case CRASHED -> {
                out.append("<circle cx=\"").append(n(x)).append("\" cy=\"").append(n(y)).append("\" r=\"6\" fill=\"")
                        .append(Look.FILL.get(0)).append("\" stroke=\"").append(Look.ring(0)).append("\"/>");
                crashed(-1, item.at(), 6);
            }
            default -> { }
        }
    }

    private void triangle(Point tip, double dx, double dy, double len, double half) {
        double bx = tip.x() - dx * len;
        double by = tip.y() - dy * len;
        out.append('M').append(n(tip.x())).append(' ').append(n(tip.y())).append('L').append(n(bx - dy * half)).append(' ')
                .append(n(by + dx * half)).append('L').append(n(bx + dy * half)).append(' ').append(n(by - dx * half)).append('Z');
    }

    private void text(String s, double x, double baseline, double size, boolean bold, String fill, String anchor) {
        out.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(baseline)).append("\" font-size=\"").append(n(size))
                .append('"');
        if (bold) out.append(" font-weight=\"bold\"");
        if (!"start".equals(anchor)) out.append(" text-anchor=\"").append(anchor).append('"');
        out.append(" fill=\"").append(fill).append("\">").append(Xml.escape(s)).append("</text>");
    }
}
