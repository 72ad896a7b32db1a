package dev.lockstep.plot;

import java.util.Map;

/**
 * What to plot from a sweep's results.
 *
 * @param x the axis along the horizontal axis (numeric values)
 * @param y the measure plotted (its mean, with the 95 % confidence interval as error bars)
 * @param series the axis whose values become the lines, or null for one line
 * @param where axis values every plotted point must have ({@code --where K=4}), in the given order
 * @param stat {@code mean} (error bars: its 95 % confidence interval), or over each point's runs
 *     {@code median}, {@code min}, {@code max}, {@code pNN} (no error bars)
 * @param title the chart's title, or null for none
 * @param xLabel the x axis's label, or null for the axis's name; {@code yLabel} likewise, the measure's name
 */
public record PlotSpec(String x, String y, String stat, String series, Map<String, String> where, String title, String xLabel, String yLabel,
        boolean logX, boolean logY) {
    public PlotSpec {
        where = Map.copyOf(where);
        if (stat == null) stat = "mean";
    }
}
