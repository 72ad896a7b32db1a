package dev.lockstep.plot;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.Tick;
import org.jfree.chart.ui.RectangleEdge;

/**
 * A base-10 logarithmic axis with ticks at 1, 2, ..., 9 times powers of ten, labelled as plain
 * numbers. JFreeChart's {@link LogarithmicAxis} labels only some of those ticks, which over a
 * short range (measures rarely span decades) leaves one label or none: then every tick in range
 * gets its label. ({@code LogAxis} instead spaces its ticks evenly in the exponent: 44.668,
 * 50.119, ...)
 */
final class LogScale extends LogarithmicAxis {
    private static final long serialVersionUID = 1L;

    LogScale(String label) {
        super(label);
        setStrictValuesFlag(true);
        setExpTickLabelsFlag(false);
        setLog10TickLabelsFlag(false);
    }

    @Override
    @SuppressWarnings("rawtypes")
    protected List refreshTicksHorizontal(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        return labelled(super.refreshTicksHorizontal(g2, dataArea, edge));
    }

    @Override
    @SuppressWarnings("rawtypes")
    protected List refreshTicksVertical(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        return labelled(super.refreshTicksVertical(g2, dataArea, edge));
    }

    private List<Object> labelled(List<?> ticks) {
        int shown = 0;
        for (Object t : ticks) {
            if (t instanceof NumberTick n && getRange().contains(n.getValue()) && !n.getText().isEmpty()) shown++;
        }
        List<Object> out = new ArrayList<>(ticks);
        if (shown >= 3) return out;
        // a power of ten can come twice (9 × 10^k and 1 × 10^(k+1)): one label, or it prints bold
        java.util.Set<String> labels = new java.util.HashSet<>();
        for (Object t : out) {
            if (t instanceof Tick k && !k.getText().isEmpty()) labels.add(k.getText());
        }
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i) instanceof NumberTick n && ((Tick) n).getText().isEmpty()) {
                String label = makeTickLabel(n.getValue());
                if (labels.add(label)) out.set(i, new NumberTick(n.getTickType(), n.getValue(), label, n.getTextAnchor(), n.getRotationAnchor(), n.getAngle()));
            }
        }
        return out;
    }
}
