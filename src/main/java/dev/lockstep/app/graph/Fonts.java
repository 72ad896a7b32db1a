package dev.lockstep.app.graph;

import java.util.HashMap;
import java.util.Map;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/** The painter's fonts, at normal or lecture size, and the widths of texts in them (cached: measuring is slow). */
final class Fonts {
    Font token;
    Font port;
    Font badge;
    Font pip;
    Font name;
    /** A node's small label (token protocols: e.g. a height). */
    Font label;
    private boolean lecture;
    private final Map<String, Double> widths = new HashMap<>();
    private final Text measure = new Text();

    Fonts() {
        make(false);
    }

    /** Switches to lecture (or normal) sizes if not there yet. */
    void sync(boolean lecture) {
        if (lecture != this.lecture) make(lecture);
    }

    private void make(boolean lecture) {
        double s = lecture ? 1.5 : 1;
        token = Font.font("SansSerif", lecture ? FontWeight.BOLD : FontWeight.NORMAL, 10 * s);
        port = Font.font("SansSerif", FontWeight.BOLD, 9 * s);
        badge = Font.font("SansSerif", FontWeight.BOLD, 11 * s);
        pip = Font.font("SansSerif", FontWeight.BOLD, 8.5 * s);
        name = Font.font("SansSerif", FontWeight.BOLD, lecture ? 17 : 11);
        label = Font.font("SansSerif", FontWeight.NORMAL, 9.5 * s);
        widths.clear();
        this.lecture = lecture;
    }

    double width(String text, Font font) {
        Double w = widths.get(text + '\u0000' + font.getSize());
        if (w == null) {
            measure.setFont(font);
            measure.setText(text);
            w = measure.getLayoutBounds().getWidth();
            widths.put(text + '\u0000' + font.getSize(), w);
        }
        return w;
    }
}
