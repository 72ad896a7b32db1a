package dev.lockstep.core;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The nodes' names as one immutable list kept in one string: a name is cut out when asked for.
 * A million names such as "n123456" take 11 bytes each this way, against about 52 as a list of
 * strings, and names are read only to show or write them, never on a run's hot path.
 */
final class NodeNames extends AbstractList<String> implements RandomAccess {
    private final String all;
    /** ends[i]: where name i ends in {@code all}; it starts where name i - 1 ends. */
    private final int[] ends;

    private NodeNames(String all, int[] ends) {
        this.all = all;
        this.ends = ends;
    }

    /** The names as an immutable list, rejecting null as {@link List#copyOf} does. */
    static List<String> of(List<String> names) {
        if (names instanceof NodeNames n) return n;
        StringBuilder sb = new StringBuilder(names.size() * 8);
        int[] ends = new int[names.size()];
        int i = 0;
        for (String name : names) {
            sb.append(Objects.requireNonNull(name, "a node name is null"));
            ends[i++] = sb.length();
        }
        return new NodeNames(sb.toString(), ends);
    }

    @Override
    public String get(int index) {
        Objects.checkIndex(index, ends.length);
        return all.substring(index == 0 ? 0 : ends[index - 1], ends[index]);
    }

    @Override
    public int size() {
        return ends.length;
    }
}
