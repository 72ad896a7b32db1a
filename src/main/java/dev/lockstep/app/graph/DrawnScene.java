package dev.lockstep.app.graph;

import dev.lockstep.core.NeighbourhoodArea;
import dev.lockstep.core.NodeMarks;
import dev.lockstep.figure.LabelPlacement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import javafx.scene.paint.Color;

/**
 * What the graph view shows this frame, in model units: per node its position and colours (what
 * is shown, and the ends of the running animation), the edges, port labels, messages, lock sets,
 * and the decorations (selection, highlights, refusal badges, gesture feedback). The view fills
 * it from the simulation; the painter draws it and the gestures hit-test it.
 */
final class DrawnScene {
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
    /** Where each node's name goes (a {@link LabelPlacement} side; 0: under the node). */
    final int[] nameSide;

    /** The protocol's marks on each node (token badge, leader, queue, label); {@link NodeMarks#NONE} for none. */
    final NodeMarks[] marks;
    /** Whether the adversary crashed the node (drawn greyed and crossed out). */
    final boolean[] crashed;
    /**
     * With an application (Sec. 6), per node: its application state (the fill shows it), the
     * protocol's fill colour (drawn as a badge instead) and the partner of its open interaction
     * (−1: none); all null without an application.
     */
    String[] appState;
    Color[] stateBadge;
    int[] partner;
    /** With a particle system (amoebots), its particles and lattice; else null. */
    ParticleScene particles;
    /** From this many nodes on, the view draws nodes and edges itself (below, GraphStream does: the look of small graphs). */
    static final int BULK_FROM_NODES = 400;
    /** Whether the graph is large enough for the view to draw nodes and edges itself (the bulk painter). */
    final boolean bulk;
    /** Each node's region now, when the scenario gives regions as node sets (else null): drawn as padded hulls. */
    String[] region;

    // ---- the drawn model
    /** Edges as (u, v) with u < v, in node order. */
    final List<int[]> edges = new ArrayList<>();
    final List<PortEnd> portLabels = new ArrayList<>();
    /** Messages shown, by envelope id, in channel order; leaving ones until their animation ends. */
    final LinkedHashMap<Long, MessageToken> tokens = new LinkedHashMap<>();
    final List<LockSet> lockSets = new ArrayList<>();
    /** The edges the protocol orients, as (from, to): drawn with an arrowhead towards {@code to}. */
    final List<int[]> arrows = new ArrayList<>();
    /** The scenario's areas of the plane (model units), drawn behind the graph. */
    List<NeighbourhoodArea> areas = List.of();
    double medianEdgeGu = 1;
    /** Bumped whenever what is drawn changes (the painter's token layout depends on it). */
    long layoutVersion;
    /** Bumped whenever edges are added or cut or nodes move (what the edge layer draws). */
    long geometryVersion;
    /** The edges changed since the names' sides were chosen. */
    boolean nameSidesStale = true;

    // ---- decorations
    int selected = -1;
    final Set<Integer> highlighted = new HashSet<>();
    final List<RefusalBadge> badges = new ArrayList<>();
    boolean lecture;
    Tool tool = Tool.SELECT;
    /** The edge gesture's rubber band: {from node, x, y, target node or -1} in view pixels, or null. */
    double[] band;
    /** The cutting stroke as view points (x0, y0, x1, y1, ...), or null. */
    double[] stroke;

    // ---- animation
    /** Eased progress of the current animation in [0, 1] (1 when idle). */
    double progress = 1;
    /** Something changed that the next pulse must draw. */
    boolean dirty = true;

    DrawnScene(int n, int delta) {
        this.n = n;
        this.delta = delta;
        this.bulk = n >= BULK_FROM_NODES;
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
        marks = new NodeMarks[n];
        crashed = new boolean[n];
        Arrays.fill(marks, NodeMarks.NONE);
    }

    /** How much larger than normal sizes are drawn (lecture mode: 1.5). */
    double scale() {
        return lecture ? 1.5 : 1;
    }

    /** The radius of a node on screen, in pixels. */
    double nodeRadius() {
        return (lecture ? Styles.NODE_SIZE_LECTURE : Styles.NODE_SIZE) / 2;
    }

    /**
     * For each node, the side for its name (see {@link LabelPlacement#nameSide}). Depends only on
     * directions, so it changes only when nodes move or edges change (the view calls this then).
     */
    void chooseNameSides() {
        double[] nx = new double[delta];
        double[] ny = new double[delta];
        for (int u = 0; u < n; u++) {
            int count = 0;
            for (long bits = ports[u] & ~1L; bits != 0; bits &= bits - 1) {
                int p = Long.numberOfTrailingZeros(bits);
                int w = peers[u * (delta + 1) + p];
                if (w < 0) continue;
                nx[count] = curX[w];
                ny[count++] = curY[w];
            }
            nameSide[u] = LabelPlacement.nameSide(curX[u], curY[u], nx, ny, count);
        }
    }
}
