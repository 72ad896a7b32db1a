package dev.lockstep.explore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.protocol.lme.LmeVariant;
import dev.lockstep.protocol.ricartagrawala.RicartAgrawala;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;

/**
 * Fingerprints and threads never change an exploration, with or without symmetry and partial-order
 * reduction: random small scenarios (2-4 nodes, random
 * graphs and potential edges, LME paper / corrected / corrected-unscoped and Ricart-Agrawala,
 * random bounds on calls, topology changes, depth, states and kept simulations) explored with and
 * without them.
 */
class ReductionsProperties {
    /** A scenario drawn from one long: the start and the settings (plain search, one thread). */
    private record Scenario(String name, Simulation start, ExplorerSettings settings) {}

    private static Scenario scenario(long seed) {
        Random r = new Random(seed);
        int kind = r.nextInt(4);
        if (kind == 3) {
            // Ricart-Agrawala needs a complete graph and FIFO channels.
            int n = 2 + r.nextInt(2);
            List<String> names = new ArrayList<>();
            double[] x = new double[n];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                names.add("p" + i);
                x[i] = 4 * i;
                y[i] = i % 2;
            }
            Simulation sim = new Simulation(new SimulationConfig(new RicartAgrawala(), names, x, y, null, n - 1,
                    ChannelDiscipline.FIFO, PortAssignment.LOWEST, new CheckSettings(LmeStarts.NO_LOCKOUT), seed));
            for (int u = 0; u < n; u++) for (int v = u + 1; v < n; v++) sim.link(u, v);
            ExplorerSettings s = bounds(r, ExplorerSettings.defaults().withLockCalls(1 + r.nextInt(2)));
            return new Scenario("ra n=" + n, sim, s);
        }
        LmeVariant variant = LmeVariant.values()[kind];
        int n = 2 + r.nextInt(3);
        boolean small = r.nextInt(3) == 0; // a pair without topology changes: small enough to exhaust
        if (small) n = 2;
        List<int[]> edges = new ArrayList<>();
        List<int[]> potential = new ArrayList<>();
        int[] degree = new int[n];
        for (int u = 0; u < n; u++) {
            for (int v = u + 1; v < n; v++) {
                if (r.nextInt(3) > 0) {
                    edges.add(new int[] {u, v});
                    degree[u]++;
                    degree[v]++;
                }
                if (r.nextBoolean()) potential.add(new int[] {u, v});
            }
        }
        int delta = 1;
        for (int d : degree) delta = Math.max(delta, d);
        delta += r.nextInt(2);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) names.add("n" + i);
        Simulation sim = LmeStarts.start(variant, 2, delta, names, edges.toArray(new int[0][]));
        ExplorerSettings s = bounds(r, ExplorerSettings.defaults().withLockCalls(1)
                .withTopologyChanges(small ? 0 : r.nextInt(3), potential.toArray(new int[0][])));
        if (r.nextInt(4) == 0) s = s.withStrayCalls(1);
        StringBuilder name = new StringBuilder(variant + " n=" + n + " delta=" + delta + " edges=");
        for (int[] e : edges) name.append(e[0]).append(e[1]).append(' ');
        return new Scenario(name.toString(), sim, s);
    }

    private static ExplorerSettings bounds(Random r, ExplorerSettings s) {
        int[] frontier = {0, 3, 20_000};
        if (r.nextBoolean()) {
            // Findings with paths on every scenario, whatever its checks find.
            int messages = 1 + r.nextInt(4);
            s = s.withTarget("busy", sim -> {
                int inTransit = 0;
                for (int u = 0; u < sim.nodeCount(); u++) {
                    inTransit += sim.channels().size(u);
                    if (sim.status(u) == OperationStatus.LOCKED) return true;
                }
                return inTransit >= messages;
            });
        }
        return s.withMaxDepth(r.nextInt(3) == 0 ? Integer.MAX_VALUE : 3 + r.nextInt(10))
                .withMaxStates(r.nextInt(4) == 0 ? 50 + r.nextInt(500) : 3000)
                .withMaxFindingsKept(r.nextInt(40))
                .withMaxFrontierSimulations(frontier[r.nextInt(frontier.length)]);
    }

    private static ExplorationResult explore(Scenario sc, Reductions reductions) {
        return new Explorer(sc.start(), sc.settings().withReductions(reductions)).run();
    }

    /** Every check's first finding and every kept finding, with its length and path, as text. */
    private static List<String> findings(ExplorationResult r) {
        List<String> out = new ArrayList<>();
        for (Finding f : r.firstFindings().values()) out.add("first " + f + "\n" + f.path());
        for (Finding f : r.findings()) out.add("kept " + f + "\n" + f.path());
        return out;
    }

    /** The summary without its time, and without what only fingerprints report. */
    private static String summary(ExplorationResult r) {
        return r.summary().replaceFirst(" time=\\d+ms", "").replaceFirst(" fingerprints=\\S+ P\\(collision\\)<=\\S+ bytes/state=\\S+", "");
    }

    /**
     * Symmetry and partial-order reduction, each on or off by the seed: fingerprints and threads
     * must change nothing with them too (canonical keys made while merging, sleep sets handed to
     * the threads).
     */
    private static Reductions otherReductions(long seed) {
        Random r = new Random(seed ^ 0x5DEECE66DL);
        return Reductions.NONE.withSymmetry(r.nextBoolean()).withPartialOrder(r.nextBoolean());
    }

    @Property(tries = 40, seed = "1427")
    void fingerprintsChangeNothing(@ForAll long seed) {
        Scenario sc = scenario(seed);
        Reductions others = otherReductions(seed);
        ExplorationResult keys = explore(sc, others);
        ExplorationResult prints = explore(sc, others.withFingerprints(true));
        String what = sc.name() + "\n" + keys.summary();
        Statistics.label("outcome").collect(keys.stop(), keys.clean() ? "clean" : "findings");
        assertEquals(keys.states(), prints.states(), what);
        assertEquals(keys.transitions(), prints.transitions(), what);
        assertArrayEquals(keys.levelSizes(), prints.levelSizes(), what);
        assertEquals(keys.stop(), prints.stop(), what);
        assertEquals(keys.completeDepth(), prints.completeDepth(), what);
        assertEquals(keys.findingCounts(), prints.findingCounts(), what);
        assertEquals(findings(keys), findings(prints), what);
        assertEquals(summary(keys), summary(prints), what);
        assertEquals(64, prints.storage().fingerprintBits());
        assertEquals((double) prints.states() * prints.states() / 0x1p65, prints.collisionProbabilityBound(), 1e-30);
    }

    @Property(tries = 30, seed = "2718")
    void threadCountChangesNothing(@ForAll long seed) {
        Scenario sc = scenario(seed);
        Reductions base = otherReductions(seed).withFingerprints(new Random(seed).nextBoolean());
        ExplorationResult one = explore(sc, base);
        Statistics.label("outcome").collect(one.stop(), one.clean() ? "clean" : "findings", 
                // Explorer hands a thread at least 32 consecutive states: a level of 64 runs on two.
                Arrays.stream(one.levelSizes()).max().orElse(0) >= 64 ? "levels on several threads" : "levels inline");
        for (int threads = 2; threads <= 3; threads++) {
            ExplorationResult many = explore(sc, base.withThreads(threads));
            String what = sc.name() + " threads=" + threads + "\n" + one.summary();
            assertEquals(one.summary().replaceFirst(" time=\\d+ms", ""), many.summary().replaceFirst(" time=\\d+ms", ""), what);
            assertArrayEquals(one.levelSizes(), many.levelSizes(), what);
            assertEquals(one.stop(), many.stop(), what);
            assertEquals(findings(one), findings(many), what);
        }
    }

    /** An exhausted search with the checks' own findings: the paper pair, one Lock call each, one cut or link. */
    @Example
    void anExhaustedSearchIsTheSameWithEveryReduction() {
        Simulation start = LmeStarts.pair(LmeVariant.PAPER, 2);
        ExplorerSettings s = ExplorerSettings.defaults().withLockCalls(1).withTopologyChanges(1, new int[] {0, 1});
        ExplorationResult plain = new Explorer(start, s).run();
        ExplorationResult both = new Explorer(start, s.withReductions(Reductions.NONE.withFingerprints(true).withThreads(2))).run();
        assertEquals(ExplorationResult.Stop.EXHAUSTED, plain.stop(), plain.summary());
        assertEquals(summary(plain), summary(both));
        assertArrayEquals(plain.levelSizes(), both.levelSizes());
        assertEquals(findings(plain), findings(both));
    }
}
