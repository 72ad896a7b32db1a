package dev.lockstep.core.explore;

import dev.lockstep.core.Call;
import dev.lockstep.core.Choice;
import dev.lockstep.core.Configuration;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.Violation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Exhaustive breadth-first exploration of every adversary behaviour from a start simulation,
 * within bounds on application calls and topology changes. Plain core code: it knows nothing of
 * any protocol and relies only on {@link Simulation}'s primitives ({@code choices},
 * {@code drawBounds}, {@code execute}, {@code call}, {@code cut}, {@code link}, {@code endRound},
 * {@code copy}, {@code configuration}).
 *
 * <h2>Transitions</h2>
 * A step copies the simulation, applies <em>one</em> {@link Move} and ends the round, so every
 * step is a round of its own: a message sent in step i can be received from step i + 1 on, and a
 * topology change is applied at the start of its round, before anything else. The moves of a
 * state, in this fixed order:
 * <ol>
 *   <li>application calls, by node: Lock at a node whose status is IDLE, with no pending call and
 *       fewer than {@link Settings#maxLockCallsPerNode} Lock calls so far; Unlock (if
 *       {@link Settings#unlock}) at a LOCKED node with no pending call; then, while the node made
 *       fewer than {@link Settings#maxStrayCallsPerNode} of them, the <em>stray</em> calls a
 *       protocol's own test turns away: Lock at a node that is not IDLE, Unlock at one that is not
 *       LOCKED (an execution all the same, which consumes the node's disconnections);</li>
 *   <li>every enabled choice of every node ({@link Simulation#choices()}: node, action, message)
 *       with every combination of its random draws ({@link Simulation#drawBounds}), in
 *       lexicographic order;</li>
 *   <li>while fewer than {@link Settings#maxTopologyChanges} changes were made: a cut of every
 *       present edge (u &lt; v), then a link of every absent pair of
 *       {@link Settings#potentialEdges} whose ends both have an open port.</li>
 * </ol>
 *
 * <h2>States</h2>
 * Two states are the same when their {@link Configuration}s are equal and so are the per-node
 * Lock-call counters, the topology-change counter and (with stray calls on) the per-node
 * stray-call counters. The configuration ignores time, message ids and the random stream, so
 * equal configurations reached at different times are merged; a state
 * is expanded from the simulation of the first (a shortest) path that reached it. That is sound
 * because nothing the moves or the protocol depend on is left out — with two provisos: the
 * time-based {@code lockout} check must be given a bound larger than any path (merging ignores
 * how long a request has waited), and topology changes need the lowest-port assignment (a
 * seeded-random port choice would depend on the random stream); the constructor refuses the
 * latter.
 *
 * <h2>Findings</h2>
 * A finding is a {@link Violation} returned by {@code endRound()} after a step (also when the step
 * leads to a state seen before), or an exception thrown by the protocol (check name
 * {@value #ERROR}). Breadth-first order makes the first finding of each check a shortest one.
 *
 * <h2>Memory</h2>
 * Per state the explorer keeps its key (configuration and a few counter bytes) in the visited
 * set, plus two ints: the parent's index and the move's index in the parent's move list. Paths
 * are rebuilt on demand by replaying those indices from the start. Full simulations are kept only
 * for up to {@link Settings#maxFrontierSimulations} states of the next level; the others are
 * rebuilt from their parent when expanded (one cached simulation per depth; a level's states come
 * grouped by parent, so this costs about one extra step per state).
 *
 * <p>Deterministic: moves come in a fixed order, levels are expanded in discovery order, and no
 * output depends on hash order.
 */
public final class Explorer {
    /** The check name under which exceptions thrown during a step are reported. */
    public static final String ERROR = "error";

    /**
     * Bounds of an exploration.
     *
     * @param maxLockCallsPerNode     Lock calls the application may make at each node
     * @param unlock                  whether the application calls Unlock at LOCKED nodes
     * @param maxStrayCallsPerNode    calls that do not apply (Lock at a node that is not IDLE,
     *                                Unlock at one that is not LOCKED) the application may make at
     *                                each node; 0 (the default) leaves every count as it was
     * @param maxTopologyChanges      cuts and links the adversary may make in all
     * @param potentialEdges          pairs [u, v] the adversary may link (present edges may always be cut)
     * @param maxStates               stop after this many distinct states ({@code exhausted = false})
     * @param maxFindingsKept         findings kept in {@link Result#findings()} (counting goes on)
     * @param maxFrontierSimulations  simulations kept for the next level; its other states are
     *                                rebuilt by replay when expanded (time for memory)
     * @param targetName              finding name for {@code target}, or null
     * @param target                  a predicate over states: each new state satisfying it is
     *                                reported as a finding named {@code targetName} (null: none)
     */
    public record Settings(int maxLockCallsPerNode, boolean unlock, int maxStrayCallsPerNode, int maxTopologyChanges,
                           List<int[]> potentialEdges, int maxStates, int maxFindingsKept, int maxFrontierSimulations,
                           String targetName, Predicate<Simulation> target) {
        public Settings {
            if (maxLockCallsPerNode < 0 || maxLockCallsPerNode > 127) throw new IllegalArgumentException("maxLockCallsPerNode in 0..127");
            if (maxStrayCallsPerNode < 0 || maxStrayCallsPerNode > 127) throw new IllegalArgumentException("maxStrayCallsPerNode in 0..127");
            if (maxTopologyChanges < 0 || maxTopologyChanges > 127) throw new IllegalArgumentException("maxTopologyChanges in 0..127");
            if (maxStates < 1) throw new IllegalArgumentException("maxStates ≥ 1");
            if (maxFindingsKept < 0 || maxFrontierSimulations < 0) throw new IllegalArgumentException("negative limit");
            if ((target == null) != (targetName == null)) throw new IllegalArgumentException("a target needs a name");
            List<int[]> copy = new ArrayList<>();
            for (int[] e : potentialEdges) {
                if (e.length != 2 || e[0] == e[1] || e[0] < 0 || e[1] < 0) {
                    throw new IllegalArgumentException("a potential edge is two different nodes");
                }
                copy.add(new int[] {Math.min(e[0], e[1]), Math.max(e[0], e[1])});
            }
            copy.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
            potentialEdges = Collections.unmodifiableList(copy);
        }

        /** Without stray calls (the signature before they existed). */
        public Settings(int maxLockCallsPerNode, boolean unlock, int maxTopologyChanges, List<int[]> potentialEdges,
                        int maxStates, int maxFindingsKept, int maxFrontierSimulations, String targetName,
                        Predicate<Simulation> target) {
            this(maxLockCallsPerNode, unlock, 0, maxTopologyChanges, potentialEdges, maxStates, maxFindingsKept,
                    maxFrontierSimulations, targetName, target);
        }

        /** One Lock call per node, Unlock allowed, no topology changes, at most a million states. */
        public static Settings defaults() {
            return new Settings(1, true, 0, 0, List.of(), 1_000_000, 10_000, 20_000, null, null);
        }

        public Settings withLockCalls(int perNode) {
            return new Settings(perNode, unlock, maxStrayCallsPerNode, maxTopologyChanges, potentialEdges,
                    maxStates, maxFindingsKept, maxFrontierSimulations, targetName, target);
        }

        public Settings withUnlock(boolean on) {
            return new Settings(maxLockCallsPerNode, on, maxStrayCallsPerNode, maxTopologyChanges, potentialEdges,
                    maxStates, maxFindingsKept, maxFrontierSimulations, targetName, target);
        }

        /** Up to {@code perNode} stray calls at each node (see {@link Settings}). */
        public Settings withStrayCalls(int perNode) {
            return new Settings(maxLockCallsPerNode, unlock, perNode, maxTopologyChanges, potentialEdges,
                    maxStates, maxFindingsKept, maxFrontierSimulations, targetName, target);
        }

        /** Up to {@code changes} cuts and links; {@code edges} are the pairs that may be (re)linked. */
        public Settings withTopologyChanges(int changes, int[]... edges) {
            return new Settings(maxLockCallsPerNode, unlock, maxStrayCallsPerNode, changes, List.of(edges),
                    maxStates, maxFindingsKept, maxFrontierSimulations, targetName, target);
        }

        public Settings withMaxStates(int states) {
            return new Settings(maxLockCallsPerNode, unlock, maxStrayCallsPerNode, maxTopologyChanges, potentialEdges,
                    states, maxFindingsKept, maxFrontierSimulations, targetName, target);
        }

        public Settings withMaxFindingsKept(int kept) {
            return new Settings(maxLockCallsPerNode, unlock, maxStrayCallsPerNode, maxTopologyChanges, potentialEdges,
                    maxStates, kept, maxFrontierSimulations, targetName, target);
        }

        public Settings withMaxFrontierSimulations(int sims) {
            return new Settings(maxLockCallsPerNode, unlock, maxStrayCallsPerNode, maxTopologyChanges, potentialEdges,
                    maxStates, maxFindingsKept, sims, targetName, target);
        }

        /** Reports every new state satisfying {@code predicate} as a finding named {@code name}. */
        public Settings withTarget(String name, Predicate<Simulation> predicate) {
            return new Settings(maxLockCallsPerNode, unlock, maxStrayCallsPerNode, maxTopologyChanges, potentialEdges,
                    maxStates, maxFindingsKept, maxFrontierSimulations, name, predicate);
        }
    }

    /** One step of a path: the round it happens in, the move and a sentence describing it. */
    public record Step(int round, Move move, String text) {
        @Override
        public String toString() {
            return "r" + round + ": " + text;
        }
    }

    /** A finding: the violation a step produced and, on demand, the path that leads to it. */
    public final class Finding {
        private final String check;
        private final Violation violation;
        private final String error;
        private final int from;
        private final int move;
        private final int length;
        private Path path;

        private Finding(String check, Violation violation, String error, int from, int move, int length) {
            this.check = check;
            this.violation = violation;
            this.error = error;
            this.from = from;
            this.move = move;
            this.length = length;
        }

        public String check() { return check; }

        /** The violation, or null for an {@value Explorer#ERROR} finding. */
        public Violation violation() { return violation; }

        /** A sentence: the violation's, or the exception's message. */
        public String message() { return violation != null ? violation.message() : error; }

        /** Steps from the start to the finding, the last one included. */
        public int length() { return length; }

        /** The path from the start, rebuilt by replay (and cached). */
        public Path path() {
            if (path == null) path = Explorer.this.path(from, move);
            return path;
        }

        @Override
        public String toString() {
            return check + " after " + length + " steps: " + message();
        }
    }

    /** What an exploration found. */
    public final class Result {
        private final int states;
        private final long transitions;
        private final int maxDepth;
        private final boolean exhausted;
        private final long millis;
        private final int[] levels;

        private Result(int states, long transitions, int maxDepth, boolean exhausted, long millis) {
            this.states = states;
            this.levels = levelSizes.stream().mapToInt(Integer::intValue).toArray();
            this.transitions = transitions;
            this.maxDepth = maxDepth;
            this.exhausted = exhausted;
            this.millis = millis;
        }

        /** Distinct states discovered (the start included). */
        public int states() { return states; }

        /** Steps taken (moves applied), including those leading to states seen before. */
        public long transitions() { return transitions; }

        /** The largest number of steps from the start to a discovered state (its shortest path). */
        public int maxDepth() { return maxDepth; }

        /** Whether every reachable state within the bounds was expanded (not cut short by maxStates). */
        public boolean exhausted() { return exhausted; }

        /** Distinct states first reached at each depth (index = steps from the start). */
        public int[] levelSizes() { return levels.clone(); }

        /**
         * Every path of at most this many steps was tried: all states at smaller depths were
         * expanded. So no finding is missing among paths this short; with {@link #exhausted()},
         * none is missing at all.
         */
        public int completeDepth() { return completeDepth; }

        /** Wall-clock time of the exploration (informative only). */
        public long millis() { return millis; }

        /** The first (a shortest) finding of each check, in discovery order. */
        public Map<String, Finding> firstFindings() {
            return Collections.unmodifiableMap(first);
        }

        public Finding first(String check) {
            return first.get(check);
        }

        /** How many steps produced a finding of each check (by check name). */
        public Map<String, Integer> findingCounts() {
            return Collections.unmodifiableMap(counts);
        }

        /** The findings kept (at most {@link Settings#maxFindingsKept}), in discovery order: shortest first. */
        public List<Finding> findings() {
            return Collections.unmodifiableList(kept);
        }

        public List<Finding> findings(String check) {
            List<Finding> out = new ArrayList<>();
            for (Finding f : kept) if (f.check.equals(check)) out.add(f);
            return out;
        }

        public boolean clean() {
            return counts.isEmpty();
        }

        /** One line per number, then the first finding of each check. */
        public String summary() {
            StringBuilder sb = new StringBuilder();
            sb.append("states=").append(states).append(" transitions=").append(transitions)
                    .append(" maxDepth=").append(maxDepth).append(" completeDepth=").append(completeDepth)
                    .append(" exhausted=").append(exhausted)
                    .append(" time=").append(millis).append("ms");
            sb.append(" findings=").append(counts.isEmpty() ? "none" : counts.toString());
            for (Finding f : first.values()) sb.append("\n  first ").append(f);
            return sb.toString();
        }

        @Override
        public String toString() {
            return summary();
        }
    }

    /** A path from the start: its steps, and replay into a simulation. */
    public static final class Path {
        private final Simulation start;
        private final List<Step> steps;

        Path(Simulation start, List<Step> steps) {
            this.start = start;
            this.steps = List.copyOf(steps);
        }

        public List<Step> steps() { return steps; }

        public int size() { return steps.size(); }

        public List<Move> moves() {
            List<Move> out = new ArrayList<>(steps.size());
            for (Step s : steps) out.add(s.move());
            return out;
        }

        /** The simulation the path starts from (not modified). */
        public Simulation start() { return start; }

        /** A copy of the start with every step applied (each followed by {@code endRound()}). */
        public Simulation replay() {
            Simulation sim = start.copy();
            for (Step s : steps) {
                // The moves hold envelopes of the original replay; ids are the same in a fresh one.
                s.move().apply(sim);
                sim.endRound();
            }
            return sim;
        }

        /** The scripted schedule of this path in the scenario format; see {@link Explorer#toSchedule}. */
        public String toSchedule() {
            return Explorer.toSchedule(this);
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            for (Step s : steps) sb.append(s).append('\n');
            return sb.toString();
        }
    }

    // ------------------------------------------------------------------ the search

    private final Simulation start;
    private final Settings settings;
    private final int n;

    private int[] parent = new int[1024];
    private int[] moveIndex = new int[1024];
    private int stateCount;
    private final List<Integer> levelSizes = new ArrayList<>();
    private int completeDepth;
    private final Map<String, Finding> first = new LinkedHashMap<>();
    private final Map<String, Integer> counts = new TreeMap<>();
    private final List<Finding> kept = new ArrayList<>();
    private Result result;
    private Simulation root;
    private byte[] rootCounters;
    private Simulation[] cacheSim;
    private int[] cacheIdx;
    private byte[][] cacheCounters;

    Simulation start() {
        return start;
    }

    public Explorer(Simulation start, Settings settings) {
        this.start = start.copy();
        this.settings = settings;
        this.n = start.nodeCount();
        for (int[] e : settings.potentialEdges()) {
            if (e[1] >= n) throw new IllegalArgumentException("potential edge names no node " + e[1]);
        }
        if (start.executionsInFlight() != 0) throw new IllegalArgumentException("start has executions under way");
        if (settings.maxTopologyChanges() > 0 && start.config().portAssignment() != PortAssignment.LOWEST) {
            // A seeded-random port choice depends on the random stream, which configurations ignore.
            throw new IllegalArgumentException("topology changes need the lowest-port assignment to be explored");
        }
    }

    /** Explores (once; later calls return the same result). */
    public Result run() {
        if (result != null) return result;
        long t0 = System.nanoTime();
        Set<Key> visited = new HashSet<>();
        root = start.copy();
        root.graph().disableHistory(); // no check asks for edge history; saves memory per frontier state
        rootCounters = new byte[counterCount()];
        visited.add(new Key(root.configuration(), rootCounters));
        addState(-1, -1);
        List<Node> level = new ArrayList<>();
        level.add(new Node(0, root, rootCounters));
        levelSizes.add(1);
        long transitions = 0;
        int depth = 0;
        boolean full = stateCount >= settings.maxStates();
        search:
        while (!level.isEmpty() && !full) {
            List<Node> next = new ArrayList<>();
            int stored = 0;
            for (int li = 0; li < level.size(); li++) {
                Node node = level.get(li);
                level.set(li, null); // let the expanded simulation go
                Simulation sim = node.sim != null ? node.sim : rebuild(node.index, depth);
                List<Move> moves = moves(sim, node.counters);
                for (int mi = 0; mi < moves.size(); mi++) {
                    Move m = moves.get(mi);
                    Simulation child = sim.copy();
                    byte[] counters = after(node.counters, m, sim);
                    List<Violation> found;
                    transitions++;
                    try {
                        m.apply(child);
                        found = child.endRound();
                    } catch (RuntimeException e) {
                        record(ERROR, null, e.getClass().getSimpleName() + ": " + e.getMessage(), node.index, mi, depth + 1);
                        continue;
                    }
                    for (Violation v : found) record(v.check(), v, null, node.index, mi, depth + 1);
                    if (visited.add(new Key(child.configuration(), counters))) {
                        int index = addState(node.index, mi);
                        boolean keep = stored < settings.maxFrontierSimulations();
                        if (keep) stored++;
                        next.add(new Node(index, keep ? child : null, counters));
                        if (settings.target() != null && settings.target().test(child)) {
                            record(settings.targetName(), null, "reached a state satisfying " + settings.targetName(),
                                    node.index, mi, depth + 1);
                        }
                        if (stateCount >= settings.maxStates()) {
                            full = true;
                            depth++;
                            levelSizes.add(next.size());
                            break search;
                        }
                    }
                }
            }
            // Every state at this depth is expanded: all paths of depth + 1 steps were tried.
            completeDepth = depth + 1;
            level = next;
            if (!level.isEmpty()) {
                depth++;
                levelSizes.add(level.size());
            }
        }
        cacheSim = null;
        boolean exhausted = !full;
        result = new Result(stateCount, transitions, depth, exhausted, (System.nanoTime() - t0) / 1_000_000);
        return result;
    }

    /**
     * The simulation of state {@code index} at {@code depth}, rebuilt from its parent's (itself
     * rebuilt or cached) exactly as it was first computed. One cached simulation per depth: a
     * level's states come grouped by parent, so each ancestor is rebuilt about once per level.
     */
    private Simulation rebuild(int index, int depth) {
        if (depth == 0) return root;
        if (cacheSim == null) {
            cacheSim = new Simulation[16];
            cacheIdx = new int[16];
            cacheCounters = new byte[16][];
            Arrays.fill(cacheIdx, -1);
        }
        if (depth >= cacheSim.length) {
            int old = cacheSim.length;
            cacheSim = Arrays.copyOf(cacheSim, depth * 2);
            cacheIdx = Arrays.copyOf(cacheIdx, depth * 2);
            cacheCounters = Arrays.copyOf(cacheCounters, depth * 2);
            Arrays.fill(cacheIdx, old, cacheIdx.length, -1);
        }
        if (cacheIdx[depth] == index) return cacheSim[depth];
        int p = parent[index];
        Simulation ps = rebuild(p, depth - 1);
        byte[] pc = depth == 1 ? rootCounters : cacheCounters[depth - 1];
        Move m = moves(ps, pc).get(moveIndex[index]);
        Simulation s = ps.copy();
        m.apply(s);
        s.endRound();
        cacheSim[depth] = s;
        cacheIdx[depth] = index;
        cacheCounters[depth] = after(pc, m, ps);
        return s;
    }

    private void record(String check, Violation v, String error, int from, int move, int length) {
        counts.merge(check, 1, Integer::sum);
        Finding f = null;
        if (!first.containsKey(check)) {
            f = new Finding(check, v, error, from, move, length);
            first.put(check, f);
        }
        if (kept.size() < settings.maxFindingsKept()) kept.add(f != null ? f : new Finding(check, v, error, from, move, length));
    }

    private int addState(int par, int move) {
        if (stateCount == parent.length) {
            parent = Arrays.copyOf(parent, parent.length * 2);
            moveIndex = Arrays.copyOf(moveIndex, moveIndex.length * 2);
        }
        parent[stateCount] = par;
        moveIndex[stateCount] = move;
        return stateCount++;
    }

    /**
     * Counters per state: Lock calls per node, then topology changes, then (only with stray calls
     * on, so that the keys and counts of other explorations stay as they were) stray calls per node.
     */
    private int counterCount() {
        return settings.maxStrayCallsPerNode() > 0 ? 2 * n + 1 : n + 1;
    }

    /** The counters of the start state (all zero). */
    byte[] startCounters() {
        return new byte[counterCount()];
    }

    /** Every move available in a state, in the documented order. */
    List<Move> moves(Simulation sim, byte[] counters) {
        List<Move> out = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            if (sim.hasPendingCalls(u)) continue;
            OperationStatus s = sim.status(u);
            if (s == OperationStatus.IDLE && counters[u] < settings.maxLockCallsPerNode()) {
                out.add(new Move.CallMove(u, Call.LOCK));
            } else if (s == OperationStatus.LOCKED && settings.unlock()) {
                out.add(new Move.CallMove(u, Call.UNLOCK));
            }
            if (settings.maxStrayCallsPerNode() > 0 && counters[n + 1 + u] < settings.maxStrayCallsPerNode()) {
                if (s != OperationStatus.IDLE) out.add(new Move.CallMove(u, Call.LOCK));
                if (s != OperationStatus.LOCKED) out.add(new Move.CallMove(u, Call.UNLOCK));
            }
        }
        for (Choice c : sim.choices()) {
            int[] bounds = sim.drawBounds(c);
            int[] draws = new int[bounds.length];
            while (true) {
                out.add(new Move.Execute(c.withDraws(draws)));
                int i = draws.length - 1;
                while (i >= 0 && ++draws[i] == bounds[i]) draws[i--] = 0;
                if (i < 0) break;
            }
        }
        if (counters[n] < settings.maxTopologyChanges()) {
            for (int u = 0; u < n; u++) {
                for (int v = u + 1; v < n; v++) {
                    if (sim.graph().adjacent(u, v)) out.add(new Move.Cut(u, v));
                }
            }
            for (int[] e : settings.potentialEdges()) {
                if (!sim.graph().adjacent(e[0], e[1]) && sim.graph().hasOpenPort(e[0]) && sim.graph().hasOpenPort(e[1])) {
                    out.add(new Move.Link(e[0], e[1]));
                }
            }
        }
        return out;
    }

    /**
     * The counters after {@code m}. A call is stray when the node's status turns it away: the
     * caller passes the simulation the move applies to (before applying it).
     */
    byte[] after(byte[] counters, Move m, Simulation before) {
        if (m instanceof Move.CallMove c) {
            OperationStatus s = before.status(c.node());
            boolean stray = c.call() == Call.LOCK ? s != OperationStatus.IDLE : s != OperationStatus.LOCKED;
            if (stray) {
                byte[] b = counters.clone();
                b[n + 1 + c.node()]++;
                return b;
            }
            if (c.call() == Call.UNLOCK) return counters;
            byte[] b = counters.clone();
            b[c.node()]++;
            return b;
        }
        if (m instanceof Move.Cut || m instanceof Move.Link) {
            byte[] b = counters.clone();
            b[n]++;
            return b;
        }
        return counters;
    }

    /** Rebuilds the path to state {@code to} followed by its move number {@code last}, by replay. */
    private Path path(int to, int last) {
        List<Integer> indices = new ArrayList<>();
        indices.add(last);
        for (int s = to; parent[s] >= 0; s = parent[s]) indices.add(moveIndex[s]);
        Collections.reverse(indices);
        Simulation sim = start.copy();
        byte[] counters = new byte[counterCount()];
        List<Step> steps = new ArrayList<>(indices.size());
        for (int idx : indices) {
            Move m = moves(sim, counters).get(idx);
            steps.add(new Step(sim.round(), m, m.describe(sim)));
            counters = after(counters, m, sim);
            m.apply(sim);
            sim.endRound();
        }
        return new Path(start, steps);
    }

    /** A state of the frontier. */
    private record Node(int index, Simulation sim, byte[] counters) {}

    /** The visited-set key: configuration plus Lock-call counters per node and topology changes. */
    private static final class Key {
        private final Configuration config;
        private final byte[] counters;
        private final int hash;

        Key(Configuration config, byte[] counters) {
            this.config = config;
            this.counters = counters;
            this.hash = config.hashCode() * 31 + Arrays.hashCode(counters);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && Arrays.equals(k.counters, counters) && k.config.equals(config);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    // ------------------------------------------------------------------ schedules

    /**
     * Renders a path as the parts of a scenario file that reproduce it: {@code "workload"} (the
     * calls), {@code "dynamics"} (cuts and links) and a {@code "scheduler"} of policy
     * {@code "scripted"} (one step per execution, with port, full message label and draws). Step
     * i happens in round {@code start.round() + i}, one move per round, as in the exploration. A
     * scenario adversary links the initial edges at round 0 before anything else, then applies
     * the round's dynamics and calls, then the scripted executions — so a start simulation at
     * round 0 whose only history is its initial links replays exactly when those edges are the
     * scenario's {@code "edges"} (in the same order). Returns a JSON object text (without the
     * enclosing braces' siblings: paste its members into a scenario).
     */
    public static String toSchedule(Path path) {
        Simulation names = path.start();
        List<String> calls = new ArrayList<>();
        List<String> dynamics = new ArrayList<>();
        List<String> steps = new ArrayList<>();
        for (Step s : path.steps()) {
            int r = s.round();
            Move m = s.move();
            if (m instanceof Move.CallMove c) {
                calls.add("{\"round\": " + r + ", \"node\": " + q(names.nodeName(c.node())) + ", \"call\": " + q(c.call().json()) + "}");
            } else if (m instanceof Move.Cut c) {
                dynamics.add("{\"round\": " + r + ", \"cut\": [" + q(names.nodeName(c.u())) + ", " + q(names.nodeName(c.v())) + "]}");
            } else if (m instanceof Move.Link l) {
                dynamics.add("{\"round\": " + r + ", \"link\": [" + q(names.nodeName(l.u())) + ", " + q(names.nodeName(l.v())) + "]}");
            } else if (m instanceof Move.Execute e) {
                Choice c = e.choice();
                StringBuilder sb = new StringBuilder();
                sb.append("{\"round\": ").append(r).append(", \"node\": ").append(q(names.nodeName(c.node())))
                        .append(", \"action\": ").append(q(e.label(names)));
                if (c.message() != null) {
                    sb.append(", \"port\": ").append(c.message().toPort())
                            .append(", \"message\": ").append(q(c.message().message().label()));
                }
                if (c.draws() != null && c.draws().length > 0) {
                    sb.append(", \"draws\": [");
                    for (int i = 0; i < c.draws().length; i++) sb.append(i > 0 ? ", " : "").append(c.draws()[i]);
                    sb.append(']');
                }
                steps.add(sb.append('}').toString());
            }
        }
        StringBuilder out = new StringBuilder("{\n");
        out.append("  \"workload\": ").append(list(calls, "    ")).append(",\n");
        out.append("  \"dynamics\": ").append(list(dynamics, "    ")).append(",\n");
        out.append("  \"scheduler\": {\"policy\": \"scripted\", \"steps\": ").append(list(steps, "    ")).append("}\n");
        return out.append('}').toString();
    }

    /**
     * A complete scenario file ({@code lockstep-scenario/1}) that replays the path: the start's
     * nodes, positions, Δ, channels, seed and lockout bound, its edges as initial {@code "edges"},
     * then {@link #toSchedule}'s workload, dynamics and scripted scheduler; {@code extraRounds}
     * quiet rounds follow the last step. The protocol's name and parameters are not known to the
     * core, so they are given ({@code paramsJson} is a JSON object text, e.g.
     * {@code {"K": 2, "variant": "paper"}}).
     *
     * @throws IllegalArgumentException if the start is not what such a scenario produces at round
     *                                  0: a fresh simulation with exactly these edges linked in
     *                                  (u, v) order and nothing else
     */
    public static String toScenario(Path path, String name, String protocol, String paramsJson, int extraRounds) {
        Simulation start = path.start();
        SimulationConfig cfg = start.config();
        int n = start.nodeCount();
        List<int[]> edges = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            for (int v = u + 1; v < n; v++) if (start.graph().adjacent(u, v)) edges.add(new int[] {u, v});
        }
        Simulation fresh = new Simulation(cfg);
        for (int[] e : edges) fresh.link(e[0], e[1]);
        if (start.round() != 0 || !fresh.configuration().equals(start.configuration())) {
            throw new IllegalArgumentException("the start is not a scenario's round 0 with its initial edges linked");
        }
        StringBuilder sb = new StringBuilder("{\n");
        sb.append("  \"format\": \"lockstep-scenario/1\",\n");
        sb.append("  \"name\": ").append(q(name)).append(",\n");
        sb.append("  \"protocol\": ").append(q(protocol)).append(",\n");
        sb.append("  \"params\": ").append(paramsJson).append(",\n");
        sb.append("  \"delta\": ").append(cfg.delta()).append(",\n");
        sb.append("  \"seed\": ").append(cfg.seed()).append(",\n");
        sb.append("  \"rounds\": ").append(path.size() + extraRounds).append(",\n");
        sb.append("  \"channels\": ").append(q(cfg.channels().json())).append(",\n");
        sb.append("  \"nodes\": [");
        for (int u = 0; u < n; u++) {
            sb.append(u > 0 ? ", " : "").append("{\"id\": ").append(q(start.nodeName(u))).append(", \"x\": ")
                    .append(number(start.graph().x(u))).append(", \"y\": ").append(number(start.graph().y(u)));
            if (cfg.regions() != null) sb.append(", \"region\": ").append(q(cfg.regions().get(u)));
            sb.append('}');
        }
        sb.append("],\n  \"edges\": [");
        for (int i = 0; i < edges.size(); i++) {
            sb.append(i > 0 ? ", " : "").append('[').append(q(start.nodeName(edges.get(i)[0]))).append(", ")
                    .append(q(start.nodeName(edges.get(i)[1]))).append(']');
        }
        sb.append("],\n");
        sb.append("  \"checks\": {\"lockoutBound\": ").append(cfg.checks().lockoutBound()).append("},\n");
        String schedule = toSchedule(path);
        sb.append(schedule, 2, schedule.length()); // its members, after "{\n"
        return sb.append('\n').toString();
    }

    private static String number(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) return Long.toString((long) d);
        return Double.toString(d);
    }

    private static String list(List<String> items, String indent) {
        if (items.isEmpty()) return "[]";
        StringBuilder sb = new StringBuilder("[\n");
        for (int i = 0; i < items.size(); i++) {
            sb.append(indent).append(items.get(i)).append(i + 1 < items.size() ? ",\n" : "\n");
        }
        return sb.append(indent, 0, indent.length() - 2).append(']').toString();
    }

    /** A JSON string literal (the core does not depend on the json package). */
    private static String q(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') sb.append('\\').append(c);
            else if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
            else sb.append(c);
        }
        return sb.append('"').toString();
    }
}
