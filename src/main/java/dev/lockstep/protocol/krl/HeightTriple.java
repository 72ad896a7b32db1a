package dev.lockstep.protocol.krl;

/**
 * A node's height, the triple (h1, h2, id) of the appendix ("myHeight"): links are directed from
 * the higher to the lower height, in lexicographic order. The id, unique per node, makes the
 * order total, so the links always form a DAG.
 */
public record HeightTriple(int h1, int h2, int id) implements Comparable<HeightTriple> {
    @Override
    public int compareTo(HeightTriple o) {
        if (h1 != o.h1) return Integer.compare(h1, o.h1);
        if (h2 != o.h2) return Integer.compare(h2, o.h2);
        return Integer.compare(id, o.id);
    }

    public boolean above(HeightTriple o) {
        return compareTo(o) > 0;
    }

    public boolean below(HeightTriple o) {
        return compareTo(o) < 0;
    }

    /** "(h1,h2,id)", the paper's notation (Figs. 2-5). */
    @Override
    public String toString() {
        return "(" + h1 + "," + h2 + "," + id + ")";
    }
}
