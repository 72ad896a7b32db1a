package dev.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.cli.ExitCode;
import dev.lockstep.cli.Main;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every file in sample-runs/ runs through the command line as its name promises: the flaw
 * samples and the stalls (-stall: a cut link for Ricart-Agrawala and Lamport, a crashed KLME
 * leader) show their deadlock, the printed KLME ({@code -paper}) a second token, the printed KRL
 * ({@code krl-paper-*}) its drifting views, KRL cut off from its token a lockout (exit 1), all
 * others run clean
 * (exit 0), and every run's trace replays exactly. What each sample teaches: {@link GalleryTest}.
 */
class SampleRunsTest {
    static final Path DIR = Path.of("sample-runs");

    static List<Path> samples() throws IOException {
        try (Stream<Path> s = Files.list(DIR)) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    @Test
    void theSamplesTheIssueAsksForExist() throws IOException {
        List<String> names = samples().stream().map(p -> p.getFileName().toString()).toList();
        for (String required : List.of("figure-1-persistent-neighbourhood.json", "ring-8.json", "grid-5x5-churn.json",
                "unit-disk-swarm-30.json", "ricart-agrawala-complete-5.json", "flaw-1-two-node-deadlock.json",
                "flaw-2-stuck-in-win.json", "flaw-3-stale-late-mark.json", "flaw-4-lock-call-drops-cut.json", "tie-everyone-loses.json",
                "node-dragged-away-mid-competition.json", "on-hold-applicants-become-candidates.json",
                "swarm-long-dynamic-40.json", "ricart-agrawala-cut-link-stall.json")) {
            assertTrue(names.contains(required), required + " missing from " + names);
        }
    }

    /** The samples that exist to show a check firing. */
    static boolean showsAViolation(String file) {
        return file.startsWith("flaw-") || file.endsWith("-stall.json") || file.endsWith("-paper.json")
                || file.contains("-paper-") || file.contains("-without-locks-");
    }

    @TestFactory
    List<DynamicTest> eachSampleRunsAsPromised() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path p : samples()) {
            tests.add(DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                ByteArrayOutputStream err = new ByteArrayOutputStream();
                int code = new Main(new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8), false)
                        .execute(new String[] {"run", p.toString(), "--json"});
                String json = out.toString(StandardCharsets.UTF_8);
                JsonValue.Obj summary = (JsonValue.Obj) JsonParser.parse(json.trim());
                List<String> checks = new ArrayList<>();
                for (JsonValue v : ((JsonValue.Arr) summary.get("violations")).items()) {
                    checks.add(((JsonValue.Str) ((JsonValue.Obj) v).get("check")).value());
                }
                long acquired = Long.parseLong(((JsonValue.Num) summary.get("locksAcquired")).text());
                if (showsAViolation(p.getFileName().toString())) {
                    assertEquals(ExitCode.VIOLATION, code, err.toString(StandardCharsets.UTF_8));
                    String name = p.getFileName().toString();
                    // the printed KRL's views drift; KRL cut off from its token locks out; the
                    // printed KLME breaks its one-token invariant; the other flaws deadlock
                    // a population protocol without locks breaks its invariant, amoebots without locks collide
                    String expected = name.startsWith("krl-") ? (name.contains("-paper-") ? "token-oriented" : "lockout")
                            : name.endsWith("-paper.json") ? "one-token" : name.startsWith("amoebots-") ? "no-collision"
                            : name.contains("-without-locks-") ? "majority-invariant"
                            : "deadlock";
                    assertTrue(checks.contains(expected), checks.toString());
                } else {
                    assertEquals(ExitCode.OK, code, json + err.toString(StandardCharsets.UTF_8));
                    assertEquals(List.of(), checks);
                    assertTrue(acquired > 0, "a sample should show locks being acquired");
                }
                assertFalse(json.isBlank());
            }));
        }
        return tests;
    }

    /** A lecturer's run is the same run everywhere: the trace of every sample replays exactly. */
    @TestFactory
    List<DynamicTest> eachSampleReplaysExactly(@TempDir Path dir) throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path p : samples()) {
            tests.add(DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
                Path trace = dir.resolve(p.getFileName() + ".jsonl");
                ByteArrayOutputStream err = new ByteArrayOutputStream();
                PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
                PrintStream errs = new PrintStream(err, true, StandardCharsets.UTF_8);
                int run = new Main(quiet, errs, false).execute(new String[] {"run", p.toString(), "--trace", trace.toString()});
                assertEquals(showsAViolation(p.getFileName().toString()) ? ExitCode.VIOLATION : ExitCode.OK, run, err.toString());
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                int replay = new Main(new PrintStream(out, true, StandardCharsets.UTF_8), errs, false)
                        .execute(new String[] {"replay", trace.toString()});
                assertEquals(ExitCode.OK, replay, out + err.toString(StandardCharsets.UTF_8));
            }));
        }
        return tests;
    }
}
