package dev.lockstep.explore;

import dev.lockstep.core.Configuration;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Violation;
import dev.lockstep.core.Workers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;

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
 * one). Canonical keys are computed while merging, on one thread, in merge order: {@link Symmetry}
 * numbers node states and messages by first sight, and the automorphism it picks (which the sleep
 * sets compare) depends on that numbering, so computing them on the threads would let the thread
 * count change the transitions taken. Sleep sets of the level being expanded are handed to the
 * threads before each batch, and a successor's sleep set is computed on its thread.
 *
 * <h2>Memory</h2>
 * Per state the explorer keeps its key (configuration and a few counter bytes) in the visited
 * set, or with {@link Reductions#fingerprints} a 64-bit fingerprint of it ({@link FingerprintSet}),
 * plus two ints: the parent's index and the move's index in the parent's move list. Paths
 * are rebuilt on demand by replaying those indices from the start. The two levels held (the one
 * expanded and the next) are packed ({@link Frontier}: a state's tree index and counter bytes).
 * Full simulations are kept only for the first {@link ExplorerSettings#maxFrontierSimulations}
 * states of the next level; the others are rebuilt from their parent when expanded
 * ({@link Rebuilder}: one cached simulation per depth and thread; a level's states come grouped
 * by parent, so this costs about one extra step per state).
 *
 * <h2>Threads</h2>
 * With {@link Reductions#threads} above one, a level's states are expanded in batches on that many
 * threads, and each batch's successors are merged into the visited set and the tree on the calling
 * thread in the order one thread would reach them (state order, then move order). States, their
 * indices, levels, findings and their paths, counts, and where {@code maxStates} cuts are the same
 * for every thread count. The expanding threads also compute each successor's fingerprint once its
 * node states and messages are all numbered ({@link VisitedSet#prepare}), so the merge mostly
 * inserts. The monitor is called on the calling thread only; a target predicate
 * is evaluated on the expanding threads, for every successor, so it must not depend on anything
 * but its argument.
 *
 * <p>Deterministic: moves come in a fixed order, levels are expanded in discovery order, and no
 * output depends on hash order.
 */
public final class Explorer {
    /** Frontier states a thread expands between two merges: large enough to share, small enough to hold. */
    private static final int BATCH_PER_THREAD = 64;
    /**
     * The fewest consecutive states a thread takes on: a range's first state may have to rebuild
     * its ancestors (the thread's {@link Rebuilder} last worked elsewhere), the rest mostly not.
     */
    private static final int RANGE = 32;
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
        int threads = settings.reductions().threads();
        Workers workers = threads == 1 ? Workers.SINGLE : new Workers(threads);
        try {
            result = search(monitor, workers);
        } finally {
            workers.close();
        }
        return result;
    }

    /**
     * Level by level, in batches of consecutive frontier states: the batch's states are expanded
     * (on the workers, each range writing only its own states' slots), then their successors are
     * merged on this thread in state order and move order — the order one thread expands them
     * in — so indices, levels, findings, counts and where a bound cuts do not depend on the
     * thread count. Only a batch's successors are held at once.
     */
    private ExplorationResult search(ExplorationMonitor monitor, Workers workers) {
        long t0 = System.nanoTime();
        VisitedSet visited = settings.reductions().fingerprints() ? new FingerprintSet() : new VisitedSet.FullKeys();
        root = start.copy();
        root.graph().disableHistory(); // no check asks for edge history; saves memory per frontier state
        rootCounters = generator.startCounters();
        SleepSets sleep = settings.reductions().partialOrder() ? new SleepSets(sleepRule) : null;
        visited.add(symmetry != null ? visited.key(symmetry.key(root, rootCounters))
                : visited.key(root.configuration(), rootCounters, 0));
        tree.add(-1, -1);
        Queue<Rebuilder> rebuilders = new ConcurrentLinkedQueue<>();
        for (int i = 0; i < workers.threads(); i++) rebuilders.add(new Rebuilder(root.copy(), rootCounters, tree, generator));
        Frontier level = new Frontier(rootCounters.length);
        level.add(0, rootCounters, root);
        levelSizes.add(1);
        long transitions = 0;
        int depth = 0;
        int completeDepth = 0;
        int batch = BATCH_PER_THREAD * workers.threads();
        ExplorationResult.Stop stop = tree.size() >= settings.maxStates() ? ExplorationResult.Stop.MAX_STATES : null;
        search:
        while (!level.isEmpty() && stop == null) {
            if (depth >= settings.maxDepth()) {
                // The states of this level are discovered (and were checked on arrival) but not expanded.
                stop = ExplorationResult.Stop.MAX_DEPTH;
                break;
            }
            Frontier next = new Frontier(rootCounters.length);
            int stored = 0;
            for (int from = 0; from < level.size(); from += batch) {
                if (monitor.cancelled()) {
                    stop = ExplorationResult.Stop.CANCELLED;
                    break search;
                }
                int to = Math.min(level.size(), from + batch);
                SleepSets.MoveId[][] asleep = null;
                if (sleep != null) {
                    asleep = new SleepSets.MoveId[to - from][];
                    for (int li = from; li < to; li++) asleep[li - from] = sleep.sleep(li);
                }
                List<Successor>[] expanded = expand(level, from, to, depth, stored < settings.maxFrontierSimulations(),
                        workers, rebuilders, visited, sleep, asleep);
                for (int li = from; li < to; li++) {
                    if (monitor.cancelled()) {
                        stop = ExplorationResult.Stop.CANCELLED;
                        break search;
                    }
                    int nodeIndex = level.index(li);
                    level.release(li); // let the expanded simulation go
                    List<Successor> children = expanded[li - from];
                    expanded[li - from] = null;
                    for (Successor c : children) {
                        if ((++transitions & (ExplorationMonitor.PROGRESS_EVERY - 1)) == 0) {
                            monitor.progress(progress(depth, transitions, level.size() - li - 1 + next.size(), t0));
                            if (monitor.cancelled()) {
                                stop = ExplorationResult.Stop.CANCELLED;
                                break search;
                            }
                        }
                        if (c.error() != null) {
                            record(Finding.ERROR, null, c.error(), nodeIndex, c.move(), depth + 1);
                            continue;
                        }
                        for (Violation v : c.found()) record(v.check(), v, null, nodeIndex, c.move(), depth + 1);
                        Symmetry.CanonicalKey canonical = symmetry == null ? null : symmetry.key(c.sim(), c.counters());
                        Object key = canonical != null ? visited.key(canonical) : visited.key(c.config(), c.counters(), c.prepared());
                        int[] pi = canonical == null ? null : canonical.pi();
                        if (!visited.add(key)) {
                            int at = sleep == null ? -1 : sleep.nextLevelIndex(key);
                            if (at >= 0) sleep.revisited(at, c.sleep(), pi);
                        } else {
                            if (sleep != null) sleep.discovered(key, c.sleep(), pi);
                            int index = tree.add(nodeIndex, c.move());
                            boolean keep = stored < settings.maxFrontierSimulations();
                            if (keep) stored++;
                            next.add(index, c.counters(), keep ? c.sim() : null);
                            if (c.target()) {
                                record(settings.targetName(), null, "reached a state satisfying " + settings.targetName(),
                                        nodeIndex, c.move(), depth + 1);
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
        int[] levels = levelSizes.stream().mapToInt(Integer::intValue).toArray();
        long nanos = System.nanoTime() - t0;
        monitor.progress(new ExplorationProgress(tree.size(), depth, transitions, 0, findingSteps(), nanos));
        return new ExplorationResult(tree.size(), transitions, depth, completeDepth, stop,
                nanos / 1_000_000, levels, first, counts, kept).withStorage(visited.storage(tree.size()))
                .used(settings.reductions().withSymmetry(symmetry != null), Symmetry.refusal(start, settings));
    }

    /** Expands the frontier states {@code from} to {@code to} (exclusive): their successors, by state. */
    @SuppressWarnings("unchecked") // an array of lists, one slot per state
    private List<Successor>[] expand(Frontier level, int from, int to, int depth, boolean keepSims,
                                     Workers workers, Queue<Rebuilder> rebuilders, VisitedSet visited,
                                     SleepSets sleep, SleepSets.MoveId[][] asleep) {
        List<Successor>[] out = new List[to - from];
        workers.forRange(to - from, RANGE, (a, b) -> {
            // At most workers.threads() ranges run at once, each with a rebuilder of its own.
            Rebuilder r = rebuilders.remove();
            try {
                for (int i = a; i < b; i++) {
                    int at = from + i;
                    out[i] = expand(level.index(at), level.sim(at), level.counters(at), depth, keepSims, r, visited, sleep, asleep == null ? null : asleep[i]);
                }
            } finally {
                rebuilders.add(r);
            }
        });
        return out;
    }

    /**
     * The successors of one state, in move order, leaving out the moves of its sleep set
     * {@code asleep} (null: no partial-order reduction); with {@code keepSims} (or symmetry,
     * whose keys are made while merging) they keep their simulations.
     */
    private List<Successor> expand(int nodeIndex, Simulation kept, byte[] nodeCounters, int depth, boolean keepSims, Rebuilder rebuilder, VisitedSet visited,
                                   SleepSets sleep, SleepSets.MoveId[] asleep) {
        Simulation sim = kept != null ? kept : rebuilder.rebuild(nodeIndex, depth);
        List<AdversaryMove> moves = generator.moves(sim, nodeCounters);
        List<Successor> out = new ArrayList<>(moves.size());
        List<SleepSets.MoveId> taken = sleep == null ? null : new ArrayList<>();
        boolean holdSims = keepSims || symmetry != null;
        for (int mi = 0; mi < moves.size(); mi++) {
            AdversaryMove m = moves.get(mi);
            SleepSets.MoveId id = null;
            if (sleep != null) {
                id = SleepSets.id(m);
                if (SleepSets.asleep(asleep, id)) continue;
                taken.add(id); // the moves taken before this one: all of taken but its last
            }
            Simulation child = sim.copy();
            byte[] counters = generator.after(nodeCounters, m, sim);
            List<Violation> found;
            try {
                m.apply(child);
                found = child.endRound();
            } catch (RuntimeException e) {
                out.add(new Successor(mi, null, counters, null, 0, List.of(), e.getClass().getSimpleName() + ": " + e.getMessage(),
                        false, null));
                continue;
            }
            boolean target = settings.target() != null && settings.target().test(child);
            SleepSets.MoveId[] childSleep = sleep == null ? null : sleep.child(asleep, taken, id, sim);
            if (symmetry != null) {
                out.add(new Successor(mi, child, counters, null, 0, found.isEmpty() ? List.of() : List.copyOf(found), null,
                        target, childSleep));
                continue;
            }
            Configuration config = child.configuration();
            // The visited set is only read while states are expanded: its work done here is off the merge.
            long prepared = visited.prepare(config, counters);
            out.add(new Successor(mi, holdSims ? child : null, counters, prepared == 0 ? config : null, prepared,
                    found.isEmpty() ? List.of() : List.copyOf(found), null, target, childSleep));
        }
        return out;
    }

    private ExplorationProgress progress(int depth, long transitions, int frontier, long t0) {
        return new ExplorationProgress(tree.size(), depth, transitions, frontier, findingSteps(), System.nanoTime() - t0);
    }

    private int findingSteps() {
        int total = 0;
        for (int c : counts.values()) total += c;
        return total;
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

    /**
     * What one move from a frontier state led to, not yet merged: the successor's simulation (if
     * kept), counters, and configuration (unless the visited set prepared all it needs from it),
     * the step's violations or the exception it threw, whether the successor satisfies the
     * settings' target, and its sleep set (null without partial-order reduction).
     */
    private record Successor(int move, Simulation sim, byte[] counters, Configuration config, long prepared,
                             List<Violation> found, String error, boolean target, SleepSets.MoveId[] sleep) {}
}
