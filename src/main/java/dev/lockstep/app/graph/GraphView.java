package dev.lockstep.app.graph;

import dev.lockstep.figure.Plane;
import dev.lockstep.figure.Projection;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.check.LockSets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.animation.AnimationTimer;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import org.graphstream.graph.Graph;
import org.graphstream.graph.implementations.MultiGraph;
import org.graphstream.ui.fx_viewer.FxDefaultView;
import org.graphstream.ui.geom.Point3;
import org.graphstream.ui.graphicGraph.GraphicGraph;
import org.graphstream.ui.view.camera.DefaultCamera2D;
import org.graphstream.ui.view.util.InteractiveElement;
import org.graphstream.ui.view.util.MouseManager;
import org.graphstream.ui.view.util.ShortcutManager;

/**
 * The graph as PRODUCT.md's visual language draws it, on GraphStream's JavaFX viewer: node fill =
 * the protocol's fill value (LME: state), ring = ring value (LME: phase), port labels at both ends
 * of each edge, free ports, lock pointers and lock-set halos, messages in transit as labelled
 * tokens, animated between steps. Read-only over the simulation; gestures go to the listener.
 *
 * <p>GraphStream draws the nodes (fill, ring, name) and the edges, and owns the camera; this
 * class draws the rest on the same canvas, in two layers: under the graph (lock-set hulls, the
 * violation glow) and over it (lock pointers, port labels, free-port pips, tokens, selection,
 * refusal badges, the rubber band and the cutting stroke). It repaints on JavaFX pulses, only
 * when something changed. Hit-testing and the mouse are handled here, in model coordinates,
 * rather than by GraphStream's mouse manager (which moves its own copy of the graph).
 *
 * <p>Every method must be called on the JavaFX application thread.
 */
public final class GraphView {
    private final Simulation sim;
    private final Protocol<NodeState> protocol;
    private final Graph graph;
    private final PulseViewer viewer;
    private final FxDefaultView panel;
    private final DefaultCamera2D camera;
    private final StackPane root;
    private final Painter painter;
    private final Gestures gestures;
    private final Legend legend;
    GraphViewListener listener = new GraphViewListener() {};

    // ---- per node, indexed by node: what is shown (cur), and the animation's ends (from -> to)
    final int n;
    final int delta;
    final double[] fromX;
    final double[] fromY;
    final double[] toX;
    final double[] toY;
    final double[] curX;
    final double[] curY;
    final Color[] fromFill;
    final Color[] toFill;
    final Color[] curFill;
    final int[] ring;
    final String[] fillValue;
    final long[] ports;
    /** peers[u * (Δ + 1) + p]: the node on u's port p, or -1. */
    final int[] peers;
    final String[] names;
    /** Where each node's name goes (index into the painter's sides; 0: under the node). */
    final int[] nameSide;

    // ---- the drawn model
    /** Edges as (u, v) with u < v, in node order. */
    final List<int[]> edges = new ArrayList<>();
    final List<PortLabel> portLabels = new ArrayList<>();
    /** Messages shown, by envelope id, in channel order; leaving ones until their animation ends. */
    final LinkedHashMap<Long, Token> tokens = new LinkedHashMap<>();
    final List<LockSet> lockSets = new ArrayList<>();
    double medianEdgeGu = 1;

    // ---- decorations
    int selected = -1;
    final Set<Integer> highlighted = new HashSet<>();
    final List<Badge> badges = new ArrayList<>();
    boolean lecture;
    Tool tool = Tool.SELECT;

    // ---- animation and frames
    private double animationMillis = 350;
    private boolean animating;
    private long animStart = -1;
    private double animDuration;
    /** Eased progress of the current animation in [0, 1] (1 when idle). */
    double progress = 1;
    boolean dirty = true;
    private final long[] frameTimes = new long[512];
    private int frameCount;
    private final AnimationTimer timer;
    private long renderNanos;
    private static final boolean DEBUG = Boolean.getBoolean("lockstep.debugFrames");

    // ---- camera: graph units <-> canvas pixels, refreshed at each frame
    /** px = m00*x + m01*y + m02, py = m10*x + m11*y + m12. */
    double m00 = 1;
    double m01;
    double m02;
    double m10;
    double m11 = -1;
    double m12;
    boolean transformKnown;
    private double viewPercent = 1;
    private double centerX;
    private double centerY;

