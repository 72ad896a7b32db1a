package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.bench.LmeBench;
import dev.lockstep.core.Action;
import dev.lockstep.core.Choice;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.TransitIds;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.Workers;
import dev.lockstep.core.adversary.Engine;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * A round runs on any number of threads with the same outcome as on one: the same trace byte for
 * byte (message ids, draws, violations, every record a listener hears), the same random stream
 * afterwards. With a grain of 1 even a handful of nodes is shared out, so the sample runs and the
 * generated scenarios take the parallel paths (listing ahead, executions run ahead and redone).
 */
class ParallelRoundTest {
    /** Executions run ahead over a test's parallel runs: the parallel path was taken, not skipped. */
    private long ranAhead;

    private String trace(Scenario s, long seed, Workers workers) {
        Engine engine = s.engine(seed);
        Simulation sim = engine.simulation();
        sim.workers(workers);
        sim.parallelGrain(1);
        sim.runAhead(true);
        StringWriter out = new StringWriter();
        TraceWriter w = new TraceWriter(out, s, sim, s.rounds());
        sim.addListener(w);
        engine.runUntil(s.rounds());
        w.finish();
        ranAhead += sim.executionsRanAhead();
        if (workers.threads() == 1) assertEquals(0, sim.executionsRanAhead(), "one thread runs nothing ahead");
        return out.toString();
    }

    private void assertSameOnAnyThreadCount(Scenario s, long seed, String where) {
        String one = trace(s, seed, Workers.SINGLE);
        for (int threads : new int[] {2, 3, 8}) {
            try (Workers w = new Workers(threads)) {
                assertEquals(one, trace(s, seed, w), () -> where + " on " + threads + " threads");
            }
        }
    }

