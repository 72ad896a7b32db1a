package dev.lockstep.explore;

import dev.lockstep.core.Simulation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;

/**
 * Bounds of an exploration (and of random walks over the same moves).
 *
 * @param maxLockCallsPerNode     Lock calls the application may make at each node
 * @param unlock                  whether the application calls Unlock at LOCKED nodes
 * @param maxStrayCallsPerNode    calls that do not apply (Lock at a node that is not IDLE,
 *                                Unlock at one that is not LOCKED) the application may make at
 *                                each node; 0 (the default) leaves every count as it was
 * @param maxTopologyChanges      cuts and links the adversary may make in all
 * @param potentialEdges          pairs [u, v] the adversary may link (present edges may always be cut)
 * @param maxStates               stop after this many distinct states ({@code exhausted = false})
 * @param maxFindingsKept         findings kept in the result's findings (counting goes on)
 * @param maxFrontierSimulations  simulations kept for the next level; its other states are
 *                                rebuilt by replay when expanded (time for memory)
 * @param targetName              finding name for {@code target}, or null
 * @param target                  a predicate over states: each new state satisfying it is
 *                                reported as a finding named {@code targetName} (null: none)
 * @param maxDepth                steps from the start beyond which no state is expanded: paths of
 *                                at most this many steps are all tried ({@link Integer#MAX_VALUE}: no bound)
 * @param reductions              how the search saves time and memory without changing its verdict
 */
public record ExplorerSettings(int maxLockCallsPerNode, boolean unlock, int maxStrayCallsPerNode, int maxTopologyChanges,
                       List<int[]> potentialEdges, int maxStates, int maxFindingsKept, int maxFrontierSimulations,
                       String targetName, Predicate<Simulation> target, int maxDepth, Reductions reductions) {
    public ExplorerSettings {
        if (reductions == null) throw new IllegalArgumentException("reductions: Reductions.NONE for none");
        if (maxDepth < 1) throw new IllegalArgumentException("maxDepth ≥ 1");
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
    public ExplorerSettings(int maxLockCallsPerNode, boolean unlock, int maxTopologyChanges, List<int[]> potentialEdges,
                    int maxStates, int maxFindingsKept, int maxFrontierSimulations, String targetName,
                    Predicate<Simulation> target) {
        this(maxLockCallsPerNode, unlock, 0, maxTopologyChanges, potentialEdges, maxStates, maxFindingsKept,
                maxFrontierSimulations, targetName, target, Integer.MAX_VALUE, Reductions.NONE);
    }

    /** One Lock call per node, Unlock allowed, no topology changes, at most a million states. */
    public static ExplorerSettings defaults() {
        return new ExplorerSettings(1, true, 0, 0, List.of(), 1_000_000, 10_000, 20_000, null, null, Integer.MAX_VALUE, Reductions.NONE);
    }

    public ExplorerSettings withLockCalls(int perNode) {
        return new ExplorerSettings(perNode, unlock, maxStrayCallsPerNode, maxTopologyChanges, potentialEdges,
                maxStates, maxFindingsKept, maxFrontierSimulations, targetName, target, maxDepth, reductions);
    }

    public ExplorerSettings withUnlock(boolean on) {
        return new ExplorerSettings(maxLockCallsPerNode, on, maxStrayCallsPerNode, maxTopologyChanges, potentialEdges,
                maxStates, maxFindingsKept, maxFrontierSimulations, targetName, target, maxDepth, reductions);
    }

    /** Up to {@code perNode} stray calls at each node (see the class comment). */
    public ExplorerSettings withStrayCalls(int perNode) {
        return new ExplorerSettings(maxLockCallsPerNode, unlock, perNode, maxTopologyChanges, potentialEdges,
                maxStates, maxFindingsKept, maxFrontierSimulations, targetName, target, maxDepth, reductions);
    }

    /** Up to {@code changes} cuts and links; {@code edges} are the pairs that may be (re)linked. */
    public ExplorerSettings withTopologyChanges(int changes, int[]... edges) {
        return new ExplorerSettings(maxLockCallsPerNode, unlock, maxStrayCallsPerNode, changes, List.of(edges),
                maxStates, maxFindingsKept, maxFrontierSimulations, targetName, target, maxDepth, reductions);
    }

    public ExplorerSettings withMaxStates(int states) {
        return new ExplorerSettings(maxLockCallsPerNode, unlock, maxStrayCallsPerNode, maxTopologyChanges, potentialEdges,
                states, maxFindingsKept, maxFrontierSimulations, targetName, target, maxDepth, reductions);
    }

    public ExplorerSettings withMaxFindingsKept(int kept) {
        return new ExplorerSettings(maxLockCallsPerNode, unlock, maxStrayCallsPerNode, maxTopologyChanges, potentialEdges,
                maxStates, kept, maxFrontierSimulations, targetName, target, maxDepth, reductions);
    }

    public ExplorerSettings withMaxFrontierSimulations(int sims) {
        return new ExplorerSettings(maxLockCallsPerNode, unlock, maxStrayCallsPerNode, maxTopologyChanges, potentialEdges,
                maxStates, maxFindingsKept, sims, targetName, target, maxDepth, reductions);
    }

    /** Reports every new state satisfying {@code predicate} as a finding named {@code name}. */
    public ExplorerSettings withTarget(String name, Predicate<Simulation> predicate) {
        return new ExplorerSettings(maxLockCallsPerNode, unlock, maxStrayCallsPerNode, maxTopologyChanges, potentialEdges,
                maxStates, maxFindingsKept, maxFrontierSimulations, name, predicate, maxDepth, reductions);
    }

    /** Expands no state more than {@code steps} steps from the start (see {@link #maxDepth}). */
    public ExplorerSettings withMaxDepth(int steps) {
        return new ExplorerSettings(maxLockCallsPerNode, unlock, maxStrayCallsPerNode, maxTopologyChanges, potentialEdges,
                maxStates, maxFindingsKept, maxFrontierSimulations, targetName, target, steps, reductions);
    }

    public ExplorerSettings withReductions(Reductions r) {
        return new ExplorerSettings(maxLockCallsPerNode, unlock, maxStrayCallsPerNode, maxTopologyChanges, potentialEdges,
                maxStates, maxFindingsKept, maxFrontierSimulations, targetName, target, maxDepth, r);
    }
}
