package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The simulation keeps each node's enabled choices until something they depend on changes. A
 * copy of a simulation starts with nothing kept and lists every node afresh, so at any moment
 * the live simulation must list exactly what its copy lists: in every sample run (churn, moves
 * across areas, crashes, lost tokens, asynchronous executions) and in generated LME scenarios
 * of every policy, at the start of each round and between its executions.
 */
class ChoiceCacheTest {
    private static final int MAX_ROUNDS = 60;

    private static int[] listing(Simulation sim, int u, boolean effective) {
        int[] buf = new int[2];
        int c = effective ? sim.enumerateEffective(u, buf) : sim.enumerate(u, buf);
        if (c > buf.length) {
            buf = new int[c];
            c = effective ? sim.enumerateEffective(u, buf) : sim.enumerate(u, buf);
        }
        return Arrays.copyOf(buf, c);
    }

    /** Compares every node's listings (both kinds) with those of a fresh copy; returns how many choices there were. */
    private static int assertSameAsFresh(Simulation sim, String where) {
        Simulation fresh = sim.copy();
        int choices = 0;
        for (int u = 0; u < sim.nodeCount(); u++) {
            for (boolean effective : new boolean[] {true, false}) {
                int[] expected = listing(fresh, u, effective);
                int node = u;
                assertArrayEquals(expected, listing(sim, u, effective), () -> where + ", round " + sim.round()
                        + ", node " + sim.nodeName(node) + (effective ? ", effective" : ", any"));
                choices += expected.length;
            }
        }
        return choices;
    }

    /** Runs the scenario, comparing at every round start and after every other execution. */
    private static int check(Scenario s, String where) {
        Engine engine = s.engine(s.seed());
        Simulation sim = engine.simulation();
        int choices = 0;
        int rounds = Math.min(s.rounds(), MAX_ROUNDS);
        while (sim.round() < rounds) {
            engine.beginRound();
            choices += assertSameAsFresh(sim, where);
            for (int i = 0; engine.executeNext(); i++) if (i % 2 == 1) assertSameAsFresh(sim, where);
            engine.finishRound();
        }
        return choices;
    }

    @Test
    void everySampleRunListsWhatAFreshCopyLists() throws Exception {
        List<Path> files;
        try (Stream<Path> all = Files.list(Path.of("sample-runs"))) {
            files = all.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertTrue(files.size() > 20, "sample runs: " + files.size());
        int choices = 0;
        for (Path f : files) choices += check(ScenarioLoader.load(f), f.getFileName().toString());
        assertTrue(choices > 10_000, "choices compared: " + choices);
    }

    @Test
    void generatedScenariosOfEveryPolicyListWhatAFreshCopyLists() throws IOException {
        int choices = 0;
        for (long seed = 1; seed <= 40; seed++) {
            choices += check(DeterminismTest.scenario(DeterminismTest.randomScenario(seed)), "generated " + seed);
        }
        assertTrue(choices > 1_000, "choices compared: " + choices);
    }
}
