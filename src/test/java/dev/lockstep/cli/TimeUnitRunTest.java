package dev.lockstep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.scenario.TimeUnitTexts;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scenario with both time-unit generators is an ordinary scenario: {@code run} runs it, {@code replay} reproduces it. */
class TimeUnitRunTest {
    @TempDir
    Path dir;

    @Test
    void aRunWithPoissonRequestsAndLinkChangesReplaysByteForByte() throws Exception {
        Path scenario = dir.resolve("krl-poisson.json");
        Files.writeString(scenario, TimeUnitTexts.krl(13, 7, 0.2, 3, 600,
                "\"linkChanges\": {\"rate\": 0.05, \"tolerance\": 0.1}",
                "\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 10, \"hold\": 1, \"until\": 550}"));
        Path trace = dir.resolve("t.jsonl");
        MainTest.Result run = MainTest.run("run", scenario.toString(), "--trace", trace.toString());
        assertEquals(ExitCode.OK, run.code(), run::toString);
        String text = Files.readString(trace);
        assertTrue(text.contains("\"type\":\"cut\""), "the link changes cut edges");
        assertTrue(text.contains("\"call\":\"lock\""), "the workload calls Lock");

        MainTest.Result replay = MainTest.run("replay", trace.toString());
        assertEquals(ExitCode.OK, replay.code(), replay::toString);
        assertEquals("trace reproduced exactly: " + text.lines().count() + " records, 600 rounds\n", replay.out());

        Path again = dir.resolve("t2.jsonl");
        assertEquals(ExitCode.OK, MainTest.run("run", scenario.toString(), "--trace", again.toString()).code());
        assertEquals(text, Files.readString(again), "the same file and seed: the same trace, byte for byte");
    }
}
