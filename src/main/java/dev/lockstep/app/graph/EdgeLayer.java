package dev.lockstep.app.graph;

import dev.lockstep.figure.Look;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.shape.StrokeLineCap;

/**
 * A large graph's edges on a canvas of their own under the view, stroked again only when they
 * change on screen (edges added or cut, nodes moved, pan, zoom, resize, lecture mode). JavaFX
 * keeps a canvas's pixels between frames, so while messages and colours animate, the renderer
 * copies the edges instead of rasterising thousands of strokes in every frame.
 */
final class EdgeLayer {
    private final DrawnScene scene;
    private final Canvas canvas = new Canvas();
    private final long[] drawnKey = {-1, -1, -1, -1, -1};

    EdgeLayer(DrawnScene scene) {
        this.scene = scene;
        canvas.setMouseTransparent(true);
        canvas.setManaged(false);
    }

    /** The canvas to put under the view. */
    Canvas canvas() {
        return canvas;
    }

    /** Redraws the edges at the frame's pixel positions if they changed on screen since the last time. */
    void sync(PixelFrame f, long cameraVersion, int w, int h) {
        long[] key = {scene.geometryVersion, cameraVersion, w, h, scene.lecture ? 1 : 0};
        if (java.util.Arrays.equals(key, drawnKey)) return;
        System.arraycopy(key, 0, drawnKey, 0, key.length);
        if (canvas.getWidth() != w) canvas.setWidth(w);
        if (canvas.getHeight() != h) canvas.setHeight(h);
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, w, h);
        g.setLineCap(StrokeLineCap.ROUND);
        if (scene.particles != null) {
            // amoebots: faint, as GraphStream draws a small graph's (Styles)
            g.setStroke(javafx.scene.paint.Color.web(Look.EDGE_FAINT));
            g.setLineWidth(scene.lecture ? 2 : 1);
        } else {
            g.setStroke(scene.lecture ? Palette.EDGE_LECTURE : Palette.EDGE);
            g.setLineWidth(scene.lecture ? 3 : Look.EDGE_WIDTH);
        }
        double[] px = f.px;
        double[] py = f.py;
        g.beginPath();
        for (int[] e : scene.edges) {
            double x0 = px[e[0]];
            double y0 = py[e[0]];
            double x1 = px[e[1]];
            double y1 = py[e[1]];
            // both ends beyond the same side of the view: the edge cannot cross it
            if ((x0 < 0 && x1 < 0) || (y0 < 0 && y1 < 0) || (x0 > w && x1 > w) || (y0 > h && y1 > h)) continue;
            g.moveTo(x0, y0);
            g.lineTo(x1, y1);
        }
        g.stroke();
    }
}
