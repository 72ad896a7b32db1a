package dev.lockstep.app.graph;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.figure.MarkKinds;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;
import javafx.animation.AnimationTimer;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import org.graphstream.graph.Graph;
import org.graphstream.ui.fx_viewer.FxDefaultView;
import org.graphstream.ui.view.camera.DefaultCamera2D;

/**
 * The graph as PRODUCT.md's visual language draws it, on GraphStream's JavaFX viewer: node fill =
 * the protocol's fill value (LME: state), ring = ring value (LME: phase), port labels at both ends
 * of each edge, free ports, lock pointers and lock-set halos, messages in transit as labelled
 * tokens, animated between steps. Read-only over the simulation; gestures go to the listener.
 *
 * <p>GraphStream draws the nodes (fill, ring) and the edges ({@link StreamGraph}); the
 * {@link Painter} draws the rest on the same canvas, under and over the graph, from the
 * {@link DrawnScene}, which {@link SceneReader} fills from the simulation and {@link Animator}
 * moves between steps. The {@link Camera} pans and zooms; {@link Gestures} turns the mouse into
 * listener calls, hit-testing with {@link HitTest} in model coordinates rather than through
 * GraphStream's mouse manager (which moves its own copy of the graph). This class puts them
 * together and repaints on JavaFX pulses, only when something changed.
 *
 * <p>Every method must be called on the JavaFX application thread.
 */
public final class GraphView {
    private final Simulation sim;
    private final DrawnScene scene;
    private final StreamGraph graph;
    private final PulseViewer viewer;
    private final FxDefaultView panel;
    private final StackPane root;
    private final Camera camera;
    private final HitTest hits;
    private final SceneReader reader;
    private final Animator animator;
    private final Painter painter;
    private final Gestures gestures;
    private final Legend legend;
    private final FrameStats frames = new FrameStats();
    private final AnimationTimer timer;
    /** Whether the wall clock is ignored: animations advance only through {@link #showAt(double)}. */
    private boolean clockHeld;

    public GraphView(Simulation sim) {
        System.setProperty("org.graphstream.ui", "javafx");
        this.sim = sim;
        @SuppressWarnings({"unchecked", "rawtypes"})
        Protocol<NodeState> protocol = (Protocol) sim.protocol();
        scene = new DrawnScene(sim.nodeCount(), sim.delta());
        for (int u = 0; u < scene.n; u++) scene.names[u] = sim.nodeName(u);
        boolean particles = ApplicationLook.particles(sim.application()) != null;
        graph = new StreamGraph(protocol, scene.names, !scene.bulk, particles);
        viewer = new PulseViewer(graph.graph());
        viewer.disableAutoLayout();
        panel = viewer.addQuietView();
        camera = new Camera((DefaultCamera2D) panel.getCamera(), () -> scene.dirty = true);
        hits = new HitTest(scene, camera);
        reader = new SceneReader(sim, protocol, scene, graph, camera);
        animator = new Animator(scene, graph);
        painter = new Painter(scene, camera, hits);
        legend = new Legend(protocol, ApplicationLook.states(sim.application()), ApplicationLook.name(sim.application()),
                particles);
        root = new StackPane(panel); // hit-testing needs the view wrapped (GraphStream 2.0)
        if (painter.edgeLayer() != null) {
            // a large graph's edges lie under GraphStream's (then transparent) canvas, on a white ground
            root.getChildren().add(0, painter.edgeLayer().canvas());
            root.setStyle("-fx-background-color: white;");
        }
        gestures = new Gestures(scene, camera, hits, panel, root);
        root.setId("graph-view");
        root.setMinSize(0, 0);
        panel.setMinSize(0, 0);
        panel.setBackLayerRenderer(painter::renderBack);
        panel.setForeLayoutRenderer(painter::renderFore);

        update(false);
        resetCamera();
        timer = new AnimationTimer() {
            @Override
            public void handle(long now) {
                pulse(now);
            }
        };
        root.sceneProperty().addListener((obs, old, s) -> {
            if (s != null && !clockHeld) timer.start();
            else timer.stop();
        });
    }

    /** The JavaFX node to put in a window. */
    public Parent node() {
        return root;
    }

