package dev.lockstep.explore;

import dev.lockstep.core.Simulation;
import dev.lockstep.protocol.lme.LmeVariant;
import java.util.List;

/**
 * States, transitions and time with and without symmetry and partial-order reduction (a harness,
 * not a test): {@code java -cp target/classes:target/test-classes dev.lockstep.explore.ReductionBench
 * SCENARIO [seconds] [maxDepth]} with SCENARIO one of pair, triangle, path4, star4, cycle4. Each
 * exploration stops after the given seconds (default 60) and reports the depth it completed.
 */
final class ReductionBench {
    private ReductionBench() {}

    public static void main(String[] args) {
        String which = args[0];
        long seconds = args.length > 1 ? Long.parseLong(args[1]) : 60;
        int depth = args.length > 2 ? Integer.parseInt(args[2]) : Integer.MAX_VALUE;
        String only = args.length > 3 ? args[3] : "none,sym,por,both";
        Simulation start;
        ExplorerSettings s;
        List<String> four = List.of("a", "b", "c", "d");
        switch (which) {
            case "pair" -> {
                start = LmeStarts.pair(LmeVariant.PAPER, 2);
                s = ExplorerSettings.defaults().withLockCalls(LmePairExplorationTest.LOCK_CALLS)
                        .withTopologyChanges(LmePairExplorationTest.TOPOLOGY_CHANGES, new int[] {0, 1}).withMaxStates(20_000_000)
                        .withMaxFindingsKept(100_000);
            }
            case "triangle" -> {
                start = LmeStarts.triangle(LmeVariant.CORRECTED, 2);
                s = ExplorerSettings.defaults().withLockCalls(1)
                        .withTopologyChanges(2, new int[] {0, 1}, new int[] {0, 2}, new int[] {1, 2}).withMaxStates(50_000_000);
            }
            case "path4" -> {
                int[][] e = {{0, 1}, {1, 2}, {2, 3}};
                start = LmeStarts.start(LmeVariant.CORRECTED, 2, 2, four, e);
                s = ExplorerSettings.defaults().withLockCalls(1).withTopologyChanges(1, e).withMaxStates(50_000_000);
            }
            case "star4" -> {
                int[][] e = {{0, 1}, {0, 2}, {0, 3}};
                start = LmeStarts.start(LmeVariant.CORRECTED, 2, 3, four, e);
                s = ExplorerSettings.defaults().withLockCalls(1).withTopologyChanges(1, e).withMaxStates(50_000_000);
            }
            case "cycle4" -> {
                int[][] e = {{0, 1}, {1, 2}, {2, 3}, {0, 3}};
                start = LmeStarts.start(LmeVariant.CORRECTED, 2, 2, four, e);
                s = ExplorerSettings.defaults().withLockCalls(1).withTopologyChanges(1, e).withMaxStates(50_000_000);
            }
            default -> throw new IllegalArgumentException(which);
        }
        s = s.withMaxDepth(depth);
        for (String r : only.split(",")) {
            Reductions red = switch (r) {
                case "none" -> Reductions.NONE;
                case "sym" -> Reductions.NONE.withSymmetry(true);
                case "por" -> Reductions.NONE.withPartialOrder(true);
                case "both" -> Reductions.NONE.withSymmetry(true).withPartialOrder(true);
                default -> throw new IllegalArgumentException(r);
            };
            long deadline = System.nanoTime() + seconds * 1_000_000_000L;
            ExplorationResult res = new Explorer(start, s.withReductions(red)).run(new ExplorationMonitor() {
                @Override
                public boolean cancelled() {
                    return System.nanoTime() > deadline;
                }
            });
            System.out.printf("%s %-4s states=%d transitions=%d completeDepth=%d stop=%s ms=%d firsts=%s%n", which, r,
                    res.states(), res.transitions(), res.completeDepth(), res.stop(), res.millis(),
                    ReductionScenario.firstLengths(res));
        }
    }
}
