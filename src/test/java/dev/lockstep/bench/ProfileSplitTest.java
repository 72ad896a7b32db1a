package dev.lockstep.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.bench.ProfileSplit.Phase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code lme --profile}: which phase a sampled stack belongs to, and the line a run prints. */
class ProfileSplitTest {
    /** A stack, leaf first, from {@code Class.method} names with the packages the phases use. */
    private static List<String[]> stack(String... frames) {
        List<String[]> s = new ArrayList<>();
        for (String f : frames) {
            int dot = f.lastIndexOf('.');
            s.add(new String[] {f.substring(0, dot), f.substring(dot + 1)});
        }
        return s;
    }

    /** A renamed class or method would send its samples to "other" unnoticed; every frame a phase or the shared passes name must exist. */
    @Test
    void everyFrameAPhaseNamesExists() throws ClassNotFoundException {
        List<String> named = new ArrayList<>(List.of(ProfileSplit.SHARED_PASS));
        for (Phase p : Phase.values()) named.addAll(p.frames);
        for (String f : named) {
            try {
                Class.forName(f);
                continue; // a whole class
            } catch (ClassNotFoundException e) {
                // a method: Class.method
            }
            int dot = f.lastIndexOf('.');
            Class<?> type = Class.forName(f.substring(0, dot));
            String method = f.substring(dot + 1);
            assertTrue(Arrays.stream(type.getDeclaredMethods()).anyMatch(m -> m.getName().equals(method)), "no method " + f);
        }
    }

    @Test
    void aSampleGoesToTheFirstPhaseOneOfItsFramesMarks() {
        String engine = "dev.lockstep.core.adversary.Engine.stepRound";
        // an execution's commit is the commit's, the rest of the execution the execution's
        assertEquals(Phase.COMMITS, ProfileSplit.classify(stack("dev.lockstep.core.Channels.append",
                "dev.lockstep.core.QuietExecutions.commit", "dev.lockstep.core.QuietExecutions.execute", engine)));
        assertEquals(Phase.EXECUTIONS, ProfileSplit.classify(stack("dev.lockstep.protocol.lme.Lme$1.run",
                "dev.lockstep.core.QuietExecutions.execute", "dev.lockstep.core.ParallelRound.executeQuietly", engine)));
        // the moves inside the walk's batch are the moves'; the walk's own drawing is apart
        assertEquals(Phase.MOVES, ProfileSplit.classify(stack("dev.lockstep.core.CellGrid.nearInto",
                "dev.lockstep.core.TopologyChanges.moveAllOnUnitDisk", "dev.lockstep.bench.RandomWalk.batch",
                "dev.lockstep.bench.RandomWalk.beginRound", engine)));
        assertEquals(Phase.WALK, ProfileSplit.classify(stack("dev.lockstep.core.SeededRandom.nextDouble",
                "dev.lockstep.bench.RandomWalk.batch", "dev.lockstep.bench.RandomWalk.beginRound", engine)));
        assertEquals(Phase.STARTS, ProfileSplit.classify(stack("dev.lockstep.core.adversary.RandomWorkload.beginRound",
                "dev.lockstep.core.adversary.ScenarioAdversary.beginRound", engine)));
        // on a worker the stack starts at a lambda: the class tells
        String worker = "dev.lockstep.core.Workers.lambda$forRange$1";
        assertEquals(Phase.MOVES, ProfileSplit.classify(stack("dev.lockstep.core.PortSlots.insert",
                "dev.lockstep.core.ParallelMoves.lambda$run$0", worker)));
        assertEquals(Phase.CHECKS, ProfileSplit.classify(stack("dev.lockstep.protocol.lme.DependencyHeights.breaks",
                "dev.lockstep.protocol.lme.AcyclicDependenciesCheck$Search.readGains", worker)));
        assertEquals(Phase.PLANS, ProfileSplit.classify(stack("dev.lockstep.protocol.lme.LmeGuards.enabled",
                "dev.lockstep.core.EnabledChoices.listAndKeep", worker)));
        assertEquals(Phase.ENDS, ProfileSplit.classify(stack("dev.lockstep.core.PoolRows.lambda$classes$0", worker)));
        assertEquals(Phase.OTHER, ProfileSplit.classify(stack("java.lang.String.hashCode", "picocli.CommandLine.execute")));
        assertEquals(Phase.OTHER, ProfileSplit.classify(List.of()));
    }

