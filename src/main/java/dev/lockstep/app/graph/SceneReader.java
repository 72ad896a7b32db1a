package dev.lockstep.app.graph;

import dev.lockstep.core.ApplicationState;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.check.LockSets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Point2D;
import javafx.scene.paint.Color;

/**
 * Reads the simulation's current configuration into the drawn scene (and GraphStream's graph):
 * where the nodes go and their colours, the edges and port labels, the messages in transit (a
 * message keeps its token from one step to the next, so it can glide) and the lock sets. What is
 * shown now becomes the start of the next animation.
 */
final class SceneReader {
    private final Simulation sim;
    private final Protocol<NodeState> protocol;
    private final DrawnScene scene;
    private final StreamGraph graph;
    private final Camera camera;
    /** Messages per sender in the inbox being read (all zero between inboxes). */
    private int[] perSender = new int[0];

    SceneReader(Simulation sim, Protocol<NodeState> protocol, DrawnScene scene, StreamGraph graph, Camera camera) {
        this.sim = sim;
        this.protocol = protocol;
        this.scene = scene;
        this.graph = graph;
        this.camera = camera;
    }

    /** Reads the configuration; {@code animate}: messages just received stay, to glide into their receiver. */
    void read(boolean animate) {
        DrawnScene sc = scene;
        int n = sc.n;
        // Where everything is now (mid-animation values included) is where the animation starts.
        for (int u = 0; u < n; u++) {
            sc.fromX[u] = sc.curX[u];
            sc.fromY[u] = sc.curY[u];
            sc.fromFill[u] = sc.curFill[u];
        }
        for (MessageToken t : sc.tokens.values()) captureStart(t);
        sc.tokens.values().removeIf(t -> t.leaving);
        readNodes();
        readEdges();
        readMarks();
        readTokens(animate);
        sc.nameSidesStale = true;
        sc.layoutVersion++;
        sc.lockSets.clear();
        for (int h = 0; h < n; h++) {
            int[] members = LockSets.of(protocol, sim, h);
            if (members.length > 0) sc.lockSets.add(new LockSet(h, members));
        }
    }

    /** The next animation starts where the token is drawn now. */
    private void captureStart(MessageToken t) {
        if (Double.isNaN(t.lastX) || !camera.known()) {
            t.startKind = MessageToken.AT_SENDER;
            return;
        }
        Point2D g = camera.toModel(t.lastX, t.lastY);
        t.startGx = g.getX();
        t.startGy = g.getY();
        t.startKind = MessageToken.AT_POINT;
    }

    private void readNodes() {
        DrawnScene sc = scene;
        ApplicationState app = sim.application();
        List<String> appStates = ApplicationLook.states(app);
        if (app != null && sc.appState == null) {
            sc.appState = new String[sc.n];
            sc.stateBadge = new Color[sc.n];
            sc.partner = new int[sc.n];
        }
        if (app instanceof dev.lockstep.application.amoebot.ParticleSystem ps) {
            if (sc.particles == null) sc.particles = new ParticleScene(sc.n);
            sc.particles.read(ps, sc.progress);
        }
        for (int u = 0; u < sc.n; u++) {
            sc.toX[u] = sim.graph().x(u);
            sc.toY[u] = sim.graph().y(u);
            NodeState s = sim.state(u);
            String fv = protocol.presentation().fill(s);
            sc.fillValue[u] = fv;
            sc.toFill[u] = Palette.fill(protocol.presentation().fillValues(), fv);
            if (app != null) {
                sc.appState[u] = app.label(u);
                sc.partner[u] = ApplicationLook.partnerOf(app, u);
            }
            if (app != null && sc.particles == null) {
                // the application's state takes the fill; the protocol's fill value moves to a badge
                // (a particle system's bodies show its state, so its nodes keep the protocol's fill, unbadged)
                sc.stateBadge[u] = sc.toFill[u];
                sc.toFill[u] = ApplicationLook.fill(appStates, sc.appState[u]);
            }
            String rv = protocol.presentation().ring(s);
            int r = Palette.ringIndex(protocol.presentation().ringValues(), rv);
            if (r != sc.ring[u]) {
                sc.ring[u] = r;
                graph.setRing(u, r);
            }
            sc.ports[u] = sim.ports(u);
            for (int p = 0; p <= sc.delta; p++) sc.peers[u * (sc.delta + 1) + p] = sim.peer(u, p);
            if (sc.fromFill[u] == null) {
                sc.fromX[u] = sc.toX[u];
                sc.fromY[u] = sc.toY[u];
                sc.fromFill[u] = sc.toFill[u];
            }
        }
    }