    @Test
    void everySampleRunTracesTheSameOnOneTwoThreeAndEightThreads() throws Exception {
        List<Path> files;
        try (Stream<Path> all = Files.list(Path.of("sample-runs"))) {
            files = all.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertTrue(files.size() > 20, "sample runs: " + files.size());
        for (Path f : files) {
            Scenario s = ScenarioLoader.load(f);
            assertSameOnAnyThreadCount(s, s.seed(), f.getFileName().toString());
        }
        assertTrue(ranAhead > 10_000, "executions run ahead: " + ranAhead);
    }

    @Property(tries = 25, seed = "1313")
    void generatedLmeScenariosOfEveryPolicyTraceTheSameOnAnyThreadCount(@ForAll long generator, @ForAll long seed) {
        String text = DeterminismTest.randomScenario(generator);
        Scenario s = DeterminismTest.scenario(text);
        String one = trace(s, seed, Workers.SINGLE);
        try (Workers three = new Workers(3)) {
            assertEquals(one, trace(s, seed, three), text);
        }
    }

    /**
     * Bench-sized LME with the default grain: the listings are made on both threads, whole words
     * of the cache each, and LME's competitions draw from the random stream in rounds otherwise
     * run ahead, so those executions are redone in plan order. Nobody listens: no record is made.
     */
    @Test
    void benchSizedLmeDrawsInParallelRoundsAndEndsInTheSameConfiguration() {
        try (Workers two = new Workers(2)) {
            Simulation one = lme(Workers.SINGLE, null);
            Simulation parallel = lme(two, null);
            assertSameEnd(one, parallel);
            long ahead = parallel.executionsRanAhead();
            assertTrue(ahead > parallel.stats().actions() / 2, "ran ahead: " + ahead + " of " + parallel.stats().actions());
            assertTrue(ahead < parallel.stats().actions(), "some executions drew and were redone");
            Simulation listedOnly = lme(two, null, false); // only the listings are shared
            assertSameEnd(lme(Workers.SINGLE, null), listedOnly);
            assertEquals(0, listedOnly.executionsRanAhead());
            Simulation onCopies = lme(two, null, true, false); // run ahead on copies where in place is off
            assertSameEnd(lme(Workers.SINGLE, null), onCopies);
            assertTrue(onCopies.executionsRanAhead() > onCopies.stats().actions() / 2);
            StringBuilder heardOne = new StringBuilder();
            StringBuilder heardTwo = new StringBuilder();
            assertSameEnd(lme(Workers.SINGLE, heardOne), lme(two, heardTwo));
            assertTrue(heardOne.toString().contains("draws [") && heardOne.length() > 100_000);
            assertEquals(heardOne.toString(), heardTwo.toString());
        }
    }

    private static Simulation lme(Workers workers, StringBuilder heard) {
        return lme(workers, heard, true);
    }

    private static Simulation lme(Workers workers, StringBuilder heard, boolean runAhead) {
        return lme(workers, heard, runAhead, runAhead);
    }

    /** With {@code inPlace} (the default), a round nobody listens to runs in place on the workers; else on copies if {@code runAhead}. */
    private static Simulation lme(Workers workers, StringBuilder heard, boolean runAhead, boolean inPlace) {
        Engine engine = LmeBench.build(3000, 6, 11);
        Simulation sim = engine.simulation();
        sim.workers(workers);
        sim.runAhead(runAhead);
        sim.inPlaceRounds(inPlace);
        if (heard != null) sim.addListener(new Hearing(heard));
        engine.runUntil(25);
        return sim;
    }

    private static void assertSameEnd(Simulation a, Simulation b) {
        assertEquals(a.configuration(), b.configuration());
        assertEquals(TransitIds.of(a), TransitIds.of(b), "message ids in transit");
        assertEquals(a.stats().actions(), b.stats().actions());
        assertEquals(a.stats().messagesSent(), b.stats().messagesSent());
        assertEquals(a.stats().locksAcquired(), b.stats().locksAcquired());
        assertEquals(a.stats().maxWaitRounds(), b.stats().maxWaitRounds());
        assertEquals(a.violations().toString(), b.violations().toString());
        assertEquals(a.executionsBegun(), b.executionsBegun());
        assertEquals(a.random().nextLong(), b.random().nextLong(), "the random stream's position");
    }


    /**
     * Partitioned commits (off by default) on every sample run, nobody listening so that they
     * qualify: on 2 and 3 threads with a grain of one node, the end is one thread's (configuration,
     * message ids, statistics, violations, random stream), whatever the protocol and its checks;
     * those whose plans do not qualify (a policy out of node order, checks that read states) run
     * as ever, and enough do qualify that the mode ran.
     */
    @Test
    void everySampleRunEndsAsOnOneThreadWithPartitionedCommits() throws Exception {
        List<Path> files;
        try (Stream<Path> all = Files.list(Path.of("sample-runs"))) {
            files = all.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        long committed = 0;
        for (Path f : files) {
            Scenario s = ScenarioLoader.load(f);
            for (int threads : new int[] {2, 3}) {
                try (Workers w = new Workers(threads)) {
                    Simulation one = partitioned(s, Workers.SINGLE); // afresh: assertSameEnd draws from both streams
                    Simulation many = partitioned(s, w);
                    try {
                        assertSameEnd(one, many);
                    } catch (AssertionError e) {
                        throw new AssertionError(f.getFileName() + " on " + threads + " threads: " + e.getMessage(), e);
                    }
                    committed += many.executionsRanAhead();
                }
            }
        }
        assertTrue(committed > 1_000, "executions committed partitioned: " + committed);
    }

    private static Simulation partitioned(Scenario s, Workers workers) {
        Engine engine = s.engine(s.seed());
        Simulation sim = engine.simulation();
        sim.workers(workers);
        sim.parallelGrain(1);
        sim.partitionedCommits(true);
        engine.runUntil(s.rounds());
        return sim;
    }

    /** Every record as heard, in order, with what a listener could look up in the simulation right then. */
    private record Hearing(StringBuilder out) implements SimulationListener {
        @Override
        public void executed(ExecutionRecord r) {
            out.append(r.round()).append(' ').append(r.node()).append(' ').append(r.label()).append(" draws ")
                    .append(Arrays.toString(r.draws())).append(' ').append(r.received()).append(' ').append(r.sent())
                    .append(' ').append(r.state()).append('\n');
        }
    }

    // ---------------------------------------------------------------- the fallbacks

    /** The first node of the sample with a choice of each listed node, in node order. */
    private static List<Choice> firstChoices(Simulation sim, int nodes) {
        List<Choice> out = new ArrayList<>();
        for (int u = 0; u < sim.nodeCount() && out.size() < nodes; u++) {
            List<Choice> c = sim.choices(u);
            if (!c.isEmpty()) out.add(c.get(0));
        }
        return out;
    }

    private static Engine begun(Workers workers) throws Exception {
        Scenario s = ScenarioLoader.load(Path.of("sample-runs/ring-8.json"));
        Engine engine = s.engine(s.seed());
        engine.simulation().workers(workers);
        engine.simulation().parallelGrain(1);
        engine.simulation().runAhead(true);
        engine.runUntil(6);
        engine.beginRound();
        return engine;
    }

    /** A plan naming a node twice, or a refused choice mid-plan: what one thread does, the same exception after the same commits. */
    @Test
    void aNodeTwiceOrARefusedChoiceFailsAtItsTurnAsOnOneThread() throws Exception {
        for (int bad = 0; bad < 2; bad++) {
            Workers three = new Workers(3);
            Simulation[] sims = {begun(Workers.SINGLE).simulation(), begun(three).simulation()};
            String[] messages = new String[2];
            for (int k = 0; k < 2; k++) {
                Simulation sim = sims[k];
                List<Choice> plan = firstChoices(sim, 4);
                assertTrue(plan.size() >= 3, "choices: " + plan);
                plan.set(2, bad == 0 ? plan.get(1) : new Choice(plan.get(2).node(), messageAction(sim), null, null));
                messages[k] = assertThrows(IllegalArgumentException.class, () -> sim.act(plan)).getMessage();
                assertEquals(2, sim.executionsThisRound(), "the two before it committed");
            }
            three.close();
            assertEquals(messages[0], messages[1]);
            assertTrue(messages[0].contains(bad == 0 ? "already acted" : "needs a message"), messages[0]);
            assertEquals(sims[0].configuration(), sims[1].configuration());
        }
    }

    /** An action that receives a message: without one it is always refused. */
    private static int messageAction(Simulation sim) {
        for (int a = 0; a < sim.actions().size(); a++) {
            if (sim.actions().get(a).trigger() == Action.Trigger.MESSAGE) return a;
        }
        throw new AssertionError("no message action");
    }

    /** Prescribed draws run ahead; a wrong number of them fails at its turn with one thread's message. */
    @Test
    void prescribedDrawsRunAheadAndAWrongCountFailsAtItsTurn() throws Exception {
        Workers two = new Workers(2);
        Simulation[] sims = {begun(Workers.SINGLE).simulation(), begun(two).simulation()};
        String[] messages = new String[2];
        for (int k = 0; k < 2; k++) {
            Simulation sim = sims[k];
            List<Choice> plan = firstChoices(sim, 8);
            Choice last = plan.get(plan.size() - 1);
            plan.set(plan.size() - 1, last.withDraws(0, 0, 0, 0, 0, 0, 0, 0, 0));
            messages[k] = assertThrows(IllegalArgumentException.class, () -> sim.act(plan)).getMessage();
            assertEquals(plan.size(), sim.executionsThisRound(), "those before it committed, and it had begun");
        }
        two.close();
        assertEquals(messages[0], messages[1]);
        assertTrue(messages[0].contains("random draws but 9 values were given"), messages[0]);
        assertEquals(sims[0].configuration(), sims[1].configuration());
    }
}