    public void setListener(GraphViewListener l) {
        gestures.setListener(l);
    }

    /** The simulation drawn. */
    public Simulation simulation() {
        return sim;
    }

    // ------------------------------------------------------------------ update and frames

    /** Redraws from the simulation's current configuration, animating the change if asked. */
    public void update(boolean animate) {
        boolean anim = animate && animator.millis() > 0 && camera.known();
        reader.read(anim);
        animator.start(anim);
        scene.dirty = true;
        legend.seen(MarkKinds.of(sim));
    }

    /** The protocol marks (token badge, leader, ...) shown so far: what the legends list. */
    public MarkKinds marksShown() {
        return legend.marks();
    }

    /** Told the marks shown so far whenever they grow (now, too), for a legend outside the view. */
    public void onMarksShown(Consumer<MarkKinds> listener) {
        legend.onMarks(listener);
    }

    private void pulse(long now) {
        boolean force = scene.dirty;
        scene.dirty = false;
        if (animator.advance(now)) force = true;
        if (!scene.badges.isEmpty()) {
            scene.badges.removeIf(b -> now - b.start() > RefusalBadge.NANOS);
            force = true;
        }
        if (gestures.active()) force = true;
        long t0 = System.nanoTime();
        if (viewer.pulse(force)) frames.drawn(now, System.nanoTime() - t0, painter);
    }

    /**
     * Stops following the wall clock for good: no frame timer, no repaint on pulses. The caller
     * then sets the animation's progress with {@link #showAt(double)} and draws with
     * {@link #repaintNow()}, so the same calls always draw the same pictures (the exporter).
     */
    public void holdClock() {
        clockHeld = true;
        timer.stop();
    }

    /**
     * Shows the transition started by the last {@code update(true)} at time {@code t} in [0, 1]
     * of its duration (eased as on screen); at 1 the transition is over, as when its time is up.
     */
    public void showAt(double t) {
        if (!animator.animating()) return;
        animator.showAt(t);
        scene.dirty = true;
    }

    /**
     * Draws the view now, whether or not GraphStream thinks the graph changed (its viewer
     * otherwise repaints on its own schedule). Needs the view laid out in a scene.
     */
    public void repaintNow() {
        scene.dirty = false;
        viewer.pulse(true);
    }

    /** Whether an animation between two steps is running. */
    public boolean animating() {
        return animator.animating();
    }

    /** Frames per second rendered over the last second (for the GUI benchmark). */
    public double framesPerSecond() {
        return frames.perSecond();
    }

    /** Frames drawn since the view was created. */
    public long framesRendered() {
        return frames.count();
    }

    /**
     * Stops drawing for good (the window replaces the view on reset or open): stops the frame
     * timer and closes the GraphStream viewer.
     */
    public void dispose() {
        timer.stop();
        viewer.close();
    }

    /** A picture of the view as it is drawn now. */
    public WritableImage snapshot() {
        viewer.pulse(true);
        return root.snapshot(null, null);
    }

    // ------------------------------------------------------------------ settings

    /** Duration of the animation between two steps, in milliseconds (0: no animation). */
    public void setAnimationMillis(double millis) {
        animator.setMillis(millis);
    }

    public double animationMillis() { return animator.millis(); }

    /** Large fonts, thick lines, high contrast. */
    public void setLectureMode(boolean on) {
        if (on == scene.lecture) return;
        scene.lecture = on;
        graph.setLecture(on);
        legend.setLecture(on);
        scene.dirty = true;
    }

    public boolean lectureMode() { return scene.lecture; }

    public void setTool(Tool tool) {
        scene.tool = tool == null ? Tool.SELECT : tool;
        gestures.cancel();
        scene.dirty = true;
    }

    public Tool tool() { return scene.tool; }

    /** The selected node (-1: none). */
    public void setSelected(int node) {
        scene.selected = node >= 0 && node < scene.n ? node : -1;
        scene.dirty = true;
    }

    public int selected() {
        return scene.selected;
    }

    /** Nodes to draw attention to (e.g. a violation's nodes); empty to clear. */
    public void setHighlighted(Collection<Integer> nodes) {
        scene.highlighted.clear();
        if (nodes != null) for (int u : nodes) if (u >= 0 && u < scene.n) scene.highlighted.add(u);
        scene.dirty = true;
    }

