package dev.lockstep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --threads N}: the same trace and summary for any N, and a clear error for N < 1. */
class RunThreadsTest {
    private static final String SWARM = "sample-runs/unit-disk-swarm-30.json";

    @Test
    void theTraceAndSummaryAreTheSameOnOneThreadAndOnThree(@TempDir Path dir) throws Exception {
        Path one = dir.resolve("one.jsonl");
        Path three = dir.resolve("three.jsonl");
        MainTest.Result a = MainTest.run("run", SWARM, "--threads", "1", "--trace", one.toString(), "--no-progress");
        MainTest.Result b = MainTest.run("run", SWARM, "--threads", "3", "--trace", three.toString(), "--no-progress");
        MainTest.Result byDefault = MainTest.run("run", SWARM, "--no-progress");
        assertEquals(a.code(), b.code(), b::toString);
        assertEquals(a.out(), b.out());
        assertEquals(a.out(), byDefault.out(), "all cores by default, the same summary");
        assertTrue(Files.size(one) > 10_000, "a substantial trace");
        assertEquals(Files.readString(one), Files.readString(three));
    }

    @Test
    void fewerThanOneThreadIsAUsageErrorNamingTheOption() {
        for (String bad : new String[] {"0", "-2", "many"}) {
            MainTest.Result r = MainTest.run("run", SWARM, "--threads", bad);
            assertEquals(ExitCode.BAD_INPUT, r.code(), r::toString);
            assertTrue(r.err().startsWith("lockstep: run: --threads expects an integer between 1 and 1024, got \"" + bad + "\""),
                    r::toString);
        }
    }
}
