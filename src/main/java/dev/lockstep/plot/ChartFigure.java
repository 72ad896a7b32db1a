package dev.lockstep.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Dimension;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.apache.batik.svggen.SVGCSSStyler;
import org.apache.batik.svggen.SVGGeneratorContext;
import org.apache.batik.svggen.SVGGraphics2D;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CrosshairState;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYItemRendererState;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * A {@link PlotData} as a JFreeChart XY chart: a line per curve through its means, error bars for
 * the 95 % confidence intervals, drawn as SVG (Apache Batik's SVG generator) or PNG. Curves take the Okabe-Ito
 * colours (safe for the common colour-vision deficiencies, as the figures' {@code figure.Look}) and
 * each its own marker shape, so a grey print still tells them apart.
 */
public final class ChartFigure {
    /** Okabe-Ito, darkest first; the yellow, faint on white, comes last. */
    static final List<Color> COLOURS = List.of(new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73), new Color(0xCC79A7),
            new Color(0xE69F00), new Color(0x56B4E9), new Color(0x000000), new Color(0xF0E442));
    /** The id prefix of each data point's group in the SVG: {@code point-S-I}, curve S, point I. */
    public static final String POINT_ID = "point-";
    private static final Font TICKS = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    private static final Font LABELS = new Font(Font.SANS_SERIF, Font.PLAIN, 15);

    static {
        // rotated text (the y label) as text, not as glyph outlines (the workaround is for old
        // JDKs' rotated drawString): an SVG's labels stay text, to search and edit
        org.jfree.chart.text.TextUtils.setUseDrawRotatedStringWorkaround(false);
    }

    private ChartFigure() {}

    /** The chart of {@code data}. */
    static JFreeChart chart(PlotData data) {
        YIntervalSeriesCollection dataset = new YIntervalSeriesCollection();
        for (PlotData.Curve c : data.curves()) {
            YIntervalSeries s = new YIntervalSeries(c.name(), false, true);
            for (PlotData.Datum d : c.data()) {
                double e = Double.isNaN(d.ci95()) ? 0 : d.ci95();
                s.add(d.x(), d.y(), data.logY() ? data.logLower(d) : d.y() - e, d.y() + e);
            }
            dataset.addSeries(s);
        }
        XYPlot plot = new XYPlot(dataset, axis(data.xLabel(), data.logX(), integral(data), xValues(data)), axis(data.yLabel(), data.logY(), false, List.of()), renderer(data.curves().size()));
        if (!data.logY()) {
            // a flat measure (violations: 0 everywhere) would get JFreeChart's 1e-8 span: ±5E-9 ticks
            double low = Double.POSITIVE_INFINITY;
            double high = Double.NEGATIVE_INFINITY;
            for (PlotData.Curve c : data.curves()) {
                for (PlotData.Datum d : c.data()) {
                    double e = Double.isNaN(d.ci95()) ? 0 : d.ci95();
                    low = Math.min(low, d.y() - e);
                    high = Math.max(high, d.y() + e);
                }
            }
            if (high - low < 1e-9 * Math.max(1, Math.abs(high))) {
                double half = high == 0 ? 1 : Math.abs(high) * 0.1;
                plot.getRangeAxis().setRange(high - half, high + half);
            }
        }
        if (data.logY()) {
            double top = 0;
            for (PlotData.Curve c : data.curves()) for (PlotData.Datum d : c.data()) top = Math.max(top, d.y() + (Double.isNaN(d.ci95()) ? 0 : d.ci95()));
            plot.getRangeAxis().setRange(data.logFloor(), top * 1.25);
        }
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xDDDDDD));
        plot.setRangeGridlinePaint(new Color(0xDDDDDD));
        plot.setOutlinePaint(new Color(0x888888));
        plot.setOutlineStroke(new BasicStroke(1f)); // the default 0.5 vanishes in some SVG renderers (crispEdges)
        plot.setAxisOffset(RectangleInsets.ZERO_INSETS);
        JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setPadding(new RectangleInsets(8, 8, 8, 16));
        if (data.title() != null) chart.setTitle(new TextTitle(data.title(), new Font(Font.SANS_SERIF, Font.BOLD, 17)));
        LegendTitle legend = new LegendTitle(plot);
        legend.setItemFont(LABELS);
        legend.setItemLabelPadding(new RectangleInsets(2, 4, 2, 22));
        legend.setPosition(RectangleEdge.BOTTOM);
        legend.setFrame(org.jfree.chart.block.BlockBorder.NONE);
        legend.setBackgroundPaint(Color.WHITE);
        chart.addLegend(legend);
        return chart;
    }

    private static boolean integral(PlotData data) {
        return data.curves().stream().flatMap(c -> c.data().stream()).allMatch(d -> d.x() == Math.rint(d.x()));
    }

    /** The x values when there are at most 12 distinct ones (a log axis marks exactly those), else none. */
    private static List<Double> xValues(PlotData data) {
        java.util.TreeSet<Double> xs = new java.util.TreeSet<>();
        for (PlotData.Curve c : data.curves()) for (PlotData.Datum d : c.data()) xs.add(d.x());
        return xs.size() <= 12 ? List.copyOf(xs) : List.of();
    }

    private static ValueAxis axis(String label, boolean log, boolean integral, List<Double> ticks) {
        ValueAxis a;
        if (log) {
            a = new LogScale(label, ticks);
        } else {
            NumberAxis n = new NumberAxis(label);
            n.setAutoRangeIncludesZero(false);
            if (integral) n.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
            a = n;
        }
        a.setLabelFont(LABELS);
        a.setTickLabelFont(TICKS);
        a.setLowerMargin(0.04);
        a.setUpperMargin(0.04);
        return a;
    }

    private static XYErrorRenderer renderer(int curves) {
        XYErrorRenderer r = new MarkedRenderer();
        r.setDrawXError(false);
        r.setDrawYError(true);
        r.setErrorStroke(new BasicStroke(1.3f));
        r.setCapLength(7);
        r.setDefaultLinesVisible(true);
        r.setDefaultShapesVisible(true);
        r.setDrawSeriesLineAsPath(false);
        for (int i = 0; i < curves; i++) {
            r.setSeriesPaint(i, COLOURS.get(i % COLOURS.size()));
            r.setSeriesStroke(i, new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            r.setSeriesShape(i, shape(i));
            r.setSeriesShapesFilled(i, i % 2 == 0);
        }
        r.setUseFillPaint(true);
        r.setDefaultFillPaint(Color.WHITE);
        for (int i = 0; i < curves; i++) {
            if (i % 2 == 0) r.setSeriesFillPaint(i, COLOURS.get(i % COLOURS.size()));
        }
        r.setDrawOutlines(true);
        r.setUseOutlinePaint(false);
        return r;
    }

    /** Circle, square, triangle up, diamond, triangle down, then again; filled and hollow alternate (pgfplots: the same marks). */
    static Shape shape(int i) {
        double s = 9;
        double h = s / 2;
        return switch (i % 5) {
            case 0 -> new Ellipse2D.Double(-h, -h, s, s);
            case 1 -> new Rectangle2D.Double(-h + 0.5, -h + 0.5, s - 1, s - 1);
            case 2 -> polygon(0, -h - 1, h + 1, h, -h - 1, h);
            case 3 -> polygon(0, -h - 1.5, h + 1.5, 0, 0, h + 1.5, -h - 1.5, 0);
            default -> polygon(0, h + 1, h + 1, -h, -h - 1, -h);
        };
    }

    private static Shape polygon(double... xy) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xy[0], xy[1]);
        for (int i = 2; i < xy.length; i += 2) p.lineTo(xy[i], xy[i + 1]);
        p.closePath();
        return p;
    }

    /**
     * The chart as an SVG document, drawn by Batik's {@code SVGGraphics2D} (Apache-2.0; JFreeSVG is
     * GPL-3.0) into the JDK's DOM. Labels stay {@code <text>} (not glyph outlines), presentation
     * attributes become {@code style}; Batik's ids are counters per document, so the same data gives
     * the same file.
     */
    static String svg(PlotData data, int width, int height) {
        Document doc;
        try {
            doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().getDOMImplementation().createDocument("http://www.w3.org/2000/svg", "svg", null);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK has no DOM", e);
        }
        SVGGeneratorContext context = SVGGeneratorContext.createDefault(doc);
        context.setComment(null);
        SVGGraphics2D g2 = new SVGGraphics2D(context, false);
        g2.setSVGCanvasSize(new Dimension(width, height));
        chart(data).draw(g2, new Rectangle(width, height));
        Element root = g2.getRoot(doc.getDocumentElement());
        root.setAttributeNS(null, "viewBox", "0 0 " + width + " " + height);
        root.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:xlink", "http://www.w3.org/1999/xlink");
        SVGCSSStyler.style(root); // presentation attributes to style="", where JFreeSVG put them and scripts look
        // the JDK's serializer, not Batik's stream: Batik's puts each tag's '>' on the next line
        StringWriter out = new StringWriter();
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        try {
            Transformer t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            t.transform(new DOMSource(doc), new StreamResult(out));
        } catch (TransformerException e) {
            throw new IllegalStateException(e); // a DOM into a StringWriter does not fail
        }
        return out.toString();
    }

    /** The chart as a PNG image. */
    static void png(PlotData data, int width, int height, OutputStream out) throws IOException {
        ChartUtils.writeChartAsPNG(out, chart(data), width, height);
    }

    /**
     * Groups each data point's marker in the SVG ({@code <g id="point-S-I">}), so a reader (or a
     * test) finds the points among the axes' and the legend's shapes; other outputs are unchanged.
     * Batik appends what is drawn to its "top level group": the item is drawn into a fresh one,
     * which then goes, with its id, into the chart's.
     */
    private static final class MarkedRenderer extends XYErrorRenderer {
        @Override
        public void drawItem(Graphics2D g2, XYItemRendererState state, Rectangle2D dataArea, PlotRenderingInfo info, XYPlot plot,
                ValueAxis domainAxis, ValueAxis rangeAxis, XYDataset dataset, int series, int item, CrosshairState crosshairState, int pass) {
            if (!(g2 instanceof SVGGraphics2D svg && isItemPass(pass))) {
                super.drawItem(g2, state, dataArea, info, plot, domainAxis, rangeAxis, dataset, series, item, crosshairState, pass);
                return;
            }
            Element chart = svg.getTopLevelGroup(false); // false: the definitions (clip paths) stay pending for getRoot
            super.drawItem(g2, state, dataArea, info, plot, domainAxis, rangeAxis, dataset, series, item, crosshairState, pass);
            Element point = svg.getTopLevelGroup(false);
            point.setAttributeNS(null, "id", POINT_ID + series + "-" + item);
            chart.appendChild(point);
            svg.setTopLevelGroup(chart);
        }
    }
}
