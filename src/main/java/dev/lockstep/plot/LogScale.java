package dev.lockstep.plot;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.Tick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.chart.ui.RectangleEdge;

/**
 * A base-10 logarithmic axis with ticks at 1, 2, ..., 9 times powers of ten, labelled as plain
 * numbers. JFreeChart's {@link LogarithmicAxis} labels only some of those ticks, which over a
 * short range (measures rarely span decades) leaves one label or none: then every tick in range
 * gets its label. A horizontal axis given the data's x values (when there are a few) marks
 * exactly those, as a sweep's grid usually doubles or decuples. ({@code LogAxis} instead spaces its ticks evenly in the exponent: 44.668,
 * 50.119, ...)
 */
final class LogScale extends LogarithmicAxis {
    private static final long serialVersionUID = 1L;
    /** The few values to mark along a horizontal axis (a sweep's x values: K = 2, 4, 8, 16), or empty for the default ticks. */
    private final List<Double> at;

    LogScale(String label, List<Double> at) {
        super(label);
        this.at = List.copyOf(at);
        setStrictValuesFlag(true);
        setExpTickLabelsFlag(false);
        setLog10TickLabelsFlag(false);
    }

    @Override
    @SuppressWarnings("rawtypes")
    protected List refreshTicksHorizontal(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        if (!at.isEmpty()) {
            List<Object> ticks = new ArrayList<>();
            for (double v : at) ticks.add(new NumberTick(TickType.MAJOR, v, gridLabel(v), TextAnchor.TOP_CENTER, TextAnchor.CENTER, 0.0));
            return ticks;
        }
        return labelled(super.refreshTicksHorizontal(g2, dataArea, edge), dataArea, edge);
    }

    /**
     * A grid value as the spec gives it: the axis's own label for a whole number, the plain decimal
     * otherwise (its tick unit would round an interaction probability of 0.005 to "0").
     */
    private String gridLabel(double v) {
        return v == Math.rint(v) ? makeTickLabel(v) : java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    @Override
    @SuppressWarnings("rawtypes")
    protected List refreshTicksVertical(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        return labelled(super.refreshTicksVertical(g2, dataArea, edge), dataArea, edge);
    }

    /**
     * The ticks with labels that fit: all in range labelled when fewer than three are, then
     * thinned so no two labels overlap, powers of ten kept first (a power of ten also comes twice,
     * as 9 × 10^k and 1 × 10^(k+1), which would print it bold).
     */
    private List<Object> labelled(List<?> ticks, Rectangle2D area, RectangleEdge edge) {
        int shown = 0;
        for (Object t : ticks) {
            if (t instanceof NumberTick n && getRange().contains(n.getValue()) && !n.getText().isEmpty()) shown++;
        }
        boolean all = shown < 3;
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < ticks.size(); i++) if (ticks.get(i) instanceof NumberTick) order.add(i);
        order.sort(java.util.Comparator.comparing((Integer i) -> !powerOfTen(((NumberTick) ticks.get(i)).getValue())));
        boolean vertical = RectangleEdge.isLeftOrRight(edge);
        List<double[]> kept = new ArrayList<>(); // position, half extent
        List<Object> out = new ArrayList<>(ticks);
        for (int i : order) {
            NumberTick n = (NumberTick) ticks.get(i);
            String label = n.getText().isEmpty() && all ? makeTickLabel(n.getValue()) : n.getText();
            double at = valueToJava2D(n.getValue(), area, edge);
            double half = vertical ? 9 : label.length() * 4 + 5;
            boolean fits = !label.isEmpty() && getRange().contains(n.getValue());
            for (double[] k : kept) fits &= Math.abs(k[0] - at) >= k[1] + half;
            if (fits) kept.add(new double[] {at, half});
            String text = fits ? label : "";
            if (!text.equals(n.getText())) out.set(i, new NumberTick(n.getTickType(), n.getValue(), text, n.getTextAnchor(), n.getRotationAnchor(), n.getAngle()));
        }
        return out;
    }

    private static boolean powerOfTen(double v) {
        double e = Math.log10(v);
        return Math.abs(e - Math.rint(e)) < 1e-9;
    }
}