    private void readEdges() {
        DrawnScene sc = scene;
        List<int[]> old = new ArrayList<>(sc.edges);
        sc.edges.clear();
        sc.portLabels.clear();
        double[] lengths = new double[Math.max(1, sim.graph().edgeCount())];
        int le = 0;
        for (int u = 0; u < sc.n; u++) {
            for (long s = sc.ports[u] & ~1L; s != 0; s &= s - 1) {
                int p = Long.numberOfTrailingZeros(s);
                int v = sim.peer(u, p);
                sc.portLabels.add(new PortEnd(u, v, p));
                if (u < v) {
                    sc.edges.add(new int[] {u, v});
                    if (le < lengths.length) lengths[le++] = Math.hypot(sc.toX[u] - sc.toX[v], sc.toY[u] - sc.toY[v]);
                }
            }
        }
        if (!sameEdges(old, sc.edges)) sc.geometryVersion++;
        graph.setEdges(sc.edges);
        if (le > 0) {
            Arrays.sort(lengths, 0, le);
            sc.medianEdgeGu = Math.max(1e-9, lengths[le / 2]);
        }
    }

    private static boolean sameEdges(List<int[]> a, List<int[]> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (!Arrays.equals(a.get(i), b.get(i))) return false;
        return true;
    }

    /**
     * The generic marks of token and leader protocols: per node, the oriented edges, and the
     * neighbourhoods (areas of the plane, or regions as node sets, read again each time since
     * nodes change region as they move).
     */
    private void readMarks() {
        DrawnScene sc = scene;
        var look = protocol.presentation();
        for (int u = 0; u < sc.n; u++) {
            sc.marks[u] = look.marks(sim.state(u));
            sc.crashed[u] = sim.crashed(u);
        }
        sc.arrows.clear();
        for (int[] e : sc.edges) {
            int dir = look.orientation(sim.state(e[0]), sim.state(e[1]));
            if (dir > 0) sc.arrows.add(new int[] {e[0], e[1]});
            else if (dir < 0) sc.arrows.add(new int[] {e[1], e[0]});
        }
        sc.areas = sim.config().areas();
        if (sc.areas.isEmpty() && sim.config().regions() != null) {
            if (sc.region == null) sc.region = new String[sc.n];
            for (int u = 0; u < sc.n; u++) sc.region[u] = sim.region(u);
        } else {
            sc.region = null;
        }
    }

    private void readTokens(boolean animate) {
        DrawnScene sc = scene;
        int n = sc.n;
        Map<Long, MessageToken> before = new HashMap<>(sc.tokens);
        sc.tokens.clear();
        // A channel (from, to) lies in to's inbox: count per sender while reading one inbox.
        if (perSender.length != n) perSender = new int[n];
        List<MessageToken> inbox = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            inbox.clear();
            for (int i = 0, c = sim.channels().size(v); i < c; i++) {
                Envelope e = sim.channels().get(v, i);
                MessageToken t = before.remove(e.id());
                // after a jump to another branch the same id can name another message
                if (t != null && (t.from != e.from() || t.to != e.to() || t.fromPort != e.fromPort()
                        || !t.label.equals(e.message().label()))) {
                    t = null;
                }
                if (t == null) {
                    t = new MessageToken(e.id(), e.from(), e.fromPort(), e.to(), e.toPort(), e.message().label());
                    t.startKind = MessageToken.AT_SENDER;
                }
                t.carried = protocol.presentation().tokens(e.message());
                t.slot = perSender[e.from()]++;
                t.leaving = false;
                sc.tokens.put(e.id(), t);
                inbox.add(t);
            }
            for (MessageToken t : inbox) t.count = perSender[t.from];
            for (MessageToken t : inbox) perSender[t.from] = 0;
        }
        for (MessageToken t : before.values()) {
            // received (or lost with a cut edge): glides into the receiver and fades out
            t.leaving = true;
            if (animate) sc.tokens.put(t.id, t);
        }
    }
}
