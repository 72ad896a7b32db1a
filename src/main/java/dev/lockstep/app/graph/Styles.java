package dev.lockstep.app.graph;

import dev.lockstep.core.Protocol;
import dev.lockstep.figure.Look;
import java.util.List;

/** GraphStream style sheets for the nodes and edges (the rest is drawn by {@link Painter}). */
final class Styles {
    private Styles() {}

    static final double NODE_SIZE = Look.NODE_SIZE;
    static final double NODE_SIZE_LECTURE = Look.NODE_SIZE_LECTURE;

    /**
     * {@code faint}: amoebots' LME graph, dense (neighbours up to lattice distance 2), drawn thin
     * and pale so that the lattice and the particles read first (lock-set hulls, pointers and
     * interaction bands are the painter's and keep their look).
     */
    static String stylesheet(Protocol<?> protocol, boolean lecture, boolean faint) {
        double size = lecture ? NODE_SIZE_LECTURE : NODE_SIZE;
        StringBuilder css = new StringBuilder();
        css.append("graph { padding: ").append(Look.GRAPH_PADDING).append("px; fill-color: white; }\n");
        css.append("node { shape: circle; size: ").append(size).append("px; fill-mode: dyn-plain; fill-color: ")
                .append(Palette.FILL[0]).append("; stroke-mode: plain; stroke-color: ").append(Palette.RING[0])
                .append("; stroke-width: ").append(lecture ? 2 : 1).append("px; ")
                .append("text-mode: hidden; z-index: 2; }\n"); // names are drawn by the painter
        List<String> rings = protocol.presentation().ringValues();
        int count = Math.max(1, rings.size());
        for (int i = 0; i < count; i++) {
            css.append("node.r").append(i).append(" { stroke-color: ").append(Palette.RING[i % Palette.RING.length])
                    .append("; stroke-width: ").append(lecture ? (i == 0 ? 2 : 6) : Look.ringWidth(i)).append("px; ")
                    // One z-level per class: GraphStream keeps the groups of one level in a hash set of
                    // identity-hashed objects, so classes sharing a level overlap in a different order
                    // in every run (and exports would differ). Later ring values are drawn on top.
                    .append("z-index: ").append(3 + i).append("; }\n");
        }
        if (faint) {
            css.append("edge { shape: line; fill-color: ").append(Look.EDGE_FAINT).append("; size: ").append(lecture ? 2 : 1)
                    .append("px; z-index: 1; }\n");
        } else {
            css.append("edge { shape: line; fill-color: ").append(Palette.hex(lecture ? Palette.EDGE_LECTURE : Palette.EDGE))
                    .append("; size: ").append(lecture ? 3 : Look.EDGE_WIDTH).append("px; z-index: 1; }\n");
        }
        return css.toString();
    }
}
