package dev.lockstep.protocol.krl;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.Variable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The local data of the appendix ("Each processor maintains ..."), for node i. The paper indexes
 * its arrays by neighbour id; here they are indexed by port (Lockstep's nodes reach neighbours
 * through ports), with the neighbour's id in {@link #peer}. Port 0 stands for i itself, so
 * {@code next = 0} is the paper's {@code next = i} and 0 in {@link #q} is i's own request.
 * The boolean arrays are port bit sets.
 */
public final class KrlState implements NodeState {
    /** The application's section: "WAITING, CRITICAL, or REMAINDER". */
    public enum Status { REMAINDER, WAITING, CRITICAL }

    /** "next" when i has no neighbour to point at (before any link forms): ⊥. */
    public static final int NONE = -1;

    public Status status = Status.REMAINDER;
    /** N: ports of the neighbours i knows of (grown by LinkInfo, shrunk by LinkDown). */
    public long n;
    public HeightTriple myHeight;
    /** height[j]: i's view of each neighbour's height (null: not heard yet). */
    public final HeightTriple[] height;
    public boolean tokenHolder;
    public int numTokens;
    /** next: the port a Token or Request was last sent on; 0 = i itself, {@link #NONE} = ⊥. */
    public int next;
    /** Q, the request queue: ports, 0 = i itself. */
    public final List<Integer> q;
    /** Ports j with receivedLI[j] = false (the array is true everywhere initially). */
    public long awaitingLI;
    /** forming[j]. */
    public long forming;
    public final HeightTriple[] formHeight;
    /** visited[j] (KRLF only). */
    public long visited;
    /** Ports whose link formation i has detected and whose failure it has not: what N will become. */
    public long linked;
    /** The id of the neighbour on each port, learnt when the link forms; -1 for none. */
    public final int[] peer;

    /**
     * The appendix's initial values for node {@code id}: tokenHolder and numTokens = 1 for
     * 0 ≤ i < k; N = ∅ because Lockstep's initial graph forms in round 0 (every initial link is a
     * LinkUp); heights (0, 0, i) for token holders and (1, 0, i) for the others (a choice: the
     * paper assumes a token-oriented DAG, which the first LinkInfo exchange builds from these).
     */
    public KrlState(int delta, int id, int k) {
        boolean holder = id >= 0 && id < k;
        myHeight = new HeightTriple(holder ? 0 : 1, 0, id);
        height = new HeightTriple[delta + 1];
        formHeight = new HeightTriple[delta + 1];
        tokenHolder = holder;
        numTokens = holder ? 1 : 0;
        next = holder ? 0 : NONE;
        q = new ArrayList<>();
        peer = new int[delta + 1];
        Arrays.fill(peer, -1);
        peer[0] = id;
    }

    private KrlState(KrlState o) {
        status = o.status;
        n = o.n;
        myHeight = o.myHeight;
        height = o.height.clone();
        tokenHolder = o.tokenHolder;
        numTokens = o.numTokens;
        next = o.next;
        q = new ArrayList<>(o.q);
        awaitingLI = o.awaitingLI;
        forming = o.forming;
        formHeight = o.formHeight.clone();
        visited = o.visited;
        linked = o.linked;
        peer = o.peer.clone();
    }

    public int id() {
        return peer[0];
    }

    public boolean receivedLI(int port) {
        return (awaitingLI & (1L << port)) == 0;
    }

    /** Whether myHeight < height[k] for every k ∈ N (false when N = ∅: no link to reverse). */
    public boolean lowerThanAll() {
        if (n == 0) return false;
        for (long p = n; p != 0; p &= p - 1) {
            HeightTriple h = height[Long.numberOfTrailingZeros(p)];
            if (h == null || !myHeight.below(h)) return false;
        }
        return true;
    }

    /** Whether myHeight > height[k] for every k ∈ N (false when N = ∅). */
    public boolean higherThanAll() {
        if (n == 0) return false;
        for (long p = n; p != 0; p &= p - 1) {
            HeightTriple h = height[Long.numberOfTrailingZeros(p)];
            if (h == null || !myHeight.above(h)) return false;
        }
        return true;
    }

    /** The lowest neighbour in N by i's view ({@code height[l] ≤ height[j] ∀ j ∈ N}), or {@link #NONE}. */
    public int lowestNeighbour(long among) {
        int best = NONE;
        for (long p = among & n; p != 0; p &= p - 1) {
            int l = Long.numberOfTrailingZeros(p);
            if (height[l] == null) continue;
            if (best == NONE || height[l].below(height[best])) best = l;
        }
        return best;
    }

    /** Enqueue(Q, j): "enqueues an item only if it is not already on Q". */
    public void enqueue(int port) {
        if (!q.contains(port)) q.add(port);
    }

    /** Delete(Q, j). */
    public void delete(int port) {
        q.remove(Integer.valueOf(port));
    }

    /** The id shown for a port: i itself for 0, else the neighbour's id (or "?"). */
    public String who(int port) {
        if (port == NONE) return "⊥";
        int id = peer[port];
        return id < 0 ? "?" + port : Integer.toString(id);
    }

    @Override
    public KrlState copy() {
        return new KrlState(this);
    }

    @Override
    public List<Variable> variables() {
        List<String> queue = new ArrayList<>();
        for (int p : q) queue.add(who(p));
        return List.of(
                new Variable("status", status.toString()),
                new Variable("height", myHeight.toString()),
                new Variable("token", Integer.toString(numTokens)),
                new Variable("tokenHolder", Boolean.toString(tokenHolder)),
                new Variable("queue", Integer.toString(q.size())),
                new Variable("Q", queue.isEmpty() ? "∅" : "[" + String.join(",", queue) + "]"),
                new Variable("next", who(next)),
                new Variable("N", ids(n)),
                new Variable("heights", views()),
                new Variable("receivedLI", awaitingLI == 0 ? "all" : "false for " + ids(awaitingLI)),
                new Variable("forming", ids(forming)),
                new Variable("visited", ids(visited)));
    }

    private String ids(long ports) {
        if (ports == 0) return "∅";
        StringBuilder b = new StringBuilder("{");
        for (long p = ports; p != 0; p &= p - 1) {
            if (b.length() > 1) b.append(',');
            b.append(who(Long.numberOfTrailingZeros(p)));
        }
        return b.append('}').toString();
    }

    /** "1:(0,0,1) 3:(1,0,3)": i's view of each neighbour's height, by neighbour id. */
    private String views() {
        StringBuilder b = new StringBuilder();
        for (long p = n; p != 0; p &= p - 1) {
            int l = Long.numberOfTrailingZeros(p);
            if (b.length() > 0) b.append(' ');
            b.append(who(l)).append(':').append(height[l]);
        }
        return b.length() == 0 ? "∅" : b.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KrlState s && status == s.status && n == s.n && myHeight.equals(s.myHeight)
                && Arrays.equals(height, s.height) && tokenHolder == s.tokenHolder && numTokens == s.numTokens
                && next == s.next && q.equals(s.q) && awaitingLI == s.awaitingLI && forming == s.forming
                && Arrays.equals(formHeight, s.formHeight) && visited == s.visited && linked == s.linked
                && Arrays.equals(peer, s.peer);
    }

    @Override
    public int hashCode() {
        return Objects.hash(status, n, myHeight, Arrays.hashCode(height), tokenHolder, numTokens, next, q,
                awaitingLI, forming, Arrays.hashCode(formHeight), visited, linked, Arrays.hashCode(peer));
    }

    @Override
    public String toString() {
        return variables().toString();
    }
}
