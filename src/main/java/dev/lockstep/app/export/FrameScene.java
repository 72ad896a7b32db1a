package dev.lockstep.app.export;

import dev.lockstep.app.graph.GraphView;
import dev.lockstep.app.window.panel.LegendPanel;
import dev.lockstep.figure.MarkKinds;
import dev.lockstep.app.window.panel.Stylesheet;
import dev.lockstep.core.Simulation;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import javafx.geometry.Insets;
import javafx.geometry.Point2D;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * One frame of an exported animation, drawn by the window's own parts in a scene of its own that
 * is never shown: a header (scenario, round, step), the real {@link GraphView} driven frame by
 * frame (its clock held), the legend strip the window shows under the graph, and an optional
 * caption line with the narration of the action(s) shown. Styled with the window's stylesheet,
 * so a frame looks like the screen.
 *
 * <p>Every method must be called on the JavaFX application thread.
 */
final class FrameScene {
    private final GraphView view;
    private final Scene scene;
    private final BorderPane root;
    private final Label title = new Label();
    private final Label round = new Label();
    private final Label caption = new Label();
    private final StackPane graphHolder;
    private final int width;
    private final int height;
    private final WritableImage image;

    /** {@code marks}: protocol marks the legend lists from the start (besides those the view shows). */
    FrameScene(Simulation sim, String scenarioName, int width, int height, boolean showCaption, MarkKinds marks) {
        this.width = width;
        this.height = height;
        view = new GraphView(sim);
        view.holdClock();
        view.setAnimationMillis(1); // any positive duration: the transitions are driven by showAt

        title.setText(scenarioName);
        title.getStyleClass().add("scenario-name");
        title.setMinWidth(0);
        round.getStyleClass().add("round-label");
        round.setId("export-round");
        round.setMinWidth(Region.USE_PREF_SIZE);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox header = new HBox(8, round, gap, title);
        header.setId("toolbar");
        header.setAlignment(Pos.CENTER_LEFT);

        graphHolder = new StackPane(view.node());
        graphHolder.setMinSize(0, 0);
        graphHolder.setStyle("-fx-background-color: white;");
        VBox.setVgrow(graphHolder, Priority.ALWAYS);

        LegendPanel legend = new LegendPanel();
        legend.setProtocol(sim.protocol(), sim.application());
        view.onMarksShown(shown -> legend.setMarks(shown.union(marks)));
        caption.setId("export-caption");
        caption.setWrapText(false);
        caption.setMinHeight(Region.USE_PREF_SIZE);
        caption.setMaxWidth(Double.MAX_VALUE);
        caption.setPadding(new Insets(3, 10, 4, 10));
        caption.setStyle("-fx-background-color: #f3f5f7; -fx-text-fill: #1b2631;");
        caption.setVisible(showCaption);
        caption.setManaged(showCaption);

        VBox bottom = new VBox(legend, caption);
        root = new BorderPane(graphHolder, header, null, bottom, null);
        root.setStyle("-fx-background-color: white;");
        scene = new Scene(root, width, height);
        scene.getStylesheets().add(Stylesheet.url());
        image = new WritableImage(width, height);
        layout();
        view.resetCamera();
    }

    GraphView view() {
        return view;
    }

    private void layout() {
        root.applyCss();
        root.layout();
    }

    /** Draws the frame with these texts and returns its pixels (opaque RGB). */
    BufferedImage render(String roundText, String captionText) {
        round.setText(roundText);
        caption.setText(captionText == null ? "" : captionText);
        layout();
        view.repaintNow();
        scene.snapshot(image);
        BufferedImage out = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        // straight into the image's own ints: setRGB would convert pixel by pixel through the colour model,
        // a third of the JavaFX thread's time per frame
        int[] rgb = ((DataBufferInt) out.getRaster().getDataBuffer()).getData();
        image.getPixelReader().getPixels(0, 0, width, height, PixelFormat.getIntArgbInstance(), rgb, 0, width);
        for (int i = 0; i < rgb.length; i++) rgb[i] &= 0xFFFFFF; // as setRGB stores them in an RGB image: no alpha byte
        return out;
    }

    /** Where node u was drawn in the last frame, in frame pixels. */
    Point2D nodePixel(int u) {
        Point2D inView = view.nodePosition(u);
        return view.node().localToScene(inView);
    }

    void dispose() {
        view.dispose();
    }
}
