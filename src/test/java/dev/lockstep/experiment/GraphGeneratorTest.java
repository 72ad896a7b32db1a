package dev.lockstep.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Generated graphs: what the spec asks for, connected, the same on every run, written into the points. */
class GraphGeneratorTest {
    @TempDir
    Path dir;

    static List<Scenario> points(SweepSpec spec) throws ScenarioException {
        List<Scenario> out = new java.util.ArrayList<>();
        for (GridPoint p : PointScenarios.points(spec)) out.add(ScenarioLoader.parse(p.scenario(), p.id() + ".json"));
        return out;
    }

    static boolean connected(int[][] adjacency) {
        Set<Integer> seen = new HashSet<>(List.of(0));
        java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>(List.of(0));
        while (!todo.isEmpty()) {
            int u = todo.pop();
            for (int v = 0; v < adjacency.length; v++) if (adjacency[u][v] == 1 && seen.add(v)) todo.push(v);
        }
        return seen.size() == adjacency.length;
    }

    @Test
    void unitDiskGraphsHaveTheAskedSizeAndDegreeAndAreConnected() throws Exception {
        SweepSpec spec = SweepSpec.load(SweepFixture.spec(dir, "\"graph\": {\"generator\": \"unit-disk\", \"nodes\": 40, \"meanDegree\": 6},"
                + " \"axes\": {\"graph.seed\": [1, 2, 3]}, \"rounds\": 5"));
        List<Scenario> scenarios = points(spec);
        assertEquals(3, scenarios.size());
        for (Scenario s : scenarios) {
            assertEquals(40, s.nodes().size());
            assertEquals(1.0, s.unitDisk());
            int n = s.nodes().size();
            int[][] adj = new int[n][n];
            int sum = 0;
            int max = 0;
            for (int u = 0; u < n; u++) {
                int d = 0;
                for (int v = 0; v < n; v++) {
                    if (u != v && dev.lockstep.core.adversary.UnitDisk.within(s.x(u), s.y(u), s.x(v), s.y(v), 1.0)) {
                        adj[u][v] = 1;
                        d++;
                    }
                }
                sum += d;
                max = Math.max(max, d);
            }
            assertTrue(connected(adj), "connected");
            double mean = (double) sum / n;
            assertTrue(mean > 3.5 && mean < 7, "mean degree near 6, less at the border: " + mean);
            assertEquals(Math.max(max, 2), s.delta(), "Δ is the largest degree (the ring's Δ = 2 is smaller)");
        }
        assertNotEquals(PointScenarios.points(spec).get(0).scenario(), PointScenarios.points(spec).get(1).scenario(), "another seed, another graph");
        assertEquals(PointScenarios.points(spec), PointScenarios.points(spec), "the same seed, the same graph");
    }

    @Test
    void randomConnectedGraphsHaveTheAskedEdgeCount() throws Exception {
        SweepSpec spec = SweepSpec.load(SweepFixture.spec(dir, "\"graph\": {\"generator\": \"random-connected\", \"nodes\": 20, \"connectivity\": 0.2},"
                + " \"axes\": {\"graph.nodes\": [12, 20], \"graph.connectivity\": [0.01, 0.2]}"));
        List<Scenario> scenarios = points(spec);
        int[][] expected = {{12, 11}, {12, 13}, {20, 19}, {20, 38}}; // at least a tree; else round(c · n(n−1)/2)
        for (int i = 0; i < 4; i++) {
            Scenario s = scenarios.get(i);
            int n = s.nodes().size();
            assertEquals(expected[i][0], n);
            int[] e = s.edges();
            assertEquals(expected[i][1], e.length / 2);
            int[][] adj = new int[n][n];
            for (int k = 0; k < e.length; k += 2) {
                assertEquals(0, adj[e[k]][e[k + 1]], "no edge twice");
                adj[e[k]][e[k + 1]] = adj[e[k + 1]][e[k]] = 1;
            }
            assertTrue(connected(adj));
        }
    }

