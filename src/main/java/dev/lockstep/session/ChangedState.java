package dev.lockstep.session;

import dev.lockstep.core.Variable;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * A recorded state that is the node's state recorded before it with one variable changed: the
 * earlier list, the index and the new variable (about 32 bytes), instead of a new list of every
 * variable (about 80 at LME's eleven). An LME execution usually changes one variable, so most
 * recorded states are one of these (AmoebotSim's history of per-object value changes). A chain
 * of them is cut every {@link #MAX_DEPTH} changes by a whole list, so reading a variable follows
 * at most that many links. Unmodifiable, and equal to any list of the same variables.
 */
final class ChangedState extends AbstractList<Variable> implements RandomAccess {
    /** The most changes a read follows back before a whole list. */
    static final int MAX_DEPTH = 8;

    private final List<Variable> before;
    private final int index;
    private final Variable value;
    private final int depth;

    private ChangedState(List<Variable> before, int index, Variable value, int depth) {
        this.before = before;
        this.index = index;
        this.value = value;
        this.depth = depth;
    }

    /** {@code before} with variable {@code index} replaced by {@code value}. */
    static List<Variable> of(List<Variable> before, int index, Variable value) {
        int depth = before instanceof ChangedState c ? c.depth + 1 : 1;
        if (depth <= MAX_DEPTH) return new ChangedState(before, index, value, depth);
        Variable[] all = before.toArray(new Variable[0]);
        all[index] = value;
        return List.of(all);
    }

    @Override
    public Variable get(int i) {
        if (i == index) return value;
        return before.get(i);
    }

    @Override
    public int size() {
        return before.size();
    }

    /** Links a read may follow back from here (tests). */
    int depth() {
        return depth;
    }
}
