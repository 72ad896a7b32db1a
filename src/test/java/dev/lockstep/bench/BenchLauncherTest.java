package dev.lockstep.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The benchmarks' command line: usage errors as the application prints them, and short real runs. */
class BenchLauncherTest {
    record Result(int code, String out, String err) {}

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = BenchLauncher.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void usageErrorsPrintOneLineAndAHintNotTheUsage() {
        String[][] cases = {
                {"lme", "lockstep: bench: --nodes expects", "lme", "--nodes", "x"},
                {"lme", "lockstep: bench: --rounds expects an integer between 1 and 1000000, got \"0\"", "lme", "--rounds", "0"},
                {"lme", "lockstep: bench: --histogram expects an integer between 1 and 1000, got \"0\"", "lme", "--histogram", "0"},
                {"lme", "lockstep: bench: --moves expects a fraction between 0 and 1, got \"2\"", "lme", "--moves", "2"},
                {"lme", "lockstep: bench: --moves expects a fraction between 0 and 1, got \"x\"", "lme", "--moves", "x"},
                {"lme", "lockstep: bench: --moves expects a fraction between 0 and 1, got \"\"", "lme", "--moves", "0,"},
                {"lme", "lockstep: bench: --repeat expects an integer between 1 and 1000, got \"0\"", "lme", "--repeat", "0"},
                {"lme", "lockstep: bench: --warmup expects an integer between 0 and 1000, got \"x\"", "lme", "--warmup", "x"},
                {"travel", "lockstep: bench: --jumps expects an integer between 1 and 1000000", "travel", "--jumps", "-1"},
                {"export", "lockstep: bench: the MP4 needs an even --width and --height", "export", "--width", "17"},
                {"export", "lockstep: bench: --dir no/such/dir: no such directory", "export", "--dir", "no/such/dir"},
        };
        for (String[] c : cases) {
            Result r = run(java.util.Arrays.copyOfRange(c, 2, c.length));
            assertEquals(BenchLauncher.BAD_INPUT, r.code(), r::toString);
            assertEquals("", r.out(), r::toString);
            List<String> lines = r.err().lines().toList();
            assertEquals(2, lines.size(), r::toString);
            assertTrue(lines.get(0).startsWith(c[1]), r::toString);
            assertEquals("see 'lockstep-bench " + c[0] + " --help'", lines.get(1));
        }
    }

    @Test
    void helpGoesToStdout() {
        for (String command : new String[] {"lme", "travel", "export", "gui"}) {
            Result h = run(command, "--help");
            assertEquals(BenchLauncher.OK, h.code(), command + " --help");
            assertTrue(h.out().startsWith("Usage: lockstep-bench " + command), h.out());
            assertEquals("", h.err());
        }
        assertTrue(run("--help").out().contains("jmh"), "the JMH entry is listed");
    }

    @Test
    void lmePrintsTheHeaderAndOneRowPerSize() {
        Result r = run("lme", "--nodes", "20,40", "--rounds", "3", "--seed", "5");
        assertEquals(BenchLauncher.OK, r.code(), r::toString);
        List<String> lines = r.out().lines().toList();
        assertEquals("LME corrected, K=8, unit-disk mean degree ~6 (Δ=16), lock 0.5, hold 1, synchronous, 3 rounds, random ids", lines.get(0));
        assertTrue(lines.get(1).startsWith("JVM "), r::toString);
        // the collector the figures ran under, as the JVM names it (the test JVM's own)
        String collectors = String.join(", ", java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(java.lang.management.GarbageCollectorMXBean::getName).toList());
        assertTrue(!collectors.isEmpty() && lines.get(1).endsWith(", collector " + collectors), lines.get(1) + " / " + collectors);
        assertEquals(String.format("%9s %7s %8s %7s %10s %12s %14s %13s %11s %8s %9s %10s %9s", "nodes", "threads", "degree", "build s",
                "run s", "actions", "actions/s", "locks/s", "bytes/node", "cpu s", "cpu ns/a", "violations", "alloc B/a"), lines.get(2));
        assertEquals(5, lines.size(), r::toString);
        assertTrue(lines.get(3).startsWith("       20 "), lines.get(3));
        assertTrue(lines.get(4).startsWith("       40 "), lines.get(4));
        for (String row : lines.subList(3, 5)) {
            String[] cells = row.trim().split(" +");
            assertEquals(13, cells.length, row);
            assertEquals("0", cells[11], "no violation: " + row);
            // bytes per action: a number, the run's own garbage (an envelope per reception at least), not the build's megabytes
            double alloc = Double.parseDouble(cells[12]);
            assertTrue(alloc > 0 && alloc < 100_000, row);
        }

        Result space = run("lme", "--nodes", "20", "--rounds", "3", "--seed", "5", "--order", "space");
        assertEquals(BenchLauncher.OK, space.code(), space::toString);
        assertTrue(space.out().lines().findFirst().orElseThrow().endsWith("3 rounds, space-ordered ids"), space::toString);
        Result bad = run("lme", "--nodes", "20", "--order", "hilbert");
        assertTrue(bad.err().contains("--order expects random or space, got \"hilbert\""), bad::toString);
    }