    public GraphView(Simulation sim) {
        System.setProperty("org.graphstream.ui", "javafx");
        this.sim = sim;
        @SuppressWarnings({"unchecked", "rawtypes"})
        Protocol<NodeState> p = (Protocol) sim.protocol();
        this.protocol = p;
        this.n = sim.nodeCount();
        this.delta = sim.delta();
        fromX = new double[n];
        fromY = new double[n];
        toX = new double[n];
        toY = new double[n];
        curX = new double[n];
        curY = new double[n];
        fromFill = new Color[n];
        toFill = new Color[n];
        curFill = new Color[n];
        ring = new int[n];
        Arrays.fill(ring, -1);
        fillValue = new String[n];
        ports = new long[n];
        peers = new int[n * (delta + 1)];
        names = new String[n];
        nameSide = new int[n];
        for (int u = 0; u < n; u++) names[u] = sim.nodeName(u);

        graph = new MultiGraph("lockstep");
        graph.setAttribute("ui.stylesheet", Styles.stylesheet(protocol, false));
        graph.setAttribute("ui.antialias");
        graph.setAttribute("ui.quality");
        for (int u = 0; u < n; u++) {
            var node = graph.addNode(nodeId(u));
            node.setAttribute("ui.label", names[u]);
        }
        viewer = new PulseViewer(graph);
        viewer.disableAutoLayout();
        panel = (FxDefaultView) viewer.addDefaultView(false);
        panel.setMouseManager(new NoMouse());
        panel.setShortcutManager(new NoKeys());
        camera = (DefaultCamera2D) panel.getCamera();
        painter = new Painter(this);
        gestures = new Gestures(this, panel);
        legend = new Legend(protocol);
        root = new StackPane(panel); // hit-testing needs the view wrapped (GraphStream 2.0)
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
        root.sceneProperty().addListener((obs, old, scene) -> {
            if (scene != null && !clockHeld) timer.start();
            else timer.stop();
        });
    }

    static String nodeId(int u) {
        return "n" + u;
    }

    static String edgeId(int u, int v) {
        return "e" + Math.min(u, v) + "-" + Math.max(u, v);
    }

    /** The JavaFX node to put in a window. */
    public Parent node() {
        return root;
    }

    public void setListener(GraphViewListener l) {
        listener = l == null ? new GraphViewListener() {} : l;
    }

    /** The simulation drawn. */
    public Simulation simulation() {
        return sim;
    }

    // ------------------------------------------------------------------ update

