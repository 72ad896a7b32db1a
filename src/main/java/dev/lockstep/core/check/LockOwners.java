package dev.lockstep.core.check;

import dev.lockstep.core.Protocol;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One run's memory for the mutual-exclusion check of a protocol with local lock sets: the owner
 * of every node as of the last end of round, kept only while the lock sets were disjoint (then
 * each node has at most one owner).
 *
 * <p>A lock set depends on its holder's and its neighbours' states, ports and unprocessed
 * disconnections only, and every change of those touches the node concerned; an edge cut touches
 * both ends. So the lock sets that can have changed are those of the changed nodes and of their
 * neighbours now: these are cleared from the ownership and read again. A clash means there is
 * something to report, and then the full pass runs, so the violations and their order are the
 * full pass's.
 */
final class LockOwners {
    /** Runs from this size on take the full pass when most lock sets are to be read again (a small run gains nothing either way). */
    static final int LARGE = 1024;
    /** Owner of each node, −1 for none; null until a full pass found the lock sets disjoint. */
    private int[] owner;
    /** The holders read again this round, as bits and as a list. */
    private long[] marked;
    private int[] holders = new int[64];
    private int count;

    void endOfRound(Protocol<?> protocol, SystemView view, int[] changed, List<Violation> out) {
        int n = view.nodeCount();
        if (changed == null || owner == null || owner.length != n) {
            full(protocol, view, out);
            return;
        }
        if (changed.length == 0) return;
        if (marked == null) marked = new long[(n + 63) >>> 6];
        count = 0;
        for (int u : changed) {
            mark(u);
            for (long s = view.ports(u) & ~1L; s != 0; s &= s - 1) {
                int v = view.peer(u, Long.numberOfTrailingZeros(s));
                if (v >= 0) mark(v);
            }
        }
        if (n >= LARGE && count > n / 2) {
            // most lock sets to read again anyway: the full pass reads each once and skips the clearing
            for (int i = 0; i < count; i++) marked[holders[i] >>> 6] = 0;
            full(protocol, view, out);
            return;
        }
        int[] sorted = sortedHolders();
        // a cleared holder's old members: itself, its neighbours now, and the ends of its cut edges (changed, so among the holders)
        for (int h : sorted) {
            release(h);
            for (long s = view.ports(h) & ~1L; s != 0; s &= s - 1) {
                int v = view.peer(h, Long.numberOfTrailingZeros(s));
                if (v >= 0) release(v);
            }
        }
        int[] own = owner;
        boolean[] clash = {false};
        LockSetScan.scan(protocol, view, sorted, sorted.length, (holder, v) -> {
            int other = own[v];
            if (other == -1) own[v] = holder;
            else if (other != holder) clash[0] = true;
            return !clash[0];
        });
        for (int h : sorted) marked[h >>> 6] = 0;
        if (clash[0]) full(protocol, view, out);
    }

    private void full(Protocol<?> protocol, SystemView view, List<Violation> out) {
        int n = view.nodeCount();
        if (owner == null || owner.length != n) owner = new int[n];
        Arrays.fill(owner, -1);
        Map<Long, Integer> clashes = LockSetClashes.find(protocol, view, owner);
        LockSetClashes.report(view, clashes, out);
        if (!clashes.isEmpty()) owner = null;
    }

    private void mark(int u) {
        long bit = 1L << u;
        if ((marked[u >>> 6] & bit) != 0) return;
        marked[u >>> 6] |= bit;
        if (count == holders.length) holders = Arrays.copyOf(holders, count * 2);
        holders[count++] = u;
    }

    private boolean isMarked(int u) {
        return (marked[u >>> 6] & (1L << u)) != 0;
    }

    /** Node v's owner is read again: forget it. */
    private void release(int v) {
        int o = owner[v];
        if (o >= 0 && isMarked(o)) owner[v] = -1;
    }

    /** The marked holders in increasing order: from the bits when many, else by sorting the list. */
    private int[] sortedHolders() {
        int[] out = new int[count];
        if (count > marked.length) {
            int k = 0;
            for (int w = 0; w < marked.length; w++) {
                for (long bits = marked[w]; bits != 0; bits &= bits - 1) out[k++] = (w << 6) + Long.numberOfTrailingZeros(bits);
            }
        } else {
            System.arraycopy(holders, 0, out, 0, count);
            Arrays.sort(out);
        }
        return out;
    }
}