    @Test
    void lmeHistogramShowsTheLargestClassesAfterRoundZeroAndTheLast() {
        Result r = run("lme", "--nodes", "30", "--rounds", "2", "--histogram", "3");
        assertEquals(BenchLauncher.OK, r.code(), r::toString);
        List<String> lines = r.out().lines().toList();
        int first = lines.indexOf("live heap after round 0, 30 nodes:");
        int last = lines.indexOf("live heap after round 2, 30 nodes:");
        assertTrue(first > 0 && last > first, r::toString);
        // a title, the column heads, three classes, the total
        assertEquals(last, first + 6, r::toString);
        assertTrue(lines.get(first + 1).trim().startsWith("instances"), r::toString);
        assertTrue(lines.get(first + 5).endsWith("(total)"), r::toString);
        assertTrue(lines.get(last + 5).endsWith("(total)"), r::toString);
        assertTrue(lines.get(last + 6).startsWith("       30 "), "the size's row follows: " + r);
    }

    @Test
    void lmeWithMovesSaysHowManyMove() {
        Result r = run("lme", "--nodes", "40", "--rounds", "3", "--seed", "5", "--moves", "0.25");
        assertEquals(BenchLauncher.OK, r.code(), r::toString);
        List<String> lines = r.out().lines().toList();
        assertEquals("mobility: 0.250 of the nodes step 0.25 (radius 1) in a random direction each round", lines.get(1));
        assertEquals(5, lines.size(), r::toString);
        String[] cells = lines.get(4).trim().split(" +");
        assertTrue(lines.get(4).startsWith("       40 ") && cells[11].equals("0"), "no violation: " + lines.get(4));
    }

    /**
     * Several shares of moving nodes and {@code --repeat}: the runs in turn (each share within a
     * repetition), the share in a last column, warm-up runs unprinted, then the summary with the
     * mobile runs against the static ones.
     */
    @Test
    void lmeRepeatsEveryShareInTurnAndSummarizes() {
        Result r = run("lme", "--nodes", "40", "--rounds", "3", "--seed", "5", "--moves", "0,0.25", "--repeat", "2", "--warmup", "1",
                "--threads", "1");
        assertEquals(BenchLauncher.OK, r.code(), r::toString);
        List<String> lines = r.out().lines().toList();
        assertEquals("mobility: 0, 0.250 of the nodes step 0.25 (radius 1) in a random direction each round, a run each", lines.get(1));
        assertTrue(lines.get(3).endsWith("alloc B/a  moves"), lines.get(3));
        // two repetitions of two shares, no warm-up row
        for (int i = 0; i < 4; i++) {
            String[] cells = lines.get(4 + i).trim().split(" +");
            assertEquals(14, cells.length, lines.get(4 + i));
            assertEquals(i % 2 == 0 ? "0" : "0.250", cells[13], lines.get(4 + i));
        }
        assertEquals("over 2 runs each, median (min–max):", lines.get(8));
        assertTrue(lines.get(10).trim().startsWith("40       1      0 "), lines.get(10));
        assertTrue(lines.get(11).trim().startsWith("40       1  0.250 "), lines.get(11));
        assertTrue(lines.get(12).matches("40 nodes on 1 thread: moves 0.250 take \\d+\\.\\d\\d× \\(.*\\) the time of none \\(run s; 2 pairs, each of one repetition\\)"),
                lines.get(12));
        assertEquals(13, lines.size(), r::toString);
        // one share, one run: no summary, no column
        Result one = run("lme", "--nodes", "40", "--rounds", "3", "--seed", "5", "--moves", "0.25");
        assertTrue(one.out().lines().noneMatch(l -> l.startsWith("over ")), one::toString);
    }

    /**
     * {@code --phases} adds a line after each run's row with the three phases' seconds, and the
     * moves' share of the round starts only when nodes move; the rows stay as they are.
     */
    @Test
    void lmePhasesFollowEachRowAndNameTheMovesOnlyWhenNodesMove() {
        Result still = run("lme", "--nodes", "40,50", "--rounds", "3", "--seed", "5", "--phases");
        assertEquals(BenchLauncher.OK, still.code(), still::toString);
        List<String> lines = still.out().lines().toList();
        assertEquals(7, lines.size(), still::toString);
        java.util.regex.Pattern phases = java.util.regex.Pattern.compile(
                "phases: round starts \\d+\\.\\d{3} s(?<moves> \\(the moves \\d+\\.\\d{3} s\\))?, plans \\d+\\.\\d{3} s,"
                        + " executions and round ends \\d+\\.\\d{3} s");
        for (int i : new int[] {4, 6}) {
            java.util.regex.Matcher m = phases.matcher(lines.get(i));
            assertTrue(m.matches() && m.group("moves") == null, "phases without moves: " + lines.get(i));
        }
        assertTrue(lines.get(3).startsWith("       40 ") && lines.get(5).startsWith("       50 "), still::toString);
        Result moving = run("lme", "--nodes", "40", "--rounds", "3", "--seed", "5", "--moves", "0.25", "--phases");
        List<String> moved = moving.out().lines().toList();
        java.util.regex.Matcher m = phases.matcher(moved.get(moved.size() - 1));
        assertTrue(m.matches() && m.group("moves") != null, "phases with the moves: " + moving);
    }