    /** Redraws from the simulation's current configuration, animating the change if asked. */
    public void update(boolean animate) {
        boolean anim = animate && animationMillis > 0 && transformKnown;
        // Where everything is now (mid-animation values included) is where the animation starts.
        for (int u = 0; u < n; u++) {
            fromX[u] = curX[u];
            fromY[u] = curY[u];
            fromFill[u] = curFill[u];
        }
        for (Token t : tokens.values()) t.captureStart(this);
        tokens.values().removeIf(t -> t.leaving);

        // nodes
        for (int u = 0; u < n; u++) {
            toX[u] = sim.graph().x(u);
            toY[u] = sim.graph().y(u);
            NodeState s = sim.state(u);
            String fv = protocol.presentation().fill(s);
            fillValue[u] = fv;
            toFill[u] = Palette.fill(protocol.presentation().fillValues(), fv);
            String rv = protocol.presentation().ring(s);
            int r = Palette.ringIndex(protocol.presentation().ringValues(), rv);
            if (r != ring[u]) {
                ring[u] = r;
                graph.getNode(nodeId(u)).setAttribute("ui.class", "r" + r);
            }
            ports[u] = sim.ports(u);
            for (int p = 0; p <= delta; p++) peers[u * (delta + 1) + p] = sim.peer(u, p);
            if (fromFill[u] == null) {
                fromX[u] = toX[u];
                fromY[u] = toY[u];
                fromFill[u] = toFill[u];
            }
        }

        // edges and port labels
        edges.clear();
        portLabels.clear();
        Set<String> present = new HashSet<>();
        double[] lengths = new double[Math.max(1, sim.graph().edgeCount())];
        int le = 0;
        for (int u = 0; u < n; u++) {
            for (long s = ports[u] & ~1L; s != 0; s &= s - 1) {
                int p = Long.numberOfTrailingZeros(s);
                int v = sim.peer(u, p);
                portLabels.add(new PortLabel(u, v, p));
                if (u < v) {
                    edges.add(new int[] {u, v});
                    String id = edgeId(u, v);
                    present.add(id);
                    if (graph.getEdge(id) == null) graph.addEdge(id, nodeId(u), nodeId(v));
                    if (le < lengths.length) lengths[le++] = Math.hypot(toX[u] - toX[v], toY[u] - toY[v]);
                }
            }
        }
        List<String> gone = new ArrayList<>();
        graph.edges().forEach(e -> {
            if (!present.contains(e.getId())) gone.add(e.getId());
        });
        for (String id : gone) graph.removeEdge(id);
        if (le > 0) {
            Arrays.sort(lengths, 0, le);
            medianEdgeGu = Math.max(1e-9, lengths[le / 2]);
        }

        // messages in transit
        Map<Long, Token> before = new HashMap<>(tokens);
        tokens.clear();
        Map<Long, int[]> channelCount = new HashMap<>();
        List<Token> fresh = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            for (int i = 0, c = sim.channels().size(v); i < c; i++) {
                Envelope e = sim.channels().get(v, i);
                Token t = before.remove(e.id());
                // after a jump to another branch the same id can name another message
                if (t != null && (t.from != e.from() || t.to != e.to() || t.fromPort != e.fromPort()
                        || !t.label.equals(e.message().label()))) {
                    t = null;
                }
                if (t == null) {
                    t = new Token(e.id(), e.from(), e.fromPort(), e.to(), e.toPort(), e.message().label());
                    t.startKind = Token.AT_SENDER;
                }
                long key = (long) e.from() * n + e.to();
                int[] count = channelCount.computeIfAbsent(key, k -> new int[1]);
                t.slot = count[0]++;
                t.leaving = false;
                tokens.put(e.id(), t);
                fresh.add(t);
            }
        }
        for (Token t : fresh) t.count = channelCount.get((long) t.from * n + t.to)[0];
        for (Token t : before.values()) {
            // received (or lost with a cut edge): glides into the receiver and fades out
            t.leaving = true;
            if (anim) tokens.put(t.id, t);
        }

        nameSidesStale = true;
        layoutVersion++;

        // lock sets
        lockSets.clear();
        for (int h = 0; h < n; h++) {
            int[] members = LockSets.of(protocol, sim, h);
            if (members.length > 0) lockSets.add(new LockSet(h, members));
        }

