package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Configuration;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Same scenario + seed ⇒ byte-identical trace; the trace replays exactly; another seed gives
 * another run; a copied simulation continues exactly like the original.
 */
class DeterminismTest {

    /** A scenario with everything random drawn from {@code r}: graph, Δ, K, policy, churn, workload. */
    static String randomScenario(long generatorSeed) {
        Random r = new Random(generatorSeed);
        int n = 2 + r.nextInt(5);
        List<int[]> edges = new ArrayList<>();
        int[] degree = new int[n];
        double density = 0.3 + 0.6 * r.nextDouble();
        for (int u = 0; u < n; u++) {
            for (int v = u + 1; v < n; v++) {
                if (v == u + 1 || r.nextDouble() < density) { // a path keeps it connected
                    edges.add(new int[] {u, v});
                    degree[u]++;
                    degree[v]++;
                }
            }
        }
        int maxDegree = 1;
        for (int d : degree) maxDegree = Math.max(maxDegree, d);
        int delta = maxDegree + r.nextInt(2);
        String policy = switch (r.nextInt(4)) {
            case 0 -> "{\"policy\": \"synchronous\"}";
            case 1 -> "{\"policy\": \"semi-synchronous\", \"activation\": " + (0.2 + 0.7 * r.nextDouble()) + "}";
            case 2 -> "{\"policy\": \"sequential\"" + (r.nextBoolean() ? ", \"choice\": \"any\"" : "") + "}";
            default -> "{\"policy\": \"asynchronous\", \"activation\": " + (0.3 + 0.6 * r.nextDouble())
                    + ", \"maxDuration\": " + (1 + r.nextInt(3)) + "}";
        };
        StringBuilder sb = new StringBuilder();
        sb.append("{\"format\": \"lockstep-scenario/1\", \"name\": \"generated-").append(generatorSeed).append("\",\n");
        sb.append(" \"protocol\": \"lme\", \"params\": {\"K\": ").append(2 + r.nextInt(7))
                .append(", \"variant\": \"").append(r.nextInt(4) == 0 ? "paper" : "corrected").append("\"},\n");
        sb.append(" \"delta\": ").append(delta).append(", \"rounds\": ").append(40 + r.nextInt(80)).append(",\n");
        sb.append(" \"scheduler\": ").append(policy).append(",\n");
        sb.append(" \"channels\": \"").append(r.nextBoolean() ? "unordered" : "fifo").append("\",");
        sb.append(" \"ports\": \"").append(r.nextBoolean() ? "lowest" : "random").append("\",\n");
        sb.append(" \"nodes\": [");
        for (int u = 0; u < n; u++) sb.append(u == 0 ? "" : ", ").append("{\"id\": \"n").append(u).append("\"}");
        sb.append("],\n \"edges\": [");
        for (int i = 0; i < edges.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append("[\"n").append(edges.get(i)[0]).append("\", \"n").append(edges.get(i)[1]).append("\"]");
        }
        sb.append("],\n");
        if (r.nextBoolean()) {
            sb.append(" \"churn\": {\"cut\": ").append(0.2 * r.nextDouble()).append(", \"link\": ")
                    .append(0.3 * r.nextDouble()).append(", \"until\": ").append(20 + r.nextInt(60)).append("},\n");
        }
        if (r.nextBoolean()) {
            int[] e = edges.get(r.nextInt(edges.size()));
            int round = 1 + r.nextInt(30);
            sb.append(" \"dynamics\": [{\"round\": ").append(round).append(", \"cut\": [\"n").append(e[0]).append("\", \"n")
                    .append(e[1]).append("\"]}, {\"round\": ").append(round + 1 + r.nextInt(10)).append(", \"link\": [\"n")
                    .append(e[1]).append("\", \"n").append(e[0]).append("\"]}],\n");
        }
        sb.append(" \"workload\": {\"lock\": ").append(0.1 + 0.5 * r.nextDouble()).append(", \"hold\": ")
                .append(r.nextInt(4)).append("}\n}\n");
        return sb.toString();
    }

    static Scenario scenario(String text) {
        try {
            return ScenarioLoader.parse(text, "generated.json");
        } catch (ScenarioException e) {
            throw new AssertionError("the generator wrote an invalid scenario:\n" + e.getMessage() + "\n" + text, e);
        }
    }

    /** Runs a scenario with a seed and returns the whole trace. */
    static String trace(Scenario s, long seed) {
        Engine engine = s.engine(seed);
        StringWriter out = new StringWriter();
        TraceWriter w = new TraceWriter(out, s, engine.simulation(), s.rounds());
        engine.simulation().addListener(w);
        engine.runUntil(s.rounds());
        w.finish();
        return out.toString();
    }

    /** Everything after the header (which names the seed, so always differs between seeds). */
    static String body(String trace) {
        return trace.substring(trace.indexOf('\n') + 1);
    }

