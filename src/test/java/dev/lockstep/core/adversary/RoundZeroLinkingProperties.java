package dev.lockstep.core.adversary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.TimeVaryingGraph;
import dev.lockstep.core.Workers;
import dev.lockstep.protocol.lme.Lme;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;

/**
 * Round 0 of a unit-disk scenario (pairs found on the workers, port rows laid out for the
 * degrees, then one link a pair) gives the graph that linking each pair as {@link
 * UnitDisk#forEachPair} visits it gives: the same ports, peers, peers' ports, connection ids,
 * pending connections, refusals (Δ too small for a node's neighbours), records and random stream
 * (random port assignment), and still the same after random cuts and links afterwards (rows that
 * outgrow their reserved room). Random layouts of up to 300 nodes, mean degree 1 to 20, Δ 2 to 16.
 */
class RoundZeroLinkingProperties {
    private static final Workers THREE = new Workers(3);

    @Property(tries = 150)
    void roundZeroLinksTheGraphEdgeByEdgeLinkingGives(@ForAll long seed) {
        Random r = new Random(seed);
        int n = 2 + r.nextInt(299);
        double degree = 1 + r.nextInt(20);
        double side = Math.sqrt(n * Math.PI / degree);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = r.nextInt(3) == 0 ? Math.floor(r.nextDouble() * side * 2) / 2 : r.nextDouble() * side; // lattice: distances hit 1 exactly
            y[i] = r.nextInt(3) == 0 ? Math.floor(r.nextDouble() * side * 2) / 2 : r.nextDouble() * side;
        }
        int delta = 2 + r.nextInt(15);
        PortAssignment ports = r.nextBoolean() ? PortAssignment.LOWEST : PortAssignment.RANDOM;
        boolean shared = r.nextBoolean();

        Simulation bulk = simulation(x, y, delta, ports, seed);
        if (shared) bulk.workers(THREE);
        List<String> bulkRecords = records(bulk);
        new ScenarioAdversary(new int[0], 1.0, List.of(), null, null, new Synchronous()).beginTopology(bulk);

        Simulation byEdge = simulation(x, y, delta, ports, seed);
        List<String> byEdgeRecords = records(byEdge);
        UnitDisk.of(x.clone(), y.clone(), 1.0).forEachPair(byEdge::link);

        assertSameGraph(byEdge, bulk);
        assertEquals(byEdgeRecords, bulkRecords);
        boolean refusals = bulkRecords.stream().anyMatch(s -> s.startsWith("refused"));
        for (int k = 0; k < 3 * n; k++) { // both alike, so the rows reserved for round 0 are outgrown and left
            int u = r.nextInt(n);
            int v = r.nextInt(n);
            if (r.nextBoolean()) {
                bulk.cut(u, v);
                byEdge.cut(u, v);
            } else {
                bulk.link(u, v);
                byEdge.link(u, v);
            }
        }
        bulk.graph().settle();
        assertSameGraph(byEdge, bulk);
        assertEquals(byEdgeRecords, bulkRecords);
        assertEquals(byEdge.random().nextLong(), bulk.random().nextLong(), "the same draws");
        Statistics.collect(ports, shared ? "three threads" : "one", refusals ? "round 0 refused links" : "none refused");
    }

    @Property(tries = 200)
    void pairsFoundInRangesAreThePairsVisitedInOrder(@ForAll long seed) {
        Random r = new Random(seed);
        int n = r.nextInt(200);
        double[] x = new double[n];
        double[] y = new double[n];
        double side = 1 + r.nextInt(20);
        for (int i = 0; i < n; i++) {
            x[i] = r.nextBoolean() ? r.nextInt((int) side) : r.nextDouble() * side;
            y[i] = r.nextBoolean() ? r.nextInt((int) side) : r.nextDouble() * side;
        }
        double radius = r.nextBoolean() ? 1 : 0.1 + 3 * r.nextDouble();
        List<Integer> visited = new ArrayList<>();
        UnitDisk grid = UnitDisk.of(x, y, radius);
        grid.forEachPair((u, v) -> {
            visited.add(u);
            visited.add(v);
        });
        UnitDisk.Pairs pairs = grid.pairs(r.nextBoolean() ? THREE : Workers.SINGLE, 1 + r.nextInt(8));
        List<Integer> found = new ArrayList<>();
        assertEquals(n + 1, pairs.offsets().length);
        for (int u = 0; u < n; u++) {
            for (int i = pairs.offsets()[u]; i < pairs.offsets()[u + 1]; i++) {
                found.add(u);
                found.add(pairs.partners()[i]);
            }
        }
        assertEquals(visited, found);
        assertEquals(pairs.partners().length, pairs.offsets()[n]);
    }

    private static Simulation simulation(double[] x, double[] y, int delta, PortAssignment ports, long seed) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < x.length; i++) names.add("n" + i);
        return new Simulation(new SimulationConfig(new Lme(), names, x.clone(), y.clone(), null, delta, ChannelDiscipline.UNORDERED,
                ports, CheckSettings.DEFAULTS, seed));
    }

    private static List<String> records(Simulation sim) {
        List<String> out = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override
            public void linked(int round, int u, int pu, int v, int pv) {
                out.add("linked " + round + " " + u + ":" + pu + " " + v + ":" + pv);
            }

            @Override
            public void refused(int round, String change, int u, int v, String reason) {
                out.add("refused " + round + " " + change + " " + u + " " + v + " " + reason);
            }
        });
        return out;
    }

    private static void assertSameGraph(Simulation expected, Simulation actual) {
        TimeVaryingGraph e = expected.graph();
        TimeVaryingGraph a = actual.graph();
        assertEquals(e.edgeCount(), a.edgeCount());
        for (int u = 0; u < e.nodeCount(); u++) {
            assertEquals(e.ports(u), a.ports(u), "ports of " + u);
            assertEquals(e.pendingConnections(u), a.pendingConnections(u), "pending connections of " + u);
            assertEquals(e.pendingDisconnections(u), a.pendingDisconnections(u), "pending disconnections of " + u);
            int delta = e.delta();
            long[] want = new long[4 * (delta + 1)];
            long[] got = new long[4 * (delta + 1)];
            for (int p = 0; p <= delta; p++) {
                want[4 * p] = e.peer(u, p);
                want[4 * p + 1] = e.peerPort(u, p);
                want[4 * p + 2] = e.connectionId(u, p);
                want[4 * p + 3] = e.since(u, p);
                got[4 * p] = a.peer(u, p);
                got[4 * p + 1] = a.peerPort(u, p);
                got[4 * p + 2] = a.connectionId(u, p);
                got[4 * p + 3] = a.since(u, p);
            }
            assertArrayEquals(want, got, "port table of " + u);
        }
    }
}