        if (anim) {
            animating = true;
            animStart = -1;
            animDuration = animationMillis;
            progress = 0;
            apply(0);
        } else {
            animating = false;
            progress = 1;
            for (Token t : tokens.values()) t.startKind = Token.AT_SLOT_STILL;
            apply(1);
        }
        dirty = true;
    }

    /** Sets the shown state at eased progress e of the animation. */
    private void apply(double e) {
        boolean moved = false;
        for (int u = 0; u < n; u++) {
            double x = fromX[u] + (toX[u] - fromX[u]) * e;
            double y = fromY[u] + (toY[u] - fromY[u]) * e;
            Color c = e >= 1 ? toFill[u] : fromFill[u].interpolate(toFill[u], e);
            var node = graph.getNode(nodeId(u));
            if (x != curX[u] || y != curY[u] || !node.hasAttribute("xyz")) {
                curX[u] = x;
                curY[u] = y;
                node.setAttribute("xyz", x, y, 0);
                moved = true;
            }
            if (!c.equals(curFill[u])) {
                curFill[u] = c;
                node.setAttribute("ui.color", c);
            }
        }
        progress = e;
        if (moved || nameSidesStale) {
            Painter.chooseNameSides(this);
            nameSidesStale = false;
            layoutVersion++;
        }
    }

    private boolean nameSidesStale = true;

    private void pulse(long now) {
        boolean force = dirty;
        dirty = false;
        if (animating) {
            if (animStart < 0) animStart = now;
            double t = (now - animStart) / 1e6 / animDuration;
            if (t >= 1) {
                animating = false;
                tokens.values().removeIf(tok -> tok.leaving);
                for (Token tok : tokens.values()) tok.startKind = Token.AT_SLOT_STILL;
                apply(1);
            } else {
                apply(ease(t));
            }
            force = true;
        }
        if (!badges.isEmpty()) {
            badges.removeIf(b -> now - b.start() > Badge.NANOS);
            force = true;
        }
        if (gestures.active()) force = true;
        long t0 = System.nanoTime();
        if (viewer.pulse(force)) {
            frameTimes[frameCount++ % frameTimes.length] = now;
            renderNanos += System.nanoTime() - t0;
            if (DEBUG && frameCount % 100 == 0) {
                System.err.printf("frames %d: %.2f ms per frame drawing on the FX thread; painter %.2f ms%n", frameCount,
                        renderNanos / 1e6 / 100, painter.nanos / 1e6 / 100);
                renderNanos = 0;
                painter.nanos = 0;
            }
        }
    }

    // ------------------------------------------------------------------ driven frame by frame (export)

    /** Whether the wall clock is ignored: animations advance only through {@link #showAt(double)}. */
    private boolean clockHeld;

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
        if (!animating) return;
        if (t >= 1) {
            animating = false;
            tokens.values().removeIf(tok -> tok.leaving);
            for (Token tok : tokens.values()) tok.startKind = Token.AT_SLOT_STILL;
            apply(1);
        } else {
            apply(ease(Math.max(0, t)));
        }
        dirty = true;
    }

    /**
     * Draws the view now, whether or not GraphStream thinks the graph changed (its viewer
     * otherwise repaints on its own schedule). Needs the view laid out in a scene.
     */
    public void repaintNow() {
        dirty = false;
        viewer.pulse(true);
    }

    static double ease(double t) {
        return t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2;
    }

    /** Whether an animation between two steps is running. */
    public boolean animating() {
        return animating;
    }

    // ------------------------------------------------------------------ settings

    /** Duration of the animation between two steps, in milliseconds (0: no animation). */
    public void setAnimationMillis(double millis) {
        animationMillis = Math.max(0, millis);
    }

    public double animationMillis() {
        return animationMillis;
    }

    /** Large fonts, thick lines, high contrast. */
    public void setLectureMode(boolean on) {
        if (on == lecture) return;
        lecture = on;
        graph.setAttribute("ui.stylesheet", Styles.stylesheet(protocol, on));
        legend.setLecture(on);
        dirty = true;
    }

    public boolean lectureMode() {
        return lecture;
    }

    public void setTool(Tool tool) {
        this.tool = tool == null ? Tool.SELECT : tool;
        gestures.cancel();
        dirty = true;
    }

    public Tool tool() {
        return tool;
    }

    /** The selected node (-1: none). */
    public void setSelected(int node) {
        selected = node >= 0 && node < n ? node : -1;
        dirty = true;
    }

    public int selected() {
        return selected;
    }

    /** Nodes to draw attention to (e.g. a violation's nodes); empty to clear. */
    public void setHighlighted(Collection<Integer> nodes) {
        highlighted.clear();
        if (nodes != null) for (int u : nodes) if (u >= 0 && u < n) highlighted.add(u);
        dirty = true;
    }

    /** Shows briefly, on the node, why a topology change was refused (e.g. no open port). */
    public void showRefusal(int node, String reason) {
        if (node < 0 || node >= n) return;
        badges.removeIf(b -> b.node() == node);
        badges.add(new Badge(node, reason == null || reason.isBlank() ? "refused" : reason, System.nanoTime()));
        dirty = true;
    }

    /** Frames per second rendered over the last second (for the GUI benchmark). */
    public double framesPerSecond() {
        long now = System.nanoTime();
        int count = 0;
        int k = Math.min(frameCount, frameTimes.length);
        for (int i = 0; i < k; i++) {
            long t = frameTimes[Math.floorMod(frameCount - 1 - i, frameTimes.length)];
            if (now - t <= 1_000_000_000L) count++;
            else break;
        }
        return count;
    }

    /** Frames drawn since the view was created. */
    public long framesRendered() {
        return frameCount;
    }

    /**
     * Stops drawing for good (the window replaces the view on reset or open): stops the frame
     * timer and closes the GraphStream viewer.
     */
    public void dispose() {
        timer.stop();
        viewer.close();
    }

    /** The fill colour the view draws for a fill value (legend order {@code values}). */
    public static javafx.scene.paint.Color fillColor(java.util.List<String> values, String value) {
        return Palette.fill(values, value);
    }

    /** The ring colour the view draws for a ring value (legend order {@code values}). */
    public static javafx.scene.paint.Color ringColor(java.util.List<String> values, String value) {
        return Palette.ring(Palette.ringIndex(values, value));
    }

    /** The legend of the visual language for this simulation's protocol (one node; place it anywhere). */
    public Node legend() {
        return legend.node();
    }

    // ------------------------------------------------------------------ camera

    /** Zooms by {@code factor} (greater than 1: closer) around the centre of the view. */
    public void zoom(double factor) {
        if (!(factor > 0)) return;
        viewPercent = Math.max(0.02, Math.min(20, viewPercent / factor));
        applyCamera();
    }

    void zoomAt(double factor, double px, double py) {
        if (!(factor > 0) || !transformKnown) return;
        double newPercent = Math.max(0.02, Math.min(20, viewPercent / factor));
        double k = newPercent / viewPercent;
        Point2D g = toModel(px, py);
        centerX = g.getX() + (centerX - g.getX()) * k;
        centerY = g.getY() + (centerY - g.getY()) * k;
        viewPercent = newPercent;
        applyCamera();
    }

    /** Moves the view by (dx, dy) pixels. */
    void panBy(double dx, double dy) {
        if (!transformKnown) return;
        double det = m00 * m11 - m01 * m10;
        double gx = (m11 * dx - m01 * dy) / det;
        double gy = (-m10 * dx + m00 * dy) / det;
        centerX -= gx;
        centerY -= gy;
        applyCamera();
    }

    /** Fits the whole graph in the view again. */
    public void resetCamera() {
        Projection.Bounds b = Projection.bounds(toX, toY, n);
        double minX = b.minX(), minY = b.minY(), maxX = b.maxX(), maxY = b.maxY(), pad = b.pad();
        camera.setAutoFitView(false);
        camera.setGraphViewport(minX - pad, minY - pad, maxX + pad, maxY + pad);
        centerX = (minX + maxX) / 2;
        centerY = (minY + maxY) / 2;
        viewPercent = 1;
        applyCamera();
    }

    /** Bumped whenever what is drawn changes (the painter's token layout depends on it). */
    long layoutVersion;

    /** Bumped at each camera change (the painter then asks GraphStream for the new transform). */
    long cameraVersion;

    private void applyCamera() {
        cameraVersion++;
        camera.setAutoFitView(false);
        camera.setViewCenter(centerX, centerY, 0);
        camera.setViewPercent(viewPercent);
        dirty = true;
    }

    /** The zoom level: 1 after {@link #resetCamera()}, 2 twice as close. */
    public double zoomLevel() {
        return 1 / viewPercent;
    }

    /** Called by the painter at each frame, with the camera's view pushed: refreshes the transform. */
    void captureTransform() {
        Point3 o = camera.transformGuToPx(0, 0, 0);
        Point3 ex = camera.transformGuToPx(1, 0, 0);
        Point3 ey = camera.transformGuToPx(0, 1, 0);
        m02 = o.x;
        m12 = o.y;
        m00 = ex.x - o.x;
        m10 = ex.y - o.y;
        m01 = ey.x - o.x;
        m11 = ey.y - o.y;
        transformKnown = Math.abs(m00 * m11 - m01 * m10) > 1e-12;
    }

    void pushCamera(GraphicGraph gg) {
        camera.pushView(gg);
    }

    void popCamera() {
        camera.popView();
    }

    double pxX(double x, double y) {
        return m00 * x + m01 * y + m02;
    }

    double pxY(double x, double y) {
        return m10 * x + m11 * y + m12;
    }

    /** Model coordinates of a point of the view (pixels relative to the view). */
    public Point2D toModel(double px, double py) {
        double det = m00 * m11 - m01 * m10;
        double dx = px - m02;
        double dy = py - m12;
        return new Point2D((m11 * dx - m01 * dy) / det, (-m10 * dx + m00 * dy) / det);
    }

    /** Where node u is drawn, in pixels relative to the view ({@link #node()}). */
    public Point2D nodePosition(int u) {
        return new Point2D(pxX(curX[u], curY[u]), pxY(curX[u], curY[u]));
    }

    /** Where node u is drawn, in screen coordinates (e.g. to drive a robot or place a popup). */
    public Point2D nodeScreenPosition(int u) {
        Point2D p = nodePosition(u);
        return panel.localToScreen(p.getX(), p.getY());
    }

    /** Where a point of the model is drawn, in screen coordinates. */
    public Point2D modelToScreen(double x, double y) {
        return panel.localToScreen(pxX(x, y), pxY(x, y));
    }

    /** The node drawn at a point of the view (pixels), or -1. */
    public int nodeAt(double px, double py) {
        double r = painter.nodeRadius() + 4;
        int best = -1;
        double bestD = r * r;
        for (int u = 0; u < n; u++) {
            double dx = pxX(curX[u], curY[u]) - px;
            double dy = pxY(curX[u], curY[u]) - py;
            double d = dx * dx + dy * dy;
            if (d <= bestD) {
                bestD = d;
                best = u;
            }
        }
        return best;
    }

    /** The message in transit drawn at a point of the view (pixels), as its envelope id, or -1. */
    public long tokenAt(double px, double py) {
        double s = painter.scale();
        double h = 14 * s;
        long best = -1;
        double bestD = Double.MAX_VALUE;
        for (Token t : tokens.values()) {
            if (t.leaving || Double.isNaN(t.lastX)) continue;
            double dx = px - t.lastX;
            double dy = py - t.lastY;
            double along = dx * t.dx + dy * t.dy;
            double across = -dx * t.dy + dy * t.dx;
            boolean hit;
            if (t.restText) {
                hit = Math.abs(along) <= t.w / 2 + 3 * s && Math.abs(across) <= h / 2 + 3 * s;
            } else {
                hit = Math.hypot(dx, dy) <= 8 * s;
            }
            double d = Math.hypot(dx, dy);
            if (hit && d < bestD) {
                bestD = d;
                best = t.id;
            }
        }
        return best;
    }

    /** Where the message with this envelope id is drawn, in screen coordinates, or null. */
    public Point2D tokenScreenPosition(long id) {
        Token t = tokens.get(id);
        if (t == null || Double.isNaN(t.lastX)) return null;
        return panel.localToScreen(t.lastX, t.lastY);
    }

    /** The edge drawn at a point of the view (pixels), as {u, v} with u < v, or null. */
    public int[] edgeAt(double px, double py) {
        double tol = painter.scale() * 6;
        int[] best = null;
        double bestD = tol;
        for (int[] e : edges) {
            double d = Plane.distanceToSegment(px, py, pxX(curX[e[0]], curY[e[0]]), pxY(curX[e[0]], curY[e[0]]),
                    pxX(curX[e[1]], curY[e[1]]), pxY(curX[e[1]], curY[e[1]]));
            if (d <= bestD) {
                bestD = d;
                best = e;
            }
        }
        return best == null ? null : best.clone();
    }

    /** Every edge crossed by the polyline of view points (x0, y0, x1, y1, ...), as {u, v} pairs. */
    public List<int[]> edgesCrossing(double[] polyline) {
        List<int[]> out = new ArrayList<>();
        for (int[] e : edges) {
            double ax = pxX(curX[e[0]], curY[e[0]]);
            double ay = pxY(curX[e[0]], curY[e[0]]);
            double bx = pxX(curX[e[1]], curY[e[1]]);
            double by = pxY(curX[e[1]], curY[e[1]]);
            for (int i = 0; i + 3 < polyline.length; i += 2) {
                if (Plane.segmentsCross(ax, ay, bx, by, polyline[i], polyline[i + 1], polyline[i + 2], polyline[i + 3])) {
                    out.add(e.clone());
                    break;
                }
            }
        }
        return out;
    }

    /** A picture of the view as it is drawn now. */
    public WritableImage snapshot() {
        viewer.pulse(true);
        return root.snapshot(null, null);
    }

    // ------------------------------------------------------------------ what is drawn (tests, inspector)

    /** The GraphStream graph the viewer draws (nodes "n<i>", edges "e<u>-<v>" with u < v). */
    Graph graph() {
        return graph;
    }

    /** The fill colour node u is drawn with now. */
    public Color fillOf(int u) {
        return curFill[u];
    }

    /** The fill value (LME: state) node u shows. */
    public String fillValueOf(int u) {
        return fillValue[u];
    }

    /** The ring colour node u is drawn with (the first ring value is a thin neutral outline). */
    public Color ringOf(int u) {
        return Palette.ring(ring[u]);
    }

    /** The edges drawn, as {u, v} with u < v. */
    public List<int[]> drawnEdges() {
        List<int[]> out = new ArrayList<>();
        for (int[] e : edges) out.add(e.clone());
        return out;
    }

    /** The port labels drawn: at node's end of the edge to peer, the label port. */
    public List<PortLabel> drawnPortLabels() {
        return List.copyOf(portLabels);
    }

    /** The messages drawn, in channel order; {@code leaving} ones are fading out at their receiver. */
    public List<TokenView> drawnTokens() {
        List<TokenView> out = new ArrayList<>();
        for (Token t : tokens.values()) out.add(new TokenView(t.id, t.from, t.to, t.label, t.leaving, t.lastX, t.lastY));
        return out;
    }

    /** The lock sets drawn as hulls, by holder. */
    public List<LockSet> drawnLockSets() {
        return List.copyOf(lockSets);
    }

    /** The lock pointers drawn: from each locked member to its holder (never from the holder itself). */
    public List<int[]> drawnPointers() {
        List<int[]> out = new ArrayList<>();
        for (LockSet ls : lockSets) for (int v : ls.members()) if (v != ls.holder()) out.add(new int[] {v, ls.holder()});
        return out;
    }

    /** Refusal badges shown now, by node. */
    public List<String> refusalsShown(int node) {
        List<String> out = new ArrayList<>();
        for (Badge b : badges) if (b.node() == node) out.add(b.text());
        return out;
    }

    /** The rubber band of the edge gesture: {from node, x, y, target node or -1}, or null. */
    double[] gesturesBand() {
        return gestures.band();
    }

    /** The cutting stroke as view points (x0, y0, x1, y1, ...), or null. */
    double[] gesturesStroke() {
        return gestures.stroke();
    }

    /** Whether labels (tokens' text, port labels, pips) are drawn at the current zoom. */
    public boolean detailed() {
        return painter.textDetail();
    }

    // ------------------------------------------------------------------ drawn items

    /** A port label: at {@code node}'s end of the edge to {@code peer}, the label {@code port}. */
    public record PortLabel(int node, int peer, int port) {}

    /** A message drawn on its edge (or by its node, for a self-message), at view pixel (x, y). */
    public record TokenView(long id, int from, int to, String label, boolean leaving, double x, double y) {}

    /** A lock set: its holder and members (sorted). */
    public record LockSet(int holder, int[] members) {}

    record Badge(int node, String text, long start) {
        static final long NANOS = 2_600_000_000L;
    }

    /** A message in transit as drawn, with where its animation starts. */
    static final class Token {
        static final int AT_SENDER = 0;
        static final int AT_SLOT_STILL = 1;
        static final int AT_POINT = 2;
        final long id;
        final int from;
        final int fromPort;
        final int to;
        final int toPort;
        final String label;
        /** As drawn: the label without the empty parentheses of a message with no argument. */
        final String text;
        int slot;
        int count = 1;
        boolean leaving;
        int startKind;
        double startGx;
        double startGy;
        double lastX = Double.NaN;
        double lastY = Double.NaN;
        double lastAlpha = 1;
        // resting layout, refreshed at each frame by the painter
        double w;
        double restX;
        double restY;
        boolean restText;
        double dx = 1;
        double dy;

        Token(long id, int from, int fromPort, int to, int toPort, String label) {
            this.id = id;
            this.from = from;
            this.fromPort = fromPort;
            this.to = to;
            this.toPort = toPort;
            this.label = label;
            this.text = label.endsWith("()") ? label.substring(0, label.length() - 2) : label;
        }

        /** The next animation starts where the token is drawn now. */
        void captureStart(GraphView v) {
            if (Double.isNaN(lastX) || !v.transformKnown) {
                startKind = AT_SENDER;
                return;
            }
            Point2D g = v.toModel(lastX, lastY);
            startGx = g.getX();
            startGy = g.getY();
            startKind = AT_POINT;
        }
    }

    // ------------------------------------------------------------------ GraphStream's managers, disabled

    private static final class NoMouse implements MouseManager {
        @Override public void init(GraphicGraph graph, org.graphstream.ui.view.View view) {}

        @Override public void release() {}

        @Override
        public java.util.EnumSet<InteractiveElement> getManagedTypes() {
            return java.util.EnumSet.noneOf(InteractiveElement.class);
        }
    }

    private static final class NoKeys implements ShortcutManager {
        @Override public void init(GraphicGraph graph, org.graphstream.ui.view.View view) {}

        @Override public void release() {}
    }
}