    /** The alloc column's probe: the calling thread's bytes count, as HotSpot keeps them (-1 elsewhere). */
    @Test
    void allocatedCountsTheCallersBytes() {
        long before = ThreadCpu.allocated();
        if (before < 0) return; // a JVM without the count prints NaN
        long[] block = new long[1 << 17];
        long after = ThreadCpu.allocated();
        assertTrue(after - before >= 8L * block.length, (after - before) + " bytes for a 1 MiB array");
        assertTrue(after - before < 64L * block.length, (after - before) + " bytes for a 1 MiB array");
    }

    @Test
    void travelJumpsAndReports() {
        Result r = run("travel", "--nodes", "6", "--actions", "300", "--jumps", "5");
        assertEquals(BenchLauncher.OK, r.code(), r::toString);
        List<String> lines = r.out().lines().toList();
        assertEquals(7, lines.size(), r::toString);
        assertEquals("time travel: LME corrected on 6 nodes (unit disk, mean degree ~6), lock 0.5, hold 1, synchronous", lines.get(0));
        assertTrue(lines.get(2).startsWith("run: "), r::toString);
        assertTrue(lines.get(3).startsWith("jumps to random steps: 5, mean "), r::toString);
        assertTrue(lines.get(4).startsWith("the same jumps with the narration's last 2,000 lines: mean "), r::toString);
        assertTrue(lines.get(5).startsWith("history: ") && lines.get(5).contains("the default bound; every event read in order: "), r::toString);
        assertTrue(lines.get(6).startsWith("heap: session "), r::toString);

        // a history that keeps a few events in memory replays the rest when they are read, and reads the same
        Result kept = run("travel", "--nodes", "6", "--actions", "300", "--jumps", "5", "--keep", "20");
        assertEquals(BenchLauncher.OK, kept.code(), kept::toString);
        String history = kept.out().lines().toList().get(5);
        assertTrue(history.startsWith(lines.get(5).substring(0, lines.get(5).indexOf(',')) + ", at most about 20 in memory"), kept::toString);
        assertEquals(BenchLauncher.BAD_INPUT, run("travel", "--keep", "0").code());
    }

    @Test
    void sweepReportsRunsPerSecondPerThreadCount() throws Exception {
        java.nio.file.Path spec = java.nio.file.Files.createTempFile("bench-spec", ".json");
        try {
            java.nio.file.Files.writeString(spec, "{\"base\": \"" + java.nio.file.Path.of("sample-runs/ring-8.json").toAbsolutePath()
                    + "\", \"axes\": {\"K\": [2, 4]}, \"seeds\": {\"count\": 2}, \"rounds\": 20}");
            Result r = run("sweep", "--spec", spec.toString(), "--jobs", "1,2");
            assertEquals(BenchLauncher.OK, r.code(), r::toString);
            List<String> lines = r.out().lines().toList();
            assertEquals("sweep " + spec + ": 4 runs", lines.get(0));
            assertTrue(lines.get(1).startsWith("machine: "), r::toString);
            assertEquals(String.format("%5s %9s %9s %8s", "jobs", "seconds", "runs/s", "speedup"), lines.get(2));
            assertTrue(lines.get(3).startsWith("    1 ") && lines.get(3).endsWith(" 1.00"), lines.get(3));
            assertTrue(lines.get(4).startsWith("    2 "), lines.get(4));
            assertEquals(5, lines.size(), r::toString);
        } finally {
            java.nio.file.Files.delete(spec);
        }
        Result bad = run("sweep", "--jobs", "0");
        assertEquals(BenchLauncher.BAD_INPUT, bad.code(), bad::toString);
        assertTrue(bad.err().startsWith("lockstep: sweep-bench: --jobs expects an integer between 1 and 1024, got \"0\""), bad::toString);
    }

    @Test
    void guiNeedsADisplayOrSaysSo() {
        if (System.getenv("DISPLAY") != null || System.getenv("WAYLAND_DISPLAY") != null) return;
        Result r = run("gui", "--sizes", "10");
        assertEquals(BenchLauncher.BAD_INPUT, r.code(), r::toString);
        assertEquals("lockstep: gui-bench: no display (run it under xvfb-run -a, or on a desktop)", r.err().lines().findFirst().orElse(""));
    }

    @Test
    void benchmarkScenariosLoad() throws Exception {
        assertEquals(200, dev.lockstep.scenario.ScenarioLoader.parse(GuiBench.scenario(200, 1200), "bench-200.json").nodes().size());
        assertEquals(30, dev.lockstep.scenario.ScenarioLoader.parse(TravelBench.scenarioJson(30, 1), "travel bench").nodes().size());
        assertEquals(11, ExportBench.defaultScenario().nodes().size(), "the window's built-in scenario");
    }
}
