package dev.lockstep.app.window;

import dev.lockstep.core.Simulation;
import dev.lockstep.explore.ExplorerSettings;
import dev.lockstep.explore.Reductions;
import java.util.ArrayList;
import java.util.List;

/**
 * The bounds Run › Explore from here… asks for, and the explorer's settings they make.
 *
 * @param depth            rounds from here beyond which no state is expanded
 * @param maxStates        distinct states after which the search stops
 * @param lockCalls        Lock calls the application may make at each node
 * @param unlock           whether the application calls Unlock at a node holding its locks
 * @param topologyChanges  cuts and links the adversary may make in all
 * @param linkable         pairs [u, v] the adversary may link (present edges may always be cut)
 */
public record ExploreBounds(int depth, int maxStates, int lockCalls, boolean unlock, int topologyChanges, List<int[]> linkable) {
    /** Per check, the first finding is what the dialog shows; a few more are kept for nothing else. */
    static final int FINDINGS_KEPT = 64;

    /**
     * Bounds that finish in seconds on a pair or a triangle: one Lock call per node, Unlock on,
     * no topology change, the current edges as the pairs that may be re-linked.
     */
    public static ExploreBounds defaults(Simulation sim) {
        return new ExploreBounds(60, 200_000, 1, true, 0, edges(sim));
    }

    /** The edges present now, u < v. */
    static List<int[]> edges(Simulation sim) {
        List<int[]> out = new ArrayList<>();
        for (int u = 0; u < sim.nodeCount(); u++) {
            for (int v = u + 1; v < sim.nodeCount(); v++) {
                if (sim.graph().adjacent(u, v)) out.add(new int[] {u, v});
            }
        }
        return out;
    }

    /**
     * The explorer's settings: every reduction on (none changes the verdict; the counterexample
     * is checked again by replay anyway), on all cores but one, so the window keeps one.
     */
    public ExplorerSettings settings() {
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
        return ExplorerSettings.defaults().withLockCalls(lockCalls).withUnlock(unlock)
                .withTopologyChanges(topologyChanges, linkable.toArray(new int[0][]))
                .withMaxStates(maxStates).withMaxDepth(depth).withMaxFindingsKept(FINDINGS_KEPT)
                .withReductions(Reductions.all(threads));
    }

    /** "x–y, y–z": the pairs as names. */
    static String pairs(Simulation sim, List<int[]> pairs) {
        StringBuilder sb = new StringBuilder();
        for (int[] p : pairs) {
            if (sb.length() > 0) sb.append(", ");
            sb.append(sim.nodeName(p[0])).append('–').append(sim.nodeName(p[1]));
        }
        return sb.toString();
    }

    /**
     * Reads "x–y, y-z": an en dash between names (or a hyphen, at the place that splits the
     * item into two node names, since names may hold hyphens), commas or spaces between pairs.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    static List<int[]> parsePairs(Simulation sim, String text) {
        List<int[]> out = new ArrayList<>();
        for (String item : text.trim().split("[,;\\s]+")) {
            if (item.isEmpty()) continue;
            int[] pair = pair(sim, item);
            if (pair == null) throw new IllegalArgumentException("\"" + item + "\" is not a pair of nodes like x–y");
            if (pair[0] == pair[1]) throw new IllegalArgumentException(item + " links a node to itself");
            out.add(new int[] {Math.min(pair[0], pair[1]), Math.max(pair[0], pair[1])});
        }
        return out;
    }

    private static int[] pair(Simulation sim, String item) {
        for (int i = 0; i < item.length(); i++) {
            char c = item.charAt(i);
            if (c != '–' && c != '-') continue;
            int u = sim.indexOf(item.substring(0, i));
            int v = sim.indexOf(item.substring(i + 1));
            if (u >= 0 && v >= 0) return new int[] {u, v};
        }
        return null;
    }
}