    @Test
    void theReportGivesEachPhasesShareInOrderThenTheSharedPasses() {
        long[] counts = new long[Phase.values().length + 1];
        counts[Phase.MOVES.ordinal()] = 1;
        counts[Phase.EXECUTIONS.ordinal()] = 3;
        counts[counts.length - 1] = 1; // one of the four in a shared pass: not a fifth sample
        String line = ProfileSplit.report(counts);
        assertTrue(line.startsWith("profile: 4 samples (JFR, 1 ms, every thread's CPU): moves 25.0 %, the walk's draws 0.0 %,"), line);
        assertTrue(line.contains(", executions 75.0 %, plans 0.0 %,") && line.endsWith(", other 0.0 %; in passes the workers share 25.0 %"),
                line);
    }

    /** Amdahl's parallel fraction: a worker's every sample, and the caller's inside a pass it shares with them. */
    @Test
    void aSampleIsInASharedPassOnAWorkerOrUnderForRange() {
        List<String[]> listing = stack("dev.lockstep.protocol.lme.LmeGuards.enabled", "dev.lockstep.core.EnabledChoices.listAndKeep",
                "dev.lockstep.core.Workers.lambda$forRange$1", ProfileSplit.SHARED_PASS, "dev.lockstep.core.EnabledChoices.listAhead");
        List<String[]> commit = stack("dev.lockstep.core.Channels.append", "dev.lockstep.core.QuietExecutions.commit");
        assertTrue(ProfileSplit.shared("main", listing));
        assertFalse(ProfileSplit.shared("main", commit));
        assertTrue(ProfileSplit.shared(dev.lockstep.core.Workers.THREAD_NAME + "0",
                stack("dev.lockstep.protocol.lme.LmeGuards.enabled", "dev.lockstep.core.Workers.lambda$forRange$2")));
        assertFalse(ProfileSplit.shared(null, commit));
    }

    /** A real run: the line follows the row, its shares add up, and the engine's phases, not "other", hold the samples. */
    @Test
    void aProfiledRunPrintsItsSplitAfterItsRow() {
        BenchLauncherTest.Result r = BenchLauncherTest.run("lme", "--nodes", "3000", "--rounds", "40", "--seed", "5", "--moves", "0.1",
                "--threads", "2", "--profile");
        assertEquals(BenchLauncher.OK, r.code(), r::toString);
        List<String> lines = r.out().lines().toList();
        String line = lines.get(lines.size() - 1);
        assertTrue(lines.get(lines.size() - 2).startsWith("     3000       2 "), r::toString);
        Matcher total = Pattern.compile("^profile: (\\d+) samples").matcher(line);
        assertTrue(total.find(), line);
        assertTrue(Long.parseLong(total.group(1)) > 0, line);
        Matcher share = Pattern.compile("([a-z' ]+) (\\d+\\.\\d) %").matcher(line.substring(line.indexOf(':', 9) + 1));
        double sum = 0;
        double other = -1;
        double executions = -1;
        int n = 0;
        while (share.find()) {
            double v = Double.parseDouble(share.group(2));
            sum += v;
            if (share.group(1).trim().equals("other")) other = v;
            if (share.group(1).trim().equals("executions")) executions = v;
            n++;
        }
        assertEquals(Phase.values().length + 1, n, line);
        sum -= Double.parseDouble(line.substring(line.lastIndexOf(' ', line.length() - 3) + 1, line.length() - 2));
        assertEquals(100, sum, 0.5, line);
        assertTrue(executions > 0, line);
        assertTrue(other >= 0 && other < 50, line);
    }
}
