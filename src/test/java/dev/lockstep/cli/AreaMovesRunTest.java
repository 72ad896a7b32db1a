package dev.lockstep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.scenario.AreaMovesTexts;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A KLME scenario with moves between areas is an ordinary scenario: {@code run} runs it, {@code replay} reproduces it. */
class AreaMovesRunTest {
    @TempDir
    Path dir;

    @Test
    void aRunWithAreaMovesReplaysByteForByte() throws Exception {
        Path scenario = dir.resolve("klme-moves.json");
        Files.writeString(scenario, AreaMovesTexts.klme(9, 2, 3, 5, 3, 600,
                "\"areaMoves\": {\"rate\": 0.05, \"until\": 500}",
                "\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 10, \"hold\": 2, \"until\": 500}"));
        Path trace = dir.resolve("t.jsonl");
        MainTest.Result run = MainTest.run("run", scenario.toString(), "--trace", trace.toString());
        assertEquals(ExitCode.OK, run.code(), run::toString);
        String text = Files.readString(trace);
        assertTrue(text.contains("\"type\":\"move\""), "the moves are in the trace");
        assertTrue(text.contains("\"call\":\"lock\""), "the workload calls Lock");

        MainTest.Result replay = MainTest.run("replay", trace.toString());
        assertEquals(ExitCode.OK, replay.code(), replay::toString);
        assertEquals("trace reproduced exactly: " + text.lines().count() + " records, 600 rounds\n", replay.out());

        Path again = dir.resolve("t2.jsonl");
        assertEquals(ExitCode.OK, MainTest.run("run", scenario.toString(), "--trace", again.toString()).code());
        assertEquals(text, Files.readString(again), "the same file and seed: the same trace, byte for byte");
    }
}