    static void assertReplays(String trace) throws ScenarioException {
        TraceReplay.Result r = TraceReplay.replay(trace, "mem.jsonl");
        assertTrue(r.identical(), () -> "replay diverges at line " + r.differingLine() + "\n  file:     "
                + r.expected() + "\n  replayed: " + r.actual());
        assertEquals(trace.split("\n").length, r.lines());
    }

    // ---------------------------------------------------------------- the sample scenario

    @Test
    void sampleRunIsDeterministicAndReplays() throws Exception {
        Scenario s = ScenarioLoader.load(Path.of("sample-runs/ring-8.json"));
        String a = trace(s, s.seed());
        String b = trace(s, s.seed());
        assertEquals(a, b);
        assertTrue(a.lines().count() > 1000, "a substantial run: " + a.lines().count());
        assertReplays(a);
        assertNotEquals(body(a), body(trace(s, s.seed() + 1)));
        // loading the file again changes nothing either
        assertEquals(a, trace(ScenarioLoader.load(Path.of("sample-runs/ring-8.json")), 7));
    }

    @Test
    void sampleRunCopiedHalfwayContinuesIdentically() {
        Scenario s = sample();
        assertCopyContinuesIdentically(s, s.seed(), 137);
    }

    // ---------------------------------------------------------------- generated scenarios

    @Provide
    Arbitrary<String> scenarios() {
        return Arbitraries.longs().map(DeterminismTest::randomScenario);
    }

    @Property(tries = 40)
    void sameSeedSameBytesAndTheTraceReplays(@ForAll("scenarios") String text, @ForAll long seed) throws Exception {
        Scenario s = scenario(text);
        String a = trace(s, seed);
        String b = trace(scenario(text), seed);
        assertEquals(a, b, text);
        assertTrue(a.endsWith("\n") && a.lines().reduce((x, y) -> y).orElseThrow().contains("\"type\":\"end\""));
        assertReplays(a);
    }

    @Property(tries = 30)
    void anotherSeedAnotherRun(@ForAll("scenarios") String text, @ForAll long seed) {
        // every generated scenario draws from the stream each round (the workload's lock chance)
        Scenario s = scenario(text);
        assertNotEquals(body(trace(s, seed)), body(trace(s, seed + 1)), text);
    }

    @Property(tries = 40)
    void aCopyContinuesExactlyLikeTheOriginal(@ForAll("scenarios") String text, @ForAll long seed,
                                              @ForAll @IntRange(min = 1, max = 100) int percent) {
        Scenario s = scenario(text);
        int at = Math.max(1, s.rounds() * percent / 100 - 1);
        assertCopyContinuesIdentically(s, seed, at);
    }

    // ---------------------------------------------------------------- copies

    static Scenario sample() {
        try {
            return ScenarioLoader.load(Path.of("sample-runs/ring-8.json"));
        } catch (ScenarioException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Runs to round {@code at}, copies the simulation, then runs original and copy to the end with
     * a trace writer attached to each from the copy on: the two continuations must be identical,
     * and the copy must not share state with the original.
     */
    static void assertCopyContinuesIdentically(Scenario s, long seed, int at) {
        Engine original = s.engine(seed);
        original.runUntil(at);
        Simulation sim = original.simulation();
        Configuration before = sim.configuration();
        Summary summaryBefore = Summary.of(sim);

        Simulation copy = sim.copy();
        assertNotSame(sim, copy);
        assertEquals(before, copy.configuration(), "the copy's configuration equals the original's");
        assertEquals(before.hashCode(), copy.configuration().hashCode());
        assertEquals(sim.round(), copy.round());
        assertEquals(summaryBefore, Summary.of(copy), "statistics and violations are copied too");

        StringWriter a = new StringWriter();
        TraceWriter wa = new TraceWriter(a, s, sim, s.rounds());
        sim.addListener(wa);
        original.runUntil(s.rounds());
        wa.finish();

        // the original ran on; the copy, untouched, is still where it was
        assertEquals(before, copy.configuration(), "running the original must not change the copy");
        assertEquals(summaryBefore, Summary.of(copy));
        assertEquals(at, copy.round());

        StringWriter b = new StringWriter();
        TraceWriter wb = new TraceWriter(b, s, copy, s.rounds());
        copy.addListener(wb);
        new Engine(copy, s.adversary()).runUntil(s.rounds());
        wb.finish();

        assertEquals(a.toString(), b.toString(), "identical continuation from round " + at);
        assertEquals(Summary.of(sim), Summary.of(copy));
        assertEquals(sim.configuration(), copy.configuration());
        assertEquals(sim.configuration().hashCode(), copy.configuration().hashCode());
        assertTrue(a.toString().lines().count() >= 2, "header and end record at least");
    }

    @Test
    void configurationsOfDifferentStatesDiffer() {
        // equality must not be trivially true: a run that acted differs from its start
        Scenario s = sample();
        Engine e = s.engine();
        e.runUntil(1);
        Configuration early = e.simulation().configuration();
        Simulation copy = e.simulation().copy();
        e.runUntil(30);
        assertNotEquals(early, e.simulation().configuration());
        assertEquals(early, copy.configuration());
    }
}
