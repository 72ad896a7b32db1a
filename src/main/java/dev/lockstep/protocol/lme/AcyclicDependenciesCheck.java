package dev.lockstep.protocol.lme;

import dev.lockstep.core.Check;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import dev.lockstep.core.Workers;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * {@code acyclic-dependencies}: the dependency graph D_i of Lemma 4.6 (Lemma 4 in the SAND
 * version) has no cycle. Vertices are initiators and participants (a node can be both). Edges,
 * counting <em>received</em> requests only:
 * <ul>
 *   <li>participant v → initiator u while v holds u's priority in P unanswered;</li>
 *   <li>initiator u → participant v while u (competing) holds v's latest win() in W and has not
 *       yet sent its next request-lock.</li>
 * </ul>
 * Counting in-transit requests too, as the lemma's text does, yields short-lived cycles even when
 * nothing is wrong; with received ones only, a cycle is a real deadlock (flaw 1 in README).
 */
public final class AcyclicDependenciesCheck implements Check {
    public static final String NAME = "acyclic-dependencies";
    /** This run's search, its scratch space kept from round to round; null for the check as declared. */
    private final Search search;

    public AcyclicDependenciesCheck() {
        this(null);
    }

    private AcyclicDependenciesCheck(Search search) {
        this.search = search;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** Each run its own search, which keeps every vertex's out-edges and its scratch space from round to round. */
    @Override
    public Check forRun() {
        return new AcyclicDependenciesCheck(new Search(Search.WORD_GRAIN, null));
    }

    /** A run's check whose peeling sweeps (and reads of the changed nodes, 32 a word) share out ranges of {@code wordGrain} words (tests: split small graphs). */
    static Check forRun(int wordGrain) {
        return new AcyclicDependenciesCheck(new Search(wordGrain, null));
    }

    /** A run's check that keeps its certificate in {@code heights} (tests: small budgets and limits, and a look at the heights). */
    static Check forRun(int wordGrain, DependencyHeights heights) {
        return new AcyclicDependenciesCheck(new Search(wordGrain, heights));
    }

    @Override
    public void endOfRound(SystemView view, List<Violation> out) {
        (search == null ? new Search(Search.WORD_GRAIN, null) : search).full(view, out);
    }

    /**
     * Incremental: a vertex's out-edges depend only on its node's state, unprocessed disconnections
     * and ports, so when last round's graph had no cycle, a cycle now runs through an edge that is
     * new since: one whose port a touched node's vertex gained, or whose port was linked again
     * since the last check (it may lead elsewhere now). A run's search keeps heights that certify
     * last round's graph acyclic ({@link DependencyHeights}) and repairs them from the sources of
     * those edges alone; when the repair finds a cycle or gives up, a search of the whole graph
     * decides, and a cycle is reported by the full pass's search, so it is the same one the full
     * pass reports. A run's search reads again the out-edges of the changed nodes only; it is told
     * the changes after a finding too, and runs the full pass then, and first.
     */
    @Override
    public void endOfRound(SystemView view, int[] changed, List<Violation> out) {
        Search s = search == null ? new Search(Search.WORD_GRAIN, null) : search;
        if (changed == null || s.foundLastRound || !s.covers(view.nodeCount())) s.full(view, out);
        else s.changed(view, changed, out);
    }

    /**
     * Cycle searches in the dependency graph: vertex 2u is initiator u, 2u+1 participant u. Each
     * vertex's out-edges are kept as a port mask, read from the node's state when it changed (all
     * of them in a full pass), in node order and on the view's workers: independent reads the
     * processor overlaps, where a search reading states as it goes waits for each. The depth-first
     * search marks visits by a stamp per vertex that each search raises, so no array is cleared
     * or made per round; the stacks are kept too.
     */
    private static final class Search implements DependencyHeights.Edges {
        /** Nodes per range of mask reads on a worker. */
        private static final int GRAIN = 4096;
        /** Words of {@link #alive} (64 vertices, 32 nodes each) per range of a sweep on a worker. */
        static final int WORD_GRAIN = GRAIN / 32;
        private final int wordGrain;
        /**
         * Lowerings a repair of the heights may make per root it was given so far (on one thread a
         * vertex with a new edge, on more one whose new edge broke them) before it gives up and
         * the whole graph is searched. LME's bench (100,000 nodes, lock 0.5) lowers about 0.25
         * vertices per vertex with a new edge; a cycle the repair does not close at once costs at
         * most this.
         */
        private static final int LOWERINGS_PER_ROOT = 4;
        /**
         * Per vertex: its out-edges as the ports of its node they leave through: a participant's P,
         * a competing initiator's W, minus ports whose cut the node has not processed yet (their
         * entries are stale). Sized 2n once a full pass read them all: ints while Δ ≤ 31 (8 bytes a
         * node, not 16), else longs.
         */
        private int[] narrow;
        private long[] wide;
        /** How many vertices {@link #narrow} or {@link #wide} holds: 2n once a full pass read them, else 0. */
        private int vertices;
        /** Per vertex, while peeling: whether it is not dropped yet. */
        private long[] alive = new long[0];
        /** Whether a thread dropped a vertex in the sweep under way (set, never cleared, by the threads). */
        private volatile boolean dropped;
        /** The view of the pass under way. */
        private SystemView view;
        /** Per vertex: below {@code onPath} unvisited this search, {@code onPath} on the path, above it done. */
        private char[] seen = new char[0];
        private char onPath = 1;
        private int[] path = new int[16];
        private long[] remaining = new long[16];
        boolean foundLastRound;
        /** The round of the last pass: a port linked in it or later may lead elsewhere than the port's kept edges. */
        private int checked;
        /**
         * Two bits per entry of the changed nodes, while a pass reads them, 32 entries a word: the
         * low one when the node's initiator has an out-edge new since the last pass, the high one
         * its participant. Threads read whole words of entries, so each word has one writer.
         */
        private long[] gained = new long[0];

        /** The certificate of the last round's acyclicity, when it is valid. */
        private final DependencyHeights heights;

        Search(int wordGrain, DependencyHeights heights) {
            this.wordGrain = wordGrain;
            this.heights = heights != null ? heights : new DependencyHeights(LOWERINGS_PER_ROOT, DependencyHeights.LIMIT);
        }

        private void begin(int n) {
            if (seen.length != 2 * n) {
                seen = new char[2 * n];
                onPath = 1;
            } else if (onPath + 3 > Character.MAX_VALUE) {
                java.util.Arrays.fill(seen, (char) 0);
                onPath = 1;
            } else {
                onPath += 2;
            }
        }

        /** Whether a full pass read the out-edges of all n nodes. */
        boolean covers(int n) {
            return vertices == 2 * n && n > 0;
        }

        @Override
        public long edges(int v) {
            return narrow != null ? narrow[v] & 0xFFFFFFFFL : wide[v];
        }

        private void edges(int v, long ports) {
            if (narrow != null) narrow[v] = (int) ports;
            else wide[v] = ports;
        }

        /** Reads the out-edges of nodes {@code nodes[from..to)} (of nodes from..to−1 when null). */
        private void read(SystemView view, int[] nodes, int from, int to) {
            for (int i = from; i < to; i++) {
                int u = nodes == null ? i : nodes[i];
                LmeState s = (LmeState) view.state(u);
                long initiator = s.state() == LmeState.State.COMPETE ? s.W() : 0;
                if ((initiator | s.P()) == 0) {
                    edges(2 * u, 0);
                    edges(2 * u + 1, 0);
                } else {
                    long live = ~view.unprocessedDisconnections(u);
                    edges(2 * u, initiator & live);
                    edges(2 * u + 1, s.P() & live);
                }
            }
        }

        void full(SystemView view, List<Violation> out) {
            this.view = view;
            int n = view.nodeCount();
            if (vertices != 2 * n) {
                boolean fits = view.delta() < Integer.SIZE; // the masks hold ports 0..Δ
                narrow = fits ? new int[2 * n] : null;
                wide = fits ? null : new long[2 * n];
                vertices = 2 * n;
            }
            view.workers().forRange(n, GRAIN, (from, to) -> read(view, null, from, to));
            checked = view.round();
            heights.invalidate(); // built again on the next round told the changes: a full pass runs where those are unknown
            foundLastRound = hasCycle() && reportFirst(view, out);
        }

        /**
         * After a round without a cycle: reads the changed nodes' out-edges again, noting the
         * vertices that gained an edge (a port not in their mask before, or one linked again since
         * the last pass): every other edge leads down in the heights kept from the last round, so
         * the heights are repaired from those vertices alone, and a repair that ends proves there
         * is no cycle, at the cost of the changed nodes and of the new edges, not of the graph. On
         * one thread each node's new edges are repaired as soon as it is read
         * ({@link #readAndRepair}); on more, the reads run on the workers, note the vertices with a
         * new edge that does not lead down (the heights only read), and those are repaired after.
         * Without valid heights (after a full pass, or a repair that gave up: a cycle, or too much
         * work), a search of the whole graph on one thread builds them, or finds a cycle. A cycle
         * found is reported by the full search, so it is the one the full pass reports.
         */
        void changed(SystemView view, int[] changed, List<Violation> out) {
            this.view = view;
            int words = (changed.length + 31) >>> 5;
            if (gained.length < words) gained = new long[words];
            int since = checked;
            boolean kept = heights.valid();
            boolean certified;
            if (kept && view.workers().threads() == 1) {
                certified = readAndRepair(view, changed, since);
            } else {
                if (kept) heights.startRepair();
                view.workers().forRange(words, wordGrain,
                        (from, to) -> readGains(view, changed, from << 5, Math.min(changed.length, to << 5), since, kept));
                certified = kept && heights.repair(view, this, changed, gained);
            }
            checked = view.round();
            boolean cycle = !certified && !heights.build(view, this, vertices);
            foundLastRound = cycle && reportFirst(view, out);
        }

        /**
         * {@link #read} of {@code changed[from..to)} ({@code from} a multiple of 32), noting in
         * {@link #gained} which vertices gained an edge that does not lead down in the heights
         * {@code kept} (the heights only read here), or any edge when none are kept. An edge kept
         * from the last round leads down: the heights held for it then and have not changed since.
         */
        private void readGains(SystemView view, int[] changed, int from, int to, int since, boolean kept) {
            for (int i = from; i < to; i++) {
                int u = changed[i];
                LmeState s = (LmeState) view.state(u);
                long initiator = s.state() == LmeState.State.COMPETE ? s.W() : 0;
                long participant = s.P();
                if ((initiator | participant) != 0) {
                    long live = ~view.unprocessedDisconnections(u);
                    initiator &= live;
                    participant &= live;
                }
                long relinked = (initiator | participant) == 0 ? 0 : view.linkedSince(u, since);
                long newInitiator = initiator & (~edges(2 * u) | relinked);
                long newParticipant = participant & (~edges(2 * u + 1) | relinked);
                long g = (newInitiator != 0 && (!kept || heights.breaks(view, 2 * u, newInitiator)) ? 1 : 0)
                        | (newParticipant != 0 && (!kept || heights.breaks(view, 2 * u + 1, newParticipant)) ? 2 : 0);
                if ((i & 31) == 0) gained[i >>> 5] = 0;
                gained[i >>> 5] |= g << ((i & 31) << 1);
                edges(2 * u, initiator);
                edges(2 * u + 1, participant);
            }
        }

        /**
         * On one thread, with heights kept: {@link #read} of the changed nodes, each node's new
         * edges repaired as soon as it is read, while its vertices' heights and masks are at hand
         * ({@link DependencyHeights#lower}); there is no second pass over the changed nodes. The
         * repairs of a node read before another meet that other's last-round masks: the heights
         * hold, after each node, on the graph of the nodes read so far (their masks new) and of
         * the rest (their masks old), and whatever a node's old mask led the repairs through
         * is looked at again when its node is read (its new edges) or is still its edge now
         * (kept: it led down and only its target fell). So when every node is read and no repair
         * gave up, the heights hold on this round's graph. A repair that gives up leaves the
         * rest to be read only; the whole graph is then searched.
         */
        private boolean readAndRepair(SystemView view, int[] changed, int since) {
            boolean repairing = true;
            heights.startRepair();
            for (int u : changed) {
                LmeState s = (LmeState) view.state(u);
                long initiator = s.state() == LmeState.State.COMPETE ? s.W() : 0;
                long participant = s.P();
                long newInitiator = 0;
                long newParticipant = 0;
                if ((initiator | participant) != 0) {
                    long live = ~view.unprocessedDisconnections(u);
                    initiator &= live;
                    participant &= live;
                    long relinked = (initiator | participant) == 0 ? 0 : view.linkedSince(u, since);
                    newInitiator = initiator & (~edges(2 * u) | relinked);
                    newParticipant = participant & (~edges(2 * u + 1) | relinked);
                }
                edges(2 * u, initiator);
                edges(2 * u + 1, participant);
                if (repairing && newInitiator != 0) repairing = heights.lower(view, this, 2 * u, newInitiator);
                if (repairing && newParticipant != 0) repairing = heights.lower(view, this, 2 * u + 1, newParticipant);
            }
            if (repairing) heights.repaired();
            return repairing;
        }

        /** The full search: from every vertex with out-edges in node order; reports the first cycle found. */
        private boolean reportFirst(SystemView view, List<Violation> violations) {
            int n = view.nodeCount();
            begin(n);
            for (int u = 0; u < n; u++) {
                int[] cycle = from(u);
                if (cycle != null) {
                    report(view, cycle, violations);
                    return true; // one cycle per round is enough to stop and look
                }
            }
            return false;
        }

        /**
         * Whether the graph has a cycle: sweeps over the vertices, forward and backward in turn,
         * dropping every vertex none of whose out-edges leads to a vertex not yet dropped, until a
         * sweep drops none. A vertex left leads to another left, so a cycle remains exactly when a
         * vertex does. Its memory is one bit a vertex, and the sweeps read the port tables in
         * order, where a search jumps across them.
         *
         * <p>Each sweep runs on the view's workers, each thread over whole words of {@link #alive}
         * (no two write the same word). What remains is the same for any split and any timing: the
         * largest set of vertices each leading to one in the set, which peeling reaches in any
         * order. A thread may read another's word before or after a drop; bits only ever drop, so
         * a stale bit only keeps a vertex for one more sweep, and a sweep that drops nothing read
         * every word as it stays.
         */
        private boolean hasCycle() {
            int words = (vertices + 63) >>> 6;
            if (alive.length != words) alive = new long[words];
            Workers workers = view.workers();
            workers.forRange(words, wordGrain, this::fill);
            dropped = true;
            for (boolean forward = true; dropped; forward = !forward) {
                dropped = false;
                boolean f = forward;
                workers.forRange(words, wordGrain, (from, to) -> sweep(from, to, f));
            }
            for (long bits : alive) if (bits != 0) return true;
            return false;
        }

        /**
         * Sets the bits of words from..to−1 of {@link #alive} of the vertices with out-edges, before
         * any sweep: a sweep then asks whether a target is alive of a bit set that stays in the
         * cache (a bit a vertex), not of the target's out-edges (an int a vertex, read at random).
         */
        private void fill(int from, int to) {
            int[] ints = narrow;
            for (int i = from; i < to; i++) {
                long bits = 0;
                int v = i << 6;
                int end = Math.min(vertices, v + 64);
                if (ints != null) {
                    for (int b = 0; v < end; b++, v++) if (ints[v] != 0) bits |= 1L << b;
                } else {
                    for (int b = 0; v < end; b++, v++) if (wide[v] != 0) bits |= 1L << b;
                }
                alive[i] = bits;
            }
        }

        /** A later sweep over the words from..to−1, forward or backward. */
        private void sweep(int from, int to, boolean forward) {
            boolean any = false;
            for (int k = from; k < to; k++) {
                int i = forward ? k : to - 1 - (k - from);
                for (long bits = alive[i]; bits != 0; ) {
                    int b = forward ? Long.numberOfTrailingZeros(bits) : 63 - Long.numberOfLeadingZeros(bits);
                    bits &= ~(1L << b);
                    if (!leadsOn((i << 6) + b)) {
                        alive[i] &= ~(1L << b);
                        any = true;
                    }
                }
            }
            if (any) dropped = true;
        }

        /** Whether one of v's out-edges leads to a vertex not dropped. */
        private boolean leadsOn(int v) {
            for (long rest = edges(v); rest != 0; rest &= rest - 1) {
                int w = DependencyHeights.target(view, v, Long.numberOfTrailingZeros(rest));
                if (w >= 0 && (alive[w >>> 6] & (1L << w)) != 0) return true;
            }
            return false;
        }

        /** Searches from u's unvisited vertices with out-edges, initiator first; returns a cycle's vertices or null. */
        private int[] from(int u) {
            for (int start = 2 * u; start <= 2 * u + 1; start++) {
                long first = edges(start);
                if (first == 0 || seen[start] >= onPath) continue;
                int[] cycle = dfs(start, first);
                if (cycle != null) return cycle;
            }
            return null;
        }

        /** Iterative DFS with explicit stacks from an unvisited vertex with out-edges {@code first}; returns a cycle's vertices or null. */
        private int[] dfs(int start, long first) {
            char done = (char) (onPath + 1);
            int depth = 0;
            path[0] = start;
            remaining[0] = first;
            seen[start] = onPath;
            while (depth >= 0) {
                long rest = remaining[depth];
                if (rest == 0) {
                    seen[path[depth]] = done;
                    depth--;
                    continue;
                }
                int port = Long.numberOfTrailingZeros(rest);
                remaining[depth] = rest & (rest - 1);
                int w = DependencyHeights.target(view, path[depth], port);
                if (w < 0) continue;
                char mark = seen[w];
                if (mark == onPath) {
                    int from = depth;
                    while (path[from] != w) from--;
                    return java.util.Arrays.copyOfRange(path, from, depth + 1);
                }
                if (mark < onPath) {
                    seen[w] = onPath;
                    depth++;
                    if (depth == path.length) {
                        path = java.util.Arrays.copyOf(path, depth * 2);
                        remaining = java.util.Arrays.copyOf(remaining, depth * 2);
                    }
                    path[depth] = w;
                    remaining[depth] = edges(w);
                }
            }
            return null;
        }
    }

    private static void report(SystemView view, int[] cycle, List<Violation> out) {
        StringBuilder sb = new StringBuilder("waits-for cycle: ");
        TreeSet<Integer> nodes = new TreeSet<>();
        for (int v : cycle) {
            sb.append(role(view, v)).append(" → ");
            nodes.add(v >> 1);
        }
        sb.append(role(view, cycle[0]));
        out.add(new Violation(NAME, view.round(), new ArrayList<>(nodes), sb.toString()));
    }

    private static String role(SystemView view, int vertex) {
        return view.nodeName(vertex >> 1) + ((vertex & 1) == 1 ? "'s participant" : "'s initiator");
    }
}
