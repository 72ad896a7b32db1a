package dev.lockstep.app;

import java.util.List;

/**
 * Colours of the visual language (PRODUCT.md): the colour-blind-safe Okabe-Ito palette, assigned
 * to a protocol's fill values (and ring values) in legend order — the same order the graph view
 * uses, so the legend and the drawing agree.
 */
final class Palette {
    private Palette() {}

    static final String[] FILL = {"#BBBBBB", "#F0E442", "#E69F00", "#56B4E9", "#0072B2", "#009E73", "#CC79A7", "#D55E00"};

    /** The colour of {@code value} among {@code values} (grey if unknown). */
    static String color(List<String> values, String value) {
        int i = values.indexOf(value);
        return FILL[Math.max(0, i) % FILL.length];
    }
}
