package dev.lockstep.explore;

import dev.lockstep.protocol.lme.LmeVariant;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * Measures the fingerprints and the threads (not a test): states per second, heap per state and
 * wall time on the paper pair with LmePairExplorationTest's settings, or the corrected triangle
 * with cuts and links of every pair.
 *
 * <pre>java -cp target/classes:target/test-classes:DEPS dev.lockstep.explore.ReductionsBench
 *     pair|triangle FINGERPRINTS(0|1) THREADS MAX_DEPTH(0: none) TOPOLOGY_CHANGES [heap]</pre>
 *
 * With {@code heap} the search is timed too, but the heap is measured at its end, after full
 * collections, while the visited set, the tree and the kept findings are alive (the frontier is
 * empty when the search ends exhausted; with a depth bound it holds the last level).
 */
public final class ReductionsBench {
    private ReductionsBench() {}

    public static void main(String[] args) {
        boolean pair = args[0].equals("pair");
        boolean fingerprints = args[1].equals("1");
        int threads = Integer.parseInt(args[2]);
        int depth = Integer.parseInt(args[3]);
        int changes = Integer.parseInt(args[4]);
        boolean heap = args.length > 5 && args[5].equals("heap");
        ExplorerSettings s = pair
                ? ExplorerSettings.defaults().withLockCalls(LmePairExplorationTest.LOCK_CALLS)
                        .withTopologyChanges(changes, new int[] {0, 1}).withMaxStates(2_000_000).withMaxFindingsKept(100_000)
                : ExplorerSettings.defaults().withLockCalls(1).withMaxStates(50_000_000)
                        .withTopologyChanges(changes, new int[] {0, 1}, new int[] {0, 2}, new int[] {1, 2});
        if (depth > 0) s = s.withMaxDepth(depth);
        s = s.withReductions(Reductions.NONE.withFingerprints(fingerprints).withThreads(threads));
        Explorer e = new Explorer(pair ? LmeStarts.pair(LmeVariant.PAPER, 2) : LmeStarts.triangle(LmeVariant.CORRECTED, 2), s);
        long before = heap ? used() : 0;
        long[] after = {0};
        ExplorationResult r = e.run(new ExplorationMonitor() {
            @Override
            public void progress(ExplorationProgress p) {
                // The last report comes after the search, with everything it keeps still alive.
                if (heap && p.frontier() == 0 && p.states() > 1) after[0] = used();
            }
        });
        System.out.println(r.summary().lines().findFirst().orElse(""));
        System.out.printf(Locale.ROOT, "%s fingerprints=%b threads=%d depth=%d changes=%d: %d states, %.0f states/s, %d ms%s%n",
                args[0], fingerprints, threads, r.maxDepth(), changes, r.states(), r.states() * 1000.0 / r.millis(), r.millis(),
                heap ? String.format(Locale.ROOT, ", heap %.1f bytes/state (%d MB)", (after[0] - before) / (double) r.states(),
                        (after[0] - before) >> 20) : "");
    }

    private static long used() {
        for (int i = 0; i < 3; i++) System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
