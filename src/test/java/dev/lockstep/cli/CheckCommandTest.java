package dev.lockstep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code check} as a user types it: flaws found with shortest schedules, clean verdicts, bounds, bad input, --out, --walks, threads. */
class CheckCommandTest {
    static final String PAPER_PAIR = "sample-runs/check/lme-paper-pair.json";
    static final String CORRECTED_PAIR = "sample-runs/check/lme-corrected-pair.json";
    static final String CORRECTED_TRIANGLE = "sample-runs/check/lme-corrected-triangle.json";
    /**
     * Flaw 1's shortest waits-for cycle on the printed LME's pair: 22 steps, also with
     * LmePairExplorationTest's bounds (2 Lock calls per node, 3 topology changes: {@code check
     * PAPER_PAIR --lock-calls 2 --topology-changes 3}), since it needs no topology change and one
     * Lock call per node.
     */
    static final int FLAW_1_STEPS = 22;

    @TempDir
    Path dir;

    /** The output without its one machine-dependent line. */
    static String withoutTime(String out) {
        return out.lines().filter(l -> !l.startsWith("time ")).collect(Collectors.joining("\n"));
    }

    static List<String> schedule(String out, String check) {
        int from = out.indexOf("violation: " + check + " after ");
        assertTrue(from >= 0, out);
        return out.substring(from).lines().skip(1).takeWhile(l -> l.startsWith("  r")).toList();
    }

    @Test
    void flaw1IsFoundOnThePrintedPairWithAShortestSchedule() {
        MainTest.Result r = MainTest.run("check", PAPER_PAIR, "--threads", "1");
        assertEquals(ExitCode.VIOLATION, r.code(), r::toString);
        assertEquals("", r.err());
        assertTrue(r.out().contains("violation: acyclic-dependencies after " + FLAW_1_STEPS + " steps (a shortest schedule)\n"), r::toString);
        List<String> steps = schedule(r.out(), "acyclic-dependencies");
        assertEquals(FLAW_1_STEPS, steps.size(), r::toString);
        assertEquals("  r0: x calls lock", steps.get(0));
        assertEquals(1, steps.stream().filter(s -> s.contains(": x InitLock")).count(), steps::toString);
        assertEquals(1, steps.stream().filter(s -> s.contains(": y InitLock")).count(), steps::toString);
        assertTrue(steps.stream().noneMatch(s -> s.contains("cut ") || s.contains("link ")), steps::toString);
        assertTrue(r.out().contains("  acyclic-dependencies in round " + (FLAW_1_STEPS - 1) + ": waits-for cycle: x's initiator → x's participant"
                + " → y's initiator → y's participant → x's initiator\n"), r::toString);
        assertTrue(r.out().contains("\nsearch       complete to depth "), r::toString);
        assertTrue(r.out().startsWith("check        LME as printed on two adjacent nodes (for check: flaws 1 and 2) (lme), 2 nodes, Δ 1, edges x–y\n"
                + "adversary    1 Lock call per node, Unlock when locked, 0 topology changes; every activation, message and random draw\n"), r::toString);
    }

    @Test
    void flaw2IsTheFirstDeadlockOnceTheAdversaryMayCut() {
        MainTest.Result r = MainTest.run("check", PAPER_PAIR, "--topology-changes", "1", "--threads", "1");
        assertEquals(ExitCode.VIOLATION, r.code(), r::toString);
        List<String> steps = schedule(r.out(), "deadlock");
        // x wins its competition alone (CheckWin), then the edge is cut: x waits forever in win
        int win = steps.indexOf(steps.stream().filter(s -> s.contains(": x CheckWin")).findFirst().orElseThrow());
        int cut = steps.indexOf(steps.stream().filter(s -> s.contains(": cut x–y")).findFirst().orElseThrow());
        assertTrue(win < cut, steps::toString);
        assertTrue(r.out().contains("yet x (lock requested in round 1) waits forever"), r::toString);
    }

    @Test
    void aCleanScenarioExitsZeroWithNoViolation() {
        MainTest.Result r = MainTest.run("check", CORRECTED_PAIR);
        assertEquals(ExitCode.OK, r.code(), r::toString);
        Matcher m = Pattern.compile("\nno violation: ([0-9,]+) states, complete to depth (\\d+) \\(every reachable state within the bounds expanded\\)\n")
                .matcher(r.out());
        assertTrue(m.find(), r::toString);
        assertTrue(r.out().contains("\nstates       " + m.group(1) + " distinct, "), r::toString);
        assertTrue(r.out().contains(" transitions, deepest " + m.group(2) + " steps from the start\n"), r::toString);
        assertFalse(r.out().contains("\nviolation:"), r::toString);
    }