    /** Shows briefly, on the node, why a topology change was refused (e.g. no open port). */
    public void showRefusal(int node, String reason) {
        if (node < 0 || node >= scene.n) return;
        scene.badges.removeIf(b -> b.node() == node);
        scene.badges.add(new RefusalBadge(node, reason == null || reason.isBlank() ? "refused" : reason, System.nanoTime()));
        scene.dirty = true;
    }

    /** The fill colour the view draws for a fill value (legend order {@code values}). */
    public static Color fillColor(List<String> values, String value) {
        return Palette.fill(values, value);
    }

    /** The ring colour the view draws for a ring value (legend order {@code values}). */
    public static Color ringColor(List<String> values, String value) {
        return Palette.ring(Palette.ringIndex(values, value));
    }

    /** The legend of the visual language for this simulation's protocol (one node; place it anywhere). */
    public Node legend() {
        return legend.node();
    }

    // ------------------------------------------------------------------ camera and hit-testing

    /** Zooms by {@code factor} (greater than 1: closer) around the centre of the view. */
    public void zoom(double factor) {
        camera.zoom(factor);
    }

    /** Fits the whole graph in the view again. */
    public void resetCamera() {
        double[] xs = scene.toX;
        double[] ys = scene.toY;
        int n = scene.n;
        if (scene.particles != null) {
            // amoebots: the whole lattice patch around the particles
            double[][] p = scene.particles.framing(xs, ys, n);
            xs = p[0];
            ys = p[1];
            n = xs.length;
        }
        double[][] framed = dev.lockstep.figure.Projection.framed(xs, ys, n, scene.areas);
        camera.fit(framed[0], framed[1], scene.areas.isEmpty() ? n : framed[0].length);
    }

    /** The zoom level: 1 after {@link #resetCamera()}, 2 twice as close. */
    public double zoomLevel() {
        return camera.zoomLevel();
    }

    /** Model coordinates of a point of the view (pixels relative to the view). */
    public Point2D toModel(double px, double py) {
        return camera.toModel(px, py);
    }

    /** Where node u is drawn, in pixels relative to the view ({@link #node()}). */
    public Point2D nodePosition(int u) {
        return new Point2D(camera.pxX(scene.curX[u], scene.curY[u]), camera.pxY(scene.curX[u], scene.curY[u]));
    }

    /** Where node u is drawn, in screen coordinates (e.g. to drive a robot or place a popup). */
    public Point2D nodeScreenPosition(int u) {
        Point2D p = nodePosition(u);
        return panel.localToScreen(p.getX(), p.getY());
    }

    /** Where a point of the model is drawn, in screen coordinates. */
    public Point2D modelToScreen(double x, double y) {
        return panel.localToScreen(camera.pxX(x, y), camera.pxY(x, y));
    }

    /** The node drawn at a point of the view (pixels), or -1. */
    public int nodeAt(double px, double py) {
        return hits.nodeAt(px, py);
    }

    /** The message in transit drawn at a point of the view (pixels), as its envelope id, or -1. */
    public long tokenAt(double px, double py) {
        return hits.tokenAt(px, py);
    }

    /** Where the message with this envelope id is drawn, in screen coordinates, or null. */
    public Point2D tokenScreenPosition(long id) {
        MessageToken t = scene.tokens.get(id);
        if (t == null || Double.isNaN(t.lastX)) return null;
        return panel.localToScreen(t.lastX, t.lastY);
    }

    /** The edge drawn at a point of the view (pixels), as {u, v} with u < v, or null. */
    public int[] edgeAt(double px, double py) {
        return hits.edgeAt(px, py);
    }

    /** Every edge crossed by the polyline of view points (x0, y0, x1, y1, ...), as {u, v} pairs. */
    public List<int[]> edgesCrossing(double[] polyline) {
        return hits.edgesCrossing(polyline);
    }

    // ------------------------------------------------------------------ what is drawn (tests, inspector)

    /** The GraphStream graph the viewer draws (nodes "n<i>", edges "e<u>-<v>" with u < v). */
    Graph graph() {
        return graph.graph();
    }

