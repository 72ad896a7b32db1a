package dev.lockstep.app;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;

/** The space-time diagram's own legend strip: what each mark means (colours as in the graph view). */
final class SpaceTimeKey {
    private SpaceTimeKey() {}

    static HBox key() {
        HBox box = new HBox(14,
                keyItem("execution (fill = state after it)", g -> {
                    g.setFill(Color.web("#F0E442"));
                    g.fillOval(3, 2, 10, 10);
                    g.setStroke(Color.web("#24313d"));
                    g.strokeOval(3, 2, 10, 10);
                }),
                keyItem("message", g -> arrowGlyph(g, SpaceTimePainter.SENT, false)),
                keyItem("in transit", g -> arrowGlyph(g, SpaceTimePainter.TRANSIT, true)),
                keyItem("lost", g -> {
                    g.setStroke(SpaceTimePainter.LOST);
                    g.setLineWidth(1.8);
                    g.strokeLine(0, 11, 11, 4);
                    g.setLineWidth(2);
                    g.strokeLine(9, 1, 15, 7);
                    g.strokeLine(9, 7, 15, 1);
                }),
                keyItem("link", g -> {
                    g.setStroke(SpaceTimePainter.LINK);
                    g.setLineWidth(1.5);
                    g.strokeLine(8, 1, 8, 13);
                }),
                keyItem("cut", g -> {
                    g.setStroke(SpaceTimePainter.CUT);
                    g.setLineWidth(1.5);
                    g.setLineDashes(3, 2);
                    g.strokeLine(8, 1, 8, 13);
                    g.setLineDashes(null);
                }),
                keyItem("Lock/Unlock call", g -> {
                    g.setStroke(Color.web("#005a8c"));
                    g.setLineWidth(1.5);
                    g.strokeLine(8, 2, 8, 8);
                    g.setStroke(Color.web("#d3d9de"));
                    g.strokeLine(0, 11, 16, 11);
                }),
                application(),
                keyItem("violation", g -> {
                    g.setFill(SpaceTimePainter.LOST);
                    g.fillPolygon(new double[] {3, 13, 8}, new double[] {2, 2, 11}, 3);
                }),
                keyItem("now", g -> {
                    g.setStroke(SpaceTimePainter.FOCUS);
                    g.setLineWidth(2);
                    g.strokeLine(8, 0, 8, 14);
                }));
        box.setId("space-time-key");
        box.getStyleClass().add("space-time-key");
        box.setAlignment(Pos.CENTER_LEFT);
        box.setPadding(new Insets(3, 8, 3, 8));
        return box;
    }

    /** The application steps' entry: shown only for a run with an application ({@link #showApplication}). */
    private static Label application() {
        Label l = keyItem("application step (◇ partner)", g -> {
            g.setStroke(SpaceTimePainter.APPLICATION);
            g.setFill(SpaceTimePainter.APPLICATION);
            g.fillPolygon(new double[] {8, 12, 8, 4}, new double[] {3, 7, 11, 7}, 4);
        });
        l.setId("space-time-key-application");
        l.setVisible(false);
        l.setManaged(false);
        return l;
    }

    /** Shows the application steps' entry when the run has an application. */
    static void showApplication(HBox key, boolean on) {
        for (javafx.scene.Node n : key.getChildren()) {
            if ("space-time-key-application".equals(n.getId())) {
                n.setVisible(on);
                n.setManaged(on);
            }
        }
    }

    private static void arrowGlyph(GraphicsContext g, Color c, boolean dashed) {
        g.setStroke(c);
        g.setFill(c);
        g.setLineWidth(1.3);
        if (dashed) g.setLineDashes(3, 2);
        g.strokeLine(0, 7, 12, 7);
        g.setLineDashes(null);
        if (!dashed) g.fillPolygon(new double[] {16, 10, 10}, new double[] {7, 4, 10}, 3);
    }

    private static Label keyItem(String text, java.util.function.Consumer<GraphicsContext> glyph) {
        Canvas c = new Canvas(16, 14);
        glyph.accept(c.getGraphicsContext2D());
        Label l = new Label(text, c);
        l.getStyleClass().add("space-time-key-item");
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

}
