package dev.lockstep.plot;

import java.math.BigDecimal;
import java.util.List;

/**
 * A {@link PlotData} as a pgfplots {@code tikzpicture}, LaTeX's standard for data plots: one
 * {@code \addplot} per curve with its coordinates and explicit y error bars (the 95 % confidence
 * intervals), and a legend. The colours and markers are those of {@link ChartFigure}, so the
 * SVG, PNG and LaTeX versions of a figure agree. Needs the pgfplots package.
 */
public final class PgfPlot {
    private PgfPlot() {}

    /** The marker of curve {@code i}: the shapes of {@link ChartFigure#shape}, filled for even i. */
    static String mark(int i) {
        boolean filled = i % 2 == 0;
        return switch (i % 5) {
            case 0 -> filled ? "*" : "o";
            case 1 -> filled ? "square*" : "square";
            case 2 -> filled ? "triangle*" : "triangle";
            case 3 -> filled ? "diamond*" : "diamond";
            default -> (filled ? "triangle*" : "triangle") + ", mark options={rotate=180}";
        };
    }

    static String tex(PlotData data) {
        StringBuilder sb = new StringBuilder();
        sb.append("% made by lockstep plot; needs \\usepackage{pgfplots} (and \\pgfplotsset{compat=1.16} or later)\n");
        List<java.awt.Color> colours = ChartFigure.COLOURS;
        for (int i = 0; i < Math.min(data.curves().size(), colours.size()); i++) {
            sb.append(String.format("\\definecolor{lockstep%s}{HTML}{%06X}%n", letter(i), colours.get(i).getRGB() & 0xFFFFFF));
        }
        sb.append("\\begin{tikzpicture}\n\\begin{axis}[\n");
        sb.append("  width=12cm, height=7.5cm, grid=major, grid style={gray!25},\n");
        if (data.title() != null) sb.append("  title={").append(escape(data.title())).append("},\n");
        sb.append("  xlabel={").append(escape(data.xLabel())).append("}, ylabel={").append(escape(data.yLabel())).append("},\n");
        if (data.logX()) {
            // as the SVG and PNG: the grid's x values marked when there are a few
            java.util.TreeSet<Double> xs = new java.util.TreeSet<>();
            for (PlotData.Curve c : data.curves()) for (PlotData.Datum d : c.data()) xs.add(d.x());
            sb.append("  xmode=log, log basis x=10, log ticks with fixed point,\n");
            if (xs.size() <= 12) sb.append("  xtick={").append(String.join(",", xs.stream().map(PgfPlot::number).toList())).append("},\n");
        }
        if (data.logY()) sb.append("  ymode=log, log basis y=10, ymin=").append(number(data.logFloor())).append(",\n");
        sb.append("  legend style={at={(0.5,-0.2)}, anchor=north, legend columns=-1, draw=none, /tikz/every even column/.append style={column sep=1em}},\n");
        sb.append("]\n");
        for (int i = 0; i < data.curves().size(); i++) {
            PlotData.Curve c = data.curves().get(i);
            sb.append("\\addplot+[lockstep").append(letter(i % colours.size())).append(", mark=").append(mark(i))
                    .append(", thick, error bars/.cd, y dir=both, y explicit] coordinates {\n");
            for (PlotData.Datum d : c.data()) {
                double e = Double.isNaN(d.ci95()) ? 0 : d.ci95();
                sb.append("  (").append(number(d.x())).append(", ").append(number(d.y())).append(")");
                if (data.logY() && d.y() - e <= 0) {
                    // no log of 0 or less: the bar runs below ymin (as in the SVG and PNG)
                    sb.append(" += (0, ").append(number(e)).append(") -= (0, ").append(number(d.y() - data.logLower(d))).append(")\n");
                } else {
                    sb.append(" +- (0, ").append(number(e)).append(")\n");
                }
            }
            sb.append("};\n\\addlegendentry{").append(escape(c.name())).append("}\n");
        }
        sb.append("\\end{axis}\n\\end{tikzpicture}\n");
        return sb.toString();
    }

    /** Colour names without digits (TeX control words and xcolor names read digits badly): A, B, ... */
    private static String letter(int i) {
        return String.valueOf((char) ('A' + i));
    }

    /** A plain decimal, no exponent: the shortest that reads back as the same double. */
    static String number(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) return String.valueOf((long) d);
        return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }

    /** Text set in LaTeX as written: its special characters escaped. */
    static String escape(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            switch (c) {
                case '\\' -> sb.append("\\textbackslash{}");
                case '{', '}', '_', '#', '&', '%', '$' -> sb.append('\\').append(c);
                case '^' -> sb.append("\\^{}");
                case '~' -> sb.append("\\~{}");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