    /**
     * Every protocol on the Protocol API explores with its own checks: the permission-based ones
     * and the token protocols, whose nodes read ids, with symmetry refused and saying why.
     */
    @Test
    void anApplicationAndItsChecksAreSaidNotToBeExplored() {
        MainTest.Result r = MainTest.run("check", "sample-runs/majority-with-locks-moving-16.json", "--depth", "2", "--threads", "1");
        assertEquals(ExitCode.OK, r.code(), r::toString);
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(1).startsWith("adversary    1 Lock call per node"), r::toString);
        assertEquals("application  not explored: the application exact-majority and its checks (isolation, majority-invariant);"
                + " the search makes the Lock and Unlock calls in the application's place, so no interaction begins or ends"
                + " and only the lock protocol is searched", lines.get(2));
        MainTest.Result approximate = MainTest.run("check", "sample-runs/approximate-majority-with-locks-moving-16.json", "--depth", "1", "--threads", "1");
        assertTrue(approximate.out().contains("\napplication  not explored: the application approximate-majority and its checks (isolation);"),
                approximate::toString);
        MainTest.Result plain = MainTest.run("check", CORRECTED_PAIR, "--depth", "2");
        assertFalse(plain.out().contains("application  "), plain::toString);
    }

    @Test
    void everyProtocolCanBeChecked() {
        for (String[] sample : new String[][] {{"lamport-complete-5", "lamport"}, {"ricart-agrawala-complete-5", "ricart-agrawala"},
                {"klme-table-1", "klme"}, {"krl-figure-2-static", "krl"}, {"krlf-figure-5-forwarding", "krlf"}}) {
            MainTest.Result r = MainTest.run("check", "sample-runs/" + sample[0] + ".json", "--depth", "3", "--threads", "1");
            assertEquals(ExitCode.OK, r.code(), r::toString);
            assertTrue(r.out().contains("complete to depth 3: every schedule of at most 3 steps was tried"), r::toString);
            assertTrue(r.out().contains("; no symmetry: " + sample[1] + " is not anonymous\n"), r::toString);
            assertTrue(Pattern.compile("\nstates       [0-9,]+ distinct, [0-9,]+ transitions, deepest 3 steps").matcher(r.out()).find(), r::toString);
        }
    }

    /** The storage line: fingerprints with their collision bound (n²/2^65) by default, full states without; symmetry named. */
    @Test
    void theStorageLineSaysHowStatesWereKeptAndCounted() {
        MainTest.Result prints = MainTest.run("check", CORRECTED_PAIR);
        Matcher m = Pattern.compile("\nstates       ([0-9,]+) distinct, .*\nstorage      64-bit fingerprints, [0-9.]+ bytes a state \\(table and tree\\);"
                + " P\\(two states shared one\\) <= ([0-9.]+e-[0-9]+); states equal up to a renaming of the nodes counted once \\(symmetry\\)\n")
                .matcher(prints.out());
        assertTrue(m.find(), prints::toString);
        double n = Double.parseDouble(m.group(1).replace(",", ""));
        assertEquals(n * n / 0x1p65, Double.parseDouble(m.group(2)), n * n / 0x1p65 * 0.06);
        MainTest.Result full = MainTest.run("check", CORRECTED_PAIR, "--no-fingerprints", "--no-symmetry");
        assertTrue(full.out().contains("\nstorage      full states (exact)\n"), full::toString);
    }

    @Test
    void boundsReachedSayWhichBoundHowFarTheSearchIsCompleteAndWhatWasLeftOut() {
        MainTest.Result depth = MainTest.run("check", CORRECTED_TRIANGLE, "--depth", "6");
        assertEquals(ExitCode.OK, depth.code(), depth::toString);
        assertTrue(Pattern.compile("\nno violation within the bounds; bounds reached: depth 6 \\(--depth\\); complete to depth 6: every schedule"
                + " of at most 6 steps was tried; not explored: the [0-9,]+ states 6 steps away \\(found and checked, not expanded\\) and all beyond\n")
                .matcher(depth.out()).find(), depth::toString);
        assertTrue(depth.out().contains("deepest 6 steps from the start"), depth::toString);

        MainTest.Result states = MainTest.run("check", CORRECTED_TRIANGLE, "--max-states", "1000");
        assertEquals(ExitCode.OK, states.code(), states::toString);
        Matcher m = Pattern.compile("\nno violation within the bounds; bounds reached: 1,000 states \\(--max-states\\) while expanding depth (\\d+);"
                + " complete to depth (\\d+): every schedule of at most (\\d+) steps was tried; not expanded: the rest of the states (\\d+) steps away and all deeper ones\n")
                .matcher(states.out());
        assertTrue(m.find(), states::toString);
        assertEquals(m.group(1), m.group(2));
        assertEquals(m.group(1), m.group(4));
        assertTrue(states.out().contains("\nstates       1,000 distinct, "), states::toString);
    }

    @Test
    void badInputExitsTwoNamingTheOptionOrTheFileField() throws Exception {
        MainTest.Result edges = MainTest.run("check", PAPER_PAIR, "--topology-changes", "1", "--edges", "x-w");
        assertEquals(ExitCode.BAD_INPUT, edges.code(), edges::toString);
        assertTrue(edges.err().startsWith("lockstep: check: --edges: \"x-w\" is not two nodes of the scenario joined by '-' (nodes: x, y)\n"),
                edges::toString);
        assertEquals("", edges.out());

        MainTest.Result noChanges = MainTest.run("check", PAPER_PAIR, "--edges", "x-y");
        assertEquals(ExitCode.BAD_INPUT, noChanges.code(), noChanges::toString);
        assertTrue(noChanges.err().startsWith("lockstep: check: --edges names the pairs the adversary may link: give --topology-changes T too\n"),
                noChanges::toString);

        MainTest.Result calls = MainTest.run("check", PAPER_PAIR, "--lock-calls", "-1");
        assertEquals(ExitCode.BAD_INPUT, calls.code());
        assertTrue(calls.err().startsWith("lockstep: check: --lock-calls expects an integer between 0 and 127, got \"-1\"\n"), calls::toString);
        MainTest.Result depth = MainTest.run("check", PAPER_PAIR, "--depth", "0");
        assertTrue(depth.err().startsWith("lockstep: check: --depth expects an integer between 1 and 2147483647, got \"0\"\n"), depth::toString);
        MainTest.Result walks = MainTest.run("check", PAPER_PAIR, "--walks", "10");
        assertEquals(ExitCode.BAD_INPUT, walks.code());
        assertTrue(walks.err().startsWith("lockstep: check: --walks W needs --walk-length L"), walks::toString);

        String scenario = Files.readString(Path.of(PAPER_PAIR)).replace("\"delta\": 1,", "\"delta\": 1, \"ports\": \"random\",");
        Path random = dir.resolve("random-ports.json");
        Files.writeString(random, scenario);
        MainTest.Result ports = MainTest.run("check", random.toString(), "--topology-changes", "2");
        assertEquals(ExitCode.BAD_INPUT, ports.code(), ports::toString);
        assertTrue(ports.err().startsWith("lockstep: check: --topology-changes needs \"ports\": \"lowest\" in " + random), ports::toString);
        assertEquals(ExitCode.VIOLATION, MainTest.run("check", random.toString()).code(), "without topology changes random ports are explored");

        MainTest.Result missing = MainTest.run("check", dir.resolve("none.json").toString());
        assertEquals(ExitCode.BAD_INPUT, missing.code(), missing::toString);
        assertTrue(missing.err().contains("none.json"), missing::toString);
    }

    @Test
    void outWritesASessionThatReplayVerifiesAndATamperedCopyDiverges() throws Exception {
        Path out = dir.resolve("flaw1.lockstep-session.json");
        MainTest.Result r = MainTest.run("check", PAPER_PAIR, "--out", out.toString());
        assertEquals(ExitCode.VIOLATION, r.code(), r::toString);
        assertTrue(r.out().endsWith("counterexample written to " + out + ": a session at round " + FLAW_1_STEPS + " (gui " + out
                + " opens it at the violation; replay " + out + " verifies it)\n"), r::toString);
        try (var files = Files.list(dir)) {
            assertEquals(List.of(out), files.toList(), "nothing but the session (the write is atomic)");
        }
        String text = Files.readString(out);
        assertTrue(text.startsWith("{\"format\":\"lockstep-session/1\""), text);
        assertTrue(text.contains("\"round\":" + FLAW_1_STEPS + ","), text);

        MainTest.Result ok = MainTest.run("replay", out.toString());
        assertEquals(ExitCode.OK, ok.code(), ok::toString);
        // the cycle and, nothing being in transit then, the deadlock: both in the last round
        assertEquals("session reproduced exactly: round " + FLAW_1_STEPS + ", 2 violations as recorded\n", ok.out());

        Path early = dir.resolve("early.json");
        Files.writeString(early, text.replace("\"round\":" + FLAW_1_STEPS + ",", "\"round\":" + (FLAW_1_STEPS - 1) + ","));
        MainTest.Result diverges = MainTest.run("replay", early.toString());
        assertEquals(ExitCode.VIOLATION, diverges.code(), diverges::toString);
        assertTrue(diverges.out().startsWith("session diverges at its violation 1 (replayed to round " + (FLAW_1_STEPS - 1) + ")\n"),
                diverges::toString);

        Path edited = dir.resolve("edited.json");
        Files.writeString(edited, text.replace("\"check\":\"deadlock\"", "\"check\":\"lockout\""));
        assertEquals(ExitCode.VIOLATION, MainTest.run("replay", edited.toString()).code());
    }

    @Test
    void walksFindFlaw1DeterministicallyAndShrinkIt() throws Exception {
        Path out = dir.resolve("walk.json");
        MainTest.Result a = MainTest.run("check", PAPER_PAIR, "--walks", "300", "--walk-length", "80", "--seed", "7", "--out", out.toString());
        assertEquals(ExitCode.VIOLATION, a.code(), a::toString);
        assertTrue(Pattern.compile("\nviolation: acyclic-dependencies after (\\d+) steps \\(a random walk of (\\d+) steps, shrunk until no single"
                + " step can be left out; not necessarily shortest\\)\n").matcher(a.out()).find(), a::toString);
        assertTrue(schedule(a.out(), "acyclic-dependencies").size() >= FLAW_1_STEPS, "no schedule is shorter than the shortest");
        assertTrue(a.out().contains("\nwalks        300 walks, "), a::toString);
        MainTest.Result b = MainTest.run("check", PAPER_PAIR, "--walks", "300", "--walk-length", "80", "--seed", "7");
        assertEquals(withoutTime(a.out()).replaceAll("\ncounterexample written.*", ""), withoutTime(b.out()));
        assertEquals(ExitCode.OK, MainTest.run("replay", out.toString()).code());
    }

    @Test
    void theOutputDoesNotDependOnTheThreadCount() {
        for (String[] args : new String[][] {{PAPER_PAIR, "--topology-changes", "1"}, {CORRECTED_TRIANGLE, "--depth", "7"}}) {
            String one = withoutTime(MainTest.run(concat(args, "--threads", "1")).out());
            String two = withoutTime(MainTest.run(concat(args, "--threads", "2")).out());
            assertEquals(one, two);
        }
    }

    private static String[] concat(String[] args, String... more) {
        String[] all = new String[args.length + more.length + 1];
        all[0] = "check";
        System.arraycopy(args, 0, all, 1, args.length);
        System.arraycopy(more, 0, all, 1 + args.length, more.length);
        return all;
    }

    @Test
    void progressGoesToStderrOnlyOnATerminal() {
        MainTest.Result quiet = MainTest.run(false, "check", CORRECTED_PAIR);
        assertEquals("", quiet.err());
        MainTest.Result shown = MainTest.run(true, "check", CORRECTED_PAIR);
        assertTrue(shown.err().contains("\rstates "), shown::toString);
        assertTrue(shown.err().contains(" states/s  frontier "), shown::toString);
        assertTrue(shown.err().endsWith("\r\033[K"), "the line is cleared before the results");
        assertEquals(withoutTime(quiet.out()), withoutTime(shown.out()));
        assertEquals("", MainTest.run(true, "check", CORRECTED_PAIR, "--no-progress").err());
    }

    /** SIGTERM (Ctrl+C takes the same shutdown path) stops the search, which still prints what it explored. */
    @Test
    void aSignalStopsTheSearchAndItsSummaryIsStillPrinted() throws Exception {
        Path log = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "check", CORRECTED_TRIANGLE, "--threads", "1", "--progress", "--out", dir.resolve("never.json").toString());
        Process p = new ProcessBuilder(cmd).redirectOutput(log.toFile()).redirectError(err.toFile()).start();
        try {
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
            while (!Pattern.compile("depth ([5-9]|[1-9][0-9]) ").matcher(Files.readString(err)).find()) {
                assertTrue(System.nanoTime() < deadline, "the search made no progress: " + Files.readString(err));
                assertTrue(p.isAlive(), Files.readString(log));
                Thread.sleep(50);
            }
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
        } finally {
            p.destroyForcibly();
        }
        String out = Files.readString(log);
        assertTrue(Pattern.compile("\nno violation found; interrupted at [0-9,]+ states while expanding depth (\\d+); complete to depth \\1:")
                .matcher(out).find(), out);
        assertTrue(out.contains("\nstates       "), out);
        assertFalse(Files.exists(dir.resolve("never.json")));
    }
}