    /** The scene as drawn now (tests). */
    DrawnScene scene() { return scene; }

    /** The camera (tests pan with it). */
    Camera camera() { return camera; }

    /** The fill colour node u is drawn with now. */
    public Color fillOf(int u) {
        return scene.curFill[u];
    }

    /** Node u's application state the fill shows (Sec. 6), or null when the run has no application. */
    public String applicationStateOf(int u) {
        return scene.appState == null ? null : scene.appState[u];
    }

    /** The partner node u is drawn linked to (its open interaction), or −1. */
    public int interactionPartnerOf(int u) {
        return scene.partner == null ? -1 : scene.partner[u];
    }

    /** With an application, the badge colour of node u's protocol fill value (LME: state); else null. */
    public Color stateBadgeOf(int u) {
        return scene.stateBadge == null ? null : scene.stateBadge[u];
    }

    /**
     * With a particle system (amoebots), node u's cells as drawn: {tail, head} (equal when
     * contracted); null without one.
     */
    public dev.lockstep.application.amoebot.Cell[] drawnCellsOf(int u) {
        ParticleScene ps = scene.particles;
        return ps == null ? null : new dev.lockstep.application.amoebot.Cell[] {ps.tail[u], ps.head[u]};
    }

    /** The cells drawn as collisions (two particles on one cell), row by row; empty without particles. */
    public List<dev.lockstep.application.amoebot.Cell> drawnCollisions() {
        return scene.particles == null ? List.of() : List.copyOf(scene.particles.shared);
    }

    /** The lattice patch drawn ({minX, minY, maxX, maxY} in model units), or null without particles. */
    public double[] drawnLatticeBounds() {
        return scene.particles == null ? null : scene.particles.bounds();
    }

    /** The fill value (LME: state) node u shows (with an application: on the badge). */
    public String fillValueOf(int u) {
        return scene.fillValue[u];
    }

    /** The ring colour node u is drawn with (the first ring value is a thin neutral outline). */
    public Color ringOf(int u) {
        return Palette.ring(scene.ring[u]);
    }

    /** The edges drawn, as {u, v} with u < v. */
    public List<int[]> drawnEdges() {
        List<int[]> out = new ArrayList<>();
        for (int[] e : scene.edges) out.add(e.clone());
        return out;
    }

    /** The oriented edges drawn as arrows, each (from, to); and each node's protocol marks. */
    public List<int[]> drawnArrows() {
        return scene.arrows.stream().map(int[]::clone).toList();
    }

    public List<dev.lockstep.core.NodeMarks> drawnMarks() {
        return List.of(scene.marks);
    }

    /** The port labels drawn: at node's end of the edge to peer, the label port. */
    public List<PortEnd> drawnPortLabels() {
        return List.copyOf(scene.portLabels);
    }

    /** The messages drawn, in channel order; {@code leaving} ones are fading out at their receiver. */
    public List<TokenView> drawnTokens() {
        List<TokenView> out = new ArrayList<>();
        for (MessageToken t : scene.tokens.values()) {
            out.add(new TokenView(t.id, t.from, t.to, t.label, t.leaving, t.lastX, t.lastY));
        }
        return out;
    }

    /** The lock sets drawn as hulls, by holder. */
    public List<LockSet> drawnLockSets() {
        return List.copyOf(scene.lockSets);
    }

    /** The lock pointers drawn: from each locked member to its holder (never from the holder itself). */
    public List<int[]> drawnPointers() {
        List<int[]> out = new ArrayList<>();
        for (LockSet ls : scene.lockSets) for (int v : ls.members()) if (v != ls.holder()) out.add(new int[] {v, ls.holder()});
        return out;
    }

    /** Refusal badges shown now, by node. */
    public List<String> refusalsShown(int node) {
        List<String> out = new ArrayList<>();
        for (RefusalBadge b : scene.badges) if (b.node() == node) out.add(b.text());
        return out;
    }

    /** Whether labels (tokens' text, port labels, pips) are drawn at the current zoom. */
    public boolean detailed() {
        return painter.textDetail();
    }

    /** A message drawn on its edge (or by its node, for a self-message), at view pixel (x, y). */
    public record TokenView(long id, int from, int to, String label, boolean leaving, double x, double y) {}
}