    @Test
    void badGraphsAreNamed() throws Exception {
        Path f = SweepFixture.spec(dir, "\"graph\": {\"generator\": \"grid\", \"nodes\": 1, \"colour\": 3}, \"axes\": {\"graph.connectivity\": [2]}");
        ScenarioException e = assertThrows(ScenarioException.class, () -> SweepSpec.load(f));
        assertEquals(List.of(
                f + ":2:24: $.graph.generator: expected a generator: unit-disk, random-connected",
                f + ":2:41: $.graph.nodes: expected the node count, an integer between 2 and 10000",
                f + ":2:54: $.graph.colour: unknown graph field \"colour\"; expected one of: generator, nodes, meanDegree, radius, connected, connectivity, seed",
                f + ":2:90: $.axes[\"graph.connectivity\"][0]: expected the fraction of all node pairs that are linked, a number in (0, 1]"),
                e.problems());
        Path noGraph = SweepFixture.spec(dir, "\"axes\": {\"graph.nodes\": [4]}");
        assertTrue(assertThrows(ScenarioException.class, () -> SweepSpec.load(noGraph)).getMessage()
                .endsWith("axis \"graph.nodes\" varies the generated graph, but the spec has no \"graph\""));
        SweepSpec missing = SweepSpec.load(SweepFixture.spec(dir, "\"graph\": {\"generator\": \"unit-disk\", \"nodes\": 5}"));
        assertEquals(missing.file() + ": point p1 (no axes): the graph needs \"meanDegree\"",
                assertThrows(ScenarioException.class, () -> PointScenarios.points(missing)).getMessage());
        SweepSpec sparse = SweepSpec.load(SweepFixture.spec(dir, "\"graph\": {\"generator\": \"unit-disk\", \"nodes\": 60, \"meanDegree\": 0.2}"));
        assertTrue(assertThrows(ScenarioException.class, () -> PointScenarios.points(sparse)).getMessage()
                .endsWith("no connected unit-disk graph of 60 nodes with mean degree 0.2 in 1000 draws; raise meanDegree or give \"connected\": false"));
    }

    @Test
    void aGraphPerRunIsDrawnWithTheRunsSeedAndWrittenPerSeed() throws Exception {
        Path spec = SweepFixture.spec(dir, "\"graph\": {\"generator\": \"random-connected\", \"nodes\": 10, \"connectivity\": 0.3, \"seed\": \"run\"},"
                + " \"axes\": {\"K\": [3, 5]}, \"seeds\": [4, 7, 9], \"rounds\": 30");
        Path out = dir.resolve("out");
        SweepFixture.run(spec, out, 2, Shard.ALL);
        for (String point : List.of("p1", "p2")) {
            Set<String> graphs = new HashSet<>();
            for (long seed : List.of(4L, 7L, 9L)) {
                Path file = out.resolve("points").resolve(point).resolve("s" + seed + ".json");
                Scenario s = ScenarioLoader.load(file);
                graphs.add(java.util.Arrays.toString(s.edges()));
                RunRecord rec = RunLog.records(out).stream().filter(r -> r.point().equals(point) && r.seed() == seed).findFirst().orElseThrow();
                dev.lockstep.json.JsonWriter w = new dev.lockstep.json.JsonWriter();
                Measures.run(s, seed, s.rounds(), Measures.ALL, w);
                assertEquals(w.toString(), new dev.lockstep.json.JsonWriter().value(rec.measures()).toString(), "the run is its file run with its seed");
            }
            assertEquals(3, graphs.size(), "each run its own graph");
        }
        assertEquals(java.nio.file.Files.readString(out.resolve("points/p1/s7.json")).replace("\"K\": 3", "\"K\": 5"),
                java.nio.file.Files.readString(out.resolve("points/p2/s7.json")), "the same seed, the same graph at every point");
        // shards merge with their per-seed files
        List<Path> shards = new java.util.ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            shards.add(dir.resolve("s" + i));
            SweepFixture.run(spec, shards.get(i - 1), 1, new Shard(i, 2));
        }
        SweepMerge.merge(shards, dir.resolve("merged"));
        assertEquals(SweepFixture.runs(out), SweepFixture.runs(dir.resolve("merged")));
        assertEquals(java.nio.file.Files.readString(out.resolve("points/p2/s9.json")), java.nio.file.Files.readString(dir.resolve("merged/points/p2/s9.json")));
    }

    @Test
    void aSweepRunsOnGeneratedGraphs() throws Exception {
        Path spec = SweepFixture.spec(dir, "\"graph\": {\"generator\": \"unit-disk\", \"nodes\": 12, \"meanDegree\": 4},"
                + " \"axes\": {\"graph.seed\": [1, 2], \"K\": [20]}, \"seeds\": [1, 2], \"rounds\": 40");
        Path out = dir.resolve("out");
        assertEquals(4, SweepFixture.run(spec, out, 2, Shard.ALL).ran());
        Scenario p2 = ScenarioLoader.load(GridPoint.file(out, "p2"));
        assertEquals(12, p2.nodes().size());
        assertEquals("20", p2.json().get("params") instanceof dev.lockstep.json.JsonValue.Obj o ? ((dev.lockstep.json.JsonValue.Num) o.get("K")).text() : "");
    }
}
