package dev.lockstep.app.graph;

import dev.lockstep.figure.Detail;
import dev.lockstep.figure.LabelPlacement;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.shape.StrokeLineCap;
import javafx.scene.shape.StrokeLineJoin;
import javafx.scene.text.TextAlignment;
import org.graphstream.ui.graphicGraph.GraphicGraph;

/**
 * Draws what GraphStream does not: under the graph the lock-set hulls and the violation glow; over
 * it the lock pointers, port labels, free-port pips, tokens, selection, refusal badges and the
 * gesture feedback. Everything is drawn in view pixels from the model positions, so sizes do not
 * change with the zoom; when the edges get too short on screen, the labels give way to plain
 * markers (zoom in to read them). The layers over the graph are drawn by {@link LabelPainter},
 * {@link TokenPainter} and {@link MarkPainter}; the marks of token and leader protocols (and their
 * neighbourhoods, under the graph) by {@link NodeMarkPainter}.
 */
final class Painter {
    private final DrawnScene scene;
    private final Camera camera;
    private final HitTest hits;
    private final Fonts fonts = new Fonts();
    private final PixelFrame f = new PixelFrame();
    private final LabelPainter labels;
    private final TokenPainter tokens;
    private final MarkPainter marks;
    private final NodeMarkPainter nodeMarks;
    private final ApplicationPainter application;
    private final LatticePainter lattice;
    private final BulkPainter bulk;
    private final EdgeLayer edgeLayer;
    /** Time spent painting, for the frame statistics (the view resets it). */
    long nanos;

    Painter(DrawnScene scene, Camera camera, HitTest hits) {
        this.scene = scene;
        this.camera = camera;
        this.hits = hits;
        this.labels = new LabelPainter(scene, f, fonts);
        this.nodeMarks = new NodeMarkPainter(scene, camera, f, fonts);
        this.tokens = new TokenPainter(scene, camera, f, fonts, nodeMarks);
        this.marks = new MarkPainter(scene, f, fonts);
        this.application = new ApplicationPainter(scene, f);
        this.lattice = new LatticePainter(scene, camera, f);
        this.bulk = scene.bulk ? new BulkPainter(scene, f) : null;
        this.edgeLayer = scene.bulk ? new EdgeLayer(scene) : null;
    }

    /** A large graph's edges, drawn on a canvas of their own (to put under the view), or null. */
    EdgeLayer edgeLayer() {
        return edgeLayer;
    }

    /** Whether labels (tokens' text, port labels, pips) were drawn at the last frame's zoom. */
    boolean textDetail() {
        return f.textDetail;
    }

    // ------------------------------------------------------------------ under the graph

    void renderBack(GraphicsContext g, GraphicGraph gg, double px2Gu, int w, int h, double minX, double minY,
                    double maxX, double maxY) {
        long t0 = System.nanoTime();
        try {
            back(g, gg, w, h);
        } finally {
            nanos += System.nanoTime() - t0;
        }
    }

    private long cameraVersion = -1;
    private int lastW = -1;
    private int lastH = -1;

