package dev.lockstep.app.graph;

import dev.lockstep.figure.Look;
import java.util.List;
import javafx.scene.paint.Color;

/**
 * The colours of the visual language as JavaFX colours. The values live in {@link Look}, which the
 * SVG and TikZ figures read too, so the screen and the figures cannot drift apart.
 */
final class Palette {
    private Palette() {}

    static final String[] FILL = Look.FILL.toArray(String[]::new);
    static final String[] RING = Look.RING.toArray(String[]::new);
    static final String[] HOLDER = Look.HOLDER.toArray(String[]::new);

    static final Color EDGE = Color.web(Look.EDGE);
    static final Color EDGE_LECTURE = Color.web(Look.EDGE_LECTURE);
    static final Color INK = Color.web(Look.INK);
    static final Color PAPER = Color.web(Look.PAPER);
    /** Violations and refusals: vermillion, always together with a shape cue (dashes, a badge). */
    static final Color ALERT = Color.web(Look.ALERT);
    static final Color ALERT_GLOW = Color.web(Look.ALERT_GLOW);

    static Color fill(List<String> values, String value) {
        return Color.web(Look.fill(values, value));
    }

    static int ringIndex(List<String> values, String value) {
        return Look.ringIndex(values, value);
    }

    static Color ring(int index) {
        return Color.web(Look.ring(index));
    }

    static Color holder(int node) {
        return Color.web(Look.holder(node));
    }

    static String hex(Color c) {
        return String.format("#%02X%02X%02X", Math.round(c.getRed() * 255), Math.round(c.getGreen() * 255),
                Math.round(c.getBlue() * 255));
    }
}
