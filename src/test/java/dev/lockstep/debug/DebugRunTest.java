package dev.lockstep.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.adversary.Engine;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.Summary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line's run --until, without the command line: where it stops, what it narrates, what it writes. */
class DebugRunTest {
    @TempDir
    Path dir;

    static Scenario load(String name) throws Exception {
        return ScenarioLoader.load(Path.of("sample-runs", name));
    }

    @Test
    void stopsAtTheFirstEventWhereAConditionHoldsAndNarratesUpToIt() throws Exception {
        Scenario flaw1 = load("flaw-1-two-node-deadlock.json");
        DebugRun run = new DebugRun(flaw1, flaw1.seed());
        run.stopWhen("sent win(true) by y");
        DebugRun.Result r = run.run(flaw1.rounds(), null, null, null);
        assertEquals(List.of("sent win(true) by y"), r.conditions());
        DebugRun.Stop stop = r.stop().orElseThrow();
        assertEquals(7, stop.round());
        assertEquals("sent win(true) by y", stop.condition());
        assertTrue(stop.event().startsWith("y ran CheckPriorities"), stop.event());
        DebugRun.Narrated last = stop.narration().get(stop.narration().size() - 1);
        assertEquals(stop.event(), last.text());
        assertEquals(stop.step(), last.step());
        assertEquals("y", last.node());
        assertTrue(stop.narration().size() <= DebugRun.NARRATED);
        assertEquals(stop.round() + (stop.roundClosed() ? 1 : 0), r.summary().rounds());
    }

    @Test
    void withoutConditionsItIsThePlainRunAndWritesTheTraceAndShiViz() throws Exception {
        Scenario ring = load("ring-8.json");
        Path trace = dir.resolve("t.jsonl");
        Path shiviz = dir.resolve("t.log");
        DebugRun.Result r = new DebugRun(ring, 3).run(60, trace, shiviz, null);
        assertTrue(r.stop().isEmpty());
        Engine engine = ring.engine(3);
        engine.runUntil(60);
        assertEquals(Summary.of(engine.simulation()), r.summary(), "the same run as the engine's");
        assertEquals(ShiVizExport.export(Files.readString(trace), trace.toString()), Files.readString(shiviz));
        assertEquals(List.of("t.jsonl", "t.log"), Files.list(dir).map(p -> p.getFileName().toString()).sorted().toList(),
                "the scratch file is gone");
    }

    @Test
    void aMalformedConditionIsRefusedBeforeTheRun() throws Exception {
        Scenario ring = load("ring-8.json");
        DebugRun run = new DebugRun(ring, ring.seed());
        ConditionException e = assertThrows(ConditionException.class, () -> run.stopWhen("q.state = locked"));
        assertEquals(1, e.column());
        assertFalse(run.run(5, null, null, null).summary().rounds() != 5);
    }
}
