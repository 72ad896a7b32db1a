package dev.lockstep.explore;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.Violation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Exhaustive breadth-first exploration of every adversary behaviour from a start simulation,
 * within bounds on application calls and topology changes. It knows nothing of any protocol and
 * relies only on {@link Simulation}'s primitives ({@code choices}, {@code drawBounds},
 * {@code execute}, {@code call}, {@code cut}, {@code link}, {@code endRound}, {@code copy},
 * {@code configuration}). The pieces: {@link MoveGenerator} (the moves of a state and the
 * counters that bound them), {@link StateKey} (when two states are the same), {@link StateTree}
 * (how a state was reached, and paths rebuilt from that) and the breadth-first search here.
 *
 * <h2>Transitions</h2>
 * A step copies the simulation, applies <em>one</em> {@link AdversaryMove} and ends the round, so every
 * step is a round of its own: a message sent in step i can be received from step i + 1 on, and a
 * topology change is applied at the start of its round, before anything else. The moves of a
 * state, in this fixed order:
 * <ol>
 *   <li>application calls, by node: Lock at a node whose status is IDLE, with no pending call and
 *       fewer than {@link ExplorerSettings#maxLockCallsPerNode} Lock calls so far; Unlock (if
 *       {@link ExplorerSettings#unlock}) at a LOCKED node with no pending call; then, while the node made
 *       fewer than {@link ExplorerSettings#maxStrayCallsPerNode} of them, the <em>stray</em> calls a
 *       protocol's own test turns away: Lock at a node that is not IDLE, Unlock at one that is not
 *       LOCKED (an execution all the same, which consumes the node's disconnections);</li>
 *   <li>every enabled choice of every node ({@link Simulation#choices()}: node, action, message)
 *       with every combination of its random draws ({@link Simulation#drawBounds}), in
 *       lexicographic order;</li>
 *   <li>while fewer than {@link ExplorerSettings#maxTopologyChanges} changes were made: a cut of every
 *       present edge (u &lt; v), then a link of every absent pair of
 *       {@link ExplorerSettings#potentialEdges} whose ends both have an open port.</li>
 * </ol>
 *
 * <h2>States</h2>
 * Two states are the same when their {@link dev.lockstep.core.Configuration}s are equal and so are the per-node
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
 * {@value Finding#ERROR}). Breadth-first order makes the first finding of each check a shortest one.
 *
 * <h2>Reductions</h2>
 * With {@link Reductions#symmetry} (for {@link dev.lockstep.core.Protocol#anonymous() anonymous}
 * protocols only) a state is looked up under its canonical form ({@link Symmetry}): a state and
 * its image under an automorphism of the port-labelled graph are one state; the state kept is the
 * one reached, so paths replay unchanged. With {@link Reductions#partialOrder} a state's moves that
 * its sleep set holds are not taken ({@link SleepSets}): the same states are discovered at the same
 * depths through fewer transitions. Neither changes which checks fire or the length of their
 * first findings; both lower the counts of findings (fewer transitions, and symmetric twins are
 * one).
 *
 * <h2>Memory</h2>
 * Per state the explorer keeps its key (configuration and a few counter bytes) in the visited
 * set, plus two ints: the parent's index and the move's index in the parent's move list. Paths
 * are rebuilt on demand by replaying those indices from the start. Full simulations are kept only
 * for up to {@link ExplorerSettings#maxFrontierSimulations} states of the next level; the others are
 * rebuilt from their parent when expanded (one cached simulation per depth; a level's states come
 * grouped by parent, so this costs about one extra step per state).
 *
 * <p>Deterministic: moves come in a fixed order, levels are expanded in discovery order, and no
 * output depends on hash order.
 */
public final class Explorer {
    private final Simulation start;
    private final ExplorerSettings settings;
    private final MoveGenerator generator;
    private final StateTree tree;
    private final Symmetry symmetry;
    private final SleepSets.Rule sleepRule;

    private final List<Integer> levelSizes = new ArrayList<>();
    private final Map<String, Finding> first = new LinkedHashMap<>();
    private final Map<String, Integer> counts = new TreeMap<>();
    private final List<Finding> kept = new ArrayList<>();
    private ExplorationResult result;
    private Simulation root;
    private byte[] rootCounters;
    private Simulation[] cacheSim;
    private int[] cacheIdx;
    private byte[][] cacheCounters;

    /** @throws IllegalArgumentException if the start and settings cannot be explored (see {@link MoveGenerator}) */
    public Explorer(Simulation start, ExplorerSettings settings) {
        this(start, settings, SleepSets.Rule.EXACT);
    }

    /** With a given sleep-set rule: tests try the unsound ones to see the properties catch them. */
    Explorer(Simulation start, ExplorerSettings settings, SleepSets.Rule sleepRule) {
        this.start = start.copy();
        this.settings = settings;
        this.generator = new MoveGenerator(start, settings);
        this.tree = new StateTree(this.start, generator);
        this.symmetry = Symmetry.of(this.start, settings);
        this.sleepRule = sleepRule;
    }

    /** The key under which a state is looked up: its canonical form under symmetry, else configuration and counters. */
    private Object key(Simulation sim, byte[] counters) {
        return symmetry != null ? symmetry.key(sim, counters) : new StateKey(sim.configuration(), counters);
    }

    /** The states discovered (test access: replays them). */
    StateTree tree() {
        return tree;
    }

    /** Explores (once; later calls return the same result). */
    public ExplorationResult run() {
        return run(ExplorationMonitor.NONE);
    }

    /**
     * Explores (once; later calls return the same result), reporting progress to {@code monitor}
     * and stopping when it asks to. The monitor changes nothing else: what is explored, in what
     * order, and what is found are the same with any monitor that does not cancel.
     */
    public ExplorationResult run(ExplorationMonitor monitor) {
        if (result != null) return result;
        long t0 = System.nanoTime();
        Set<Object> visited = new HashSet<>();
        SleepSets sleep = settings.reductions().partialOrder() ? new SleepSets(sleepRule) : null;
        root = start.copy();
        root.graph().disableHistory(); // no check asks for edge history; saves memory per frontier state
        rootCounters = generator.startCounters();
        visited.add(key(root, rootCounters));
        tree.add(-1, -1);
        List<FrontierState> level = new ArrayList<>();
        level.add(new FrontierState(0, root, rootCounters));
        levelSizes.add(1);
        long transitions = 0;
        int depth = 0;
        int completeDepth = 0;
        ExplorationResult.Stop stop = tree.size() >= settings.maxStates() ? ExplorationResult.Stop.MAX_STATES : null;
        search:
        while (!level.isEmpty() && stop == null) {
            if (depth >= settings.maxDepth()) {
                // The states of this level are discovered (and were checked on arrival) but not expanded.
                stop = ExplorationResult.Stop.MAX_DEPTH;
                break;
            }
            List<FrontierState> next = new ArrayList<>();
            int stored = 0;
            for (int li = 0; li < level.size(); li++) {
                if (monitor.cancelled()) {
                    stop = ExplorationResult.Stop.CANCELLED;
                    break search;
                }
                FrontierState node = level.get(li);
                level.set(li, null); // let the expanded simulation go
                Simulation sim = node.sim() != null ? node.sim() : rebuild(node.index(), depth);
                List<AdversaryMove> moves = generator.moves(sim, node.counters());
                SleepSets.MoveId[] asleep = sleep == null ? null : sleep.sleep(li);
                List<SleepSets.MoveId> taken = sleep == null ? null : new ArrayList<>();
                for (int mi = 0; mi < moves.size(); mi++) {
                    AdversaryMove m = moves.get(mi);
                    SleepSets.MoveId id = sleep == null ? null : SleepSets.id(m);
                    if (sleep != null && SleepSets.asleep(asleep, id)) continue;
                    if (sleep != null) taken.add(id); // the moves before this one: all of taken but its last
                    Simulation child = sim.copy();
                    byte[] counters = generator.after(node.counters(), m, sim);
                    List<Violation> found;
                    if ((++transitions & (ExplorationMonitor.PROGRESS_EVERY - 1)) == 0) {
                        monitor.progress(progress(depth, transitions, level.size() - li - 1 + next.size(), t0));
                        if (monitor.cancelled()) {
                            stop = ExplorationResult.Stop.CANCELLED;
                            break search;
                        }
                    }
                    try {
                        m.apply(child);
                        found = child.endRound();
                    } catch (RuntimeException e) {
                        record(Finding.ERROR, null, e.getClass().getSimpleName() + ": " + e.getMessage(), node.index(), mi, depth + 1);
                        continue;
                    }
                    for (Violation v : found) record(v.check(), v, null, node.index(), mi, depth + 1);
                    Object key = key(child, counters);
                    int[] pi = key instanceof Symmetry.CanonicalKey k ? k.pi() : null;
                    if (!visited.add(key)) {
                        int at = sleep == null ? -1 : sleep.nextLevelIndex(key);
                        if (at >= 0) sleep.revisited(at, sleep.child(asleep, taken, id, sim), pi);
                    } else {
                        if (sleep != null) sleep.discovered(key, sleep.child(asleep, taken, id, sim), pi);
                        int index = tree.add(node.index(), mi);
                        boolean keep = stored < settings.maxFrontierSimulations();
                        if (keep) stored++;
                        next.add(new FrontierState(index, keep ? child : null, counters));
                        if (settings.target() != null && settings.target().test(child)) {
                            record(settings.targetName(), null, "reached a state satisfying " + settings.targetName(),
                                    node.index(), mi, depth + 1);
                        }
                        if (tree.size() >= settings.maxStates()) {
                            stop = ExplorationResult.Stop.MAX_STATES;
                            depth++;
                            levelSizes.add(next.size());
                            break search;
                        }
                    }
                }
            }
            // Every state at this depth is expanded: all paths of depth + 1 steps were tried.
            completeDepth = depth + 1;
            if (sleep != null) sleep.endLevel();
            level = next;
            if (!level.isEmpty()) {
                depth++;
                levelSizes.add(level.size());
            }
            monitor.progress(progress(depth, transitions, level.size(), t0));
        }
        if (stop == null) stop = ExplorationResult.Stop.EXHAUSTED;
        cacheSim = null;
        int[] levels = levelSizes.stream().mapToInt(Integer::intValue).toArray();
        long nanos = System.nanoTime() - t0;
        monitor.progress(new ExplorationProgress(tree.size(), depth, transitions, 0, findingSteps(), nanos));
        result = new ExplorationResult(tree.size(), transitions, depth, completeDepth, stop,
                nanos / 1_000_000, levels, first, counts, kept)
                .used(settings.reductions().withSymmetry(symmetry != null), Symmetry.refusal(start, settings));
        return result;
    }

    private ExplorationProgress progress(int depth, long transitions, int frontier, long t0) {
        return new ExplorationProgress(tree.size(), depth, transitions, frontier, findingSteps(), System.nanoTime() - t0);
    }

    private int findingSteps() {
        int total = 0;
        for (int c : counts.values()) total += c;
        return total;
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
        Simulation ps = rebuild(tree.parent(index), depth - 1);
        byte[] pc = depth == 1 ? rootCounters : cacheCounters[depth - 1];
        AdversaryMove m = generator.moves(ps, pc).get(tree.moveIndex(index));
        Simulation s = ps.copy();
        m.apply(s);
        s.endRound();
        cacheSim[depth] = s;
        cacheIdx[depth] = index;
        cacheCounters[depth] = generator.after(pc, m, ps);
        return s;
    }

    private void record(String check, Violation v, String error, int from, int move, int length) {
        counts.merge(check, 1, Integer::sum);
        Finding f = null;
        if (!first.containsKey(check)) {
            f = finding(check, v, error, from, move, length);
            first.put(check, f);
        }
        if (kept.size() < settings.maxFindingsKept()) kept.add(f != null ? f : finding(check, v, error, from, move, length));
    }

    private Finding finding(String check, Violation v, String error, int from, int move, int length) {
        return new Finding(check, v, error, length, () -> tree.path(from, move));
    }

    /** A state of the frontier: its index in the tree, its simulation if kept, and its counters. */
    private record FrontierState(int index, Simulation sim, byte[] counters) {}
}