    private void back(GraphicsContext g, GraphicGraph gg, int w, int h) {
        // The camera's transform for this frame: GraphStream sets it up only after this layer, so
        // when the camera or the view's size changed, push the view once more to get it; otherwise
        // the transform captured at the end of the last frame is still the right one.
        if (!camera.known() || cameraVersion != camera.version() || w != lastW || h != lastH) {
            camera.push(gg);
            camera.capture();
            camera.pop();
            cameraVersion = camera.version();
            lastW = w;
            lastH = h;
        }
        fonts.sync(scene.lecture);
        int n = scene.n;
        f.ensure(n);
        double[] px = f.px;
        double[] py = f.py;
        for (int u = 0; u < n; u++) {
            px[u] = camera.pxX(scene.curX[u], scene.curY[u]);
            py[u] = camera.pxY(scene.curX[u], scene.curY[u]);
        }
        double s = scene.scale();
        double edgePx = scene.medianEdgeGu * camera.unit();
        f.s = s;
        Detail d = Detail.at(edgePx, s);
        f.portDetail = d.ports();
        f.nameDetail = d.names();
        f.textDetail = d.text();
        f.edgePx = edgePx;
        f.tokenDots = scene.bulk && edgePx < 30 * s;
        f.viewW = w;
        f.viewH = h;

        // a large graph's nodes shrink with its edges (see BulkPainter); every layer follows f.r
        double r = bulk == null ? scene.nodeRadius() : BulkPainter.radius(scene.nodeRadius(), edgePx);
        f.r = r;
        if (edgeLayer != null) {
            // the edges lie on the canvas under this one: let them show through GraphStream's background
            g.clearRect(0, 0, w, h);
            edgeLayer.sync(f, camera.version(), w, h);
        }
        g.save();
        g.setLineCap(StrokeLineCap.ROUND);
        g.setLineJoin(StrokeLineJoin.ROUND);
        if (!scene.areas.isEmpty() || scene.region != null) nodeMarks.drawNeighbourhoods(g);
        lattice.drawGround(g);
        // lock-set hulls: the holder joined to every member by a thick translucent stroke (one
        // path per set, so overlapping parts are not darker)
        for (LockSet ls : scene.lockSets) {
            Color c = Palette.holder(ls.holder());
            Color fill = new Color(c.getRed(), c.getGreen(), c.getBlue(), scene.lecture ? 0.42 : 0.33);
            int hd = ls.holder();
            double width = 2 * (r + 7 * s);
            if (ls.members().length == 1 && ls.members()[0] == hd) {
                g.setFill(fill);
                g.fillOval(px[hd] - width / 2, py[hd] - width / 2, width, width);
                continue;
            }
            g.setStroke(fill);
            g.setLineWidth(width);
            g.beginPath();
            for (int m : ls.members()) {
                g.moveTo(px[hd], py[hd]);
                g.lineTo(px[m] + (m == hd ? 0.01 : 0), py[m]);
            }
            g.stroke();
        }
        application.drawLinks(g);
        lattice.drawCollisions(g);
        // violation glow
        if (!scene.highlighted.isEmpty()) {
            double gr = r + 15 * s;
            g.setFill(new Color(Palette.ALERT_GLOW.getRed(), Palette.ALERT_GLOW.getGreen(), Palette.ALERT_GLOW.getBlue(), 0.35));
            for (int u : scene.highlighted) g.fillOval(px[u] - gr, py[u] - gr, 2 * gr, 2 * gr);
        }
        // edges the cutting stroke would cut
        double[] stroke = scene.stroke;
        if (stroke != null && stroke.length >= 4) {
            g.setStroke(new Color(Palette.ALERT.getRed(), Palette.ALERT.getGreen(), Palette.ALERT.getBlue(), 0.55));
            g.setLineWidth(7 * s);
            for (int[] e : hits.edgesCrossing(stroke)) g.strokeLine(px[e[0]], py[e[0]], px[e[1]], py[e[1]]);
        }
        if (bulk != null) bulk.draw(g);
        g.restore();
    }

    // ------------------------------------------------------------------ over the graph

    void renderFore(GraphicsContext g, GraphicGraph gg, double px2Gu, int w, int h, double minX, double minY,
                    double maxX, double maxY) {
        long t0 = System.nanoTime();
        try {
            fore(g, w, h);
        } finally {
            nanos += System.nanoTime() - t0;
        }
    }

    private void fore(GraphicsContext g, int w, int h) {
        camera.capture();
        double s = scene.scale();
        double r = f.r; // chosen under the graph, this frame
        g.save();
        g.setLineCap(StrokeLineCap.ROUND);
        g.setLineJoin(StrokeLineJoin.ROUND);
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.CENTER);

        f.viewW = w;
        f.viewH = h;
        f.s = s;
        f.placement = new LabelPlacement(f.px, f.py, r, s, 0, 0, f.viewW, f.viewH);
        if (f.nameDetail) labels.layoutNames(); // names, and what is placed around them, only when drawn
        if (f.portDetail) {
            labels.drawPortLabels(g);
            labels.drawPips(g);
        }
        if (!scene.arrows.isEmpty()) nodeMarks.drawArrows(g);
        marks.drawPointers(g);
        if (f.nameDetail) labels.drawNames(g);
        application.draw(g);
        nodeMarks.drawMarks(g);
        tokens.draw(g);
        marks.drawSelection(g);
        marks.drawBadges(g);
        marks.drawGesture(g);
        g.restore();
    }
}
