package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TimeVaryingGraphTest {

    private static List<String> refusals(Simulation sim) {
        List<String> out = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override
            public void refused(int round, String change, int u, int v, String reason) {
                out.add(change + ": " + reason);
            }
        });
        return out;
    }

    @Test
    void newEdgesTakeTheLowestOpenPortOnEachEnd() {
        Simulation sim = PingProtocol.simulation(4, 3, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, 1);
        assertTrue(sim.link(0, 1));
        assertTrue(sim.link(0, 2));
        assertTrue(sim.link(3, 2));
        TimeVaryingGraph g = sim.graph();
        assertEquals(1, g.portTo(0, 1));
        assertEquals(2, g.portTo(0, 2));
        assertEquals(1, g.portTo(2, 0));
        assertEquals(2, g.portTo(2, 3));
        assertEquals(0, g.portTo(0, 0), "port 0 is the node itself");
        assertEquals(PortSet.of(0, 1, 2), g.ports(0));
        assertTrue(sim.cut(0, 1));
        assertTrue(sim.link(0, 3));
        assertEquals(1, g.portTo(0, 3), "the freed port is the lowest open one again");
        assertEquals(2, g.peerPort(0, 1), "each end labels the edge independently");
    }

    @Test
    void linkedSinceNamesThePortsLinkedInARoundOrLaterAndACutAndRelinkedOne() {
        TimeVaryingGraph g = new TimeVaryingGraph(4, 3);
        g.link(0, 1, 1, 1, 2);
        g.link(0, 2, 2, 1, 5);
        assertEquals(PortSet.of(1, 2), g.linkedSince(0, 0));
        assertEquals(PortSet.of(1, 2), g.linkedSince(0, 2));
        assertEquals(PortSet.of(2), g.linkedSince(0, 3));
        assertEquals(PortSet.of(2), g.linkedSince(0, 5));
        assertEquals(0L, g.linkedSince(0, 6), "nothing linked since");
        assertEquals(PortSet.of(1), g.linkedSince(2, 5));
        g.cut(0, 1, 7);
        g.link(0, 1, 3, 1, 8); // the same port of 0, another node
        assertEquals(PortSet.of(1), g.linkedSince(0, 6));
        assertEquals(PortSet.of(1), g.linkedSince(3, 8));
        assertEquals(0L, g.linkedSince(1, 0), "1's port was cut");
        assertEquals(PortSet.of(1), g.copy().linkedSince(0, 8), "a copy knows the latest link");
    }

    @Test
    void randomPortAssignmentUsesOpenPortsOnlyAndIsSeeded() {
        Set<Integer> seen = new HashSet<>();
        for (long seed = 1; seed <= 40; seed++) {
            Simulation sim = PingProtocol.simulation(3, 5, ChannelDiscipline.UNORDERED, PortAssignment.RANDOM, seed);
            sim.link(0, 1);
            sim.link(0, 2);
            int p1 = sim.graph().portTo(0, 1);
            int p2 = sim.graph().portTo(0, 2);
            assertTrue(p1 >= 1 && p1 <= 5 && p2 >= 1 && p2 <= 5 && p1 != p2);
            seen.add(p1);
            Simulation again = PingProtocol.simulation(3, 5, ChannelDiscipline.UNORDERED, PortAssignment.RANDOM, seed);
            again.link(0, 1);
            assertEquals(p1, again.graph().portTo(0, 1), "same seed, same port");
        }
        assertTrue(seen.size() >= 4, "random ports spread over the open ones: " + seen);
    }

    @Test
    void aLinkNeedsAnOpenPortOnBothEndsAndIsRefusedOtherwise() {
        Simulation sim = PingProtocol.simulation(3, 1, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, 1);
        List<String> refused = refusals(sim);
        assertTrue(sim.link(0, 1));
        assertFalse(sim.link(0, 2));
        assertFalse(sim.link(2, 1));
        assertFalse(sim.link(1, 0));
        assertFalse(sim.cut(0, 2));
        assertEquals(List.of("link: a has no open port (Δ = 1)", "link: b has no open port (Δ = 1)",
                "link: b and a are already adjacent", "cut: a and c are not adjacent"), refused);
        assertEquals(1, sim.graph().edgeCount());
    }

    @Test
    void theDisconnectionDetectorCollectsCutsUntilTheNodeActs() {
        Simulation sim = PingProtocol.simulation(3, 2, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, 1);
        sim.link(0, 1);
        sim.link(0, 2);
        sim.endRound();
        sim.cut(0, 1);
        sim.cut(0, 2);
        sim.link(0, 1); // re-linked at once: D still reports the cut
        assertEquals(PortSet.of(1, 2), sim.graph().pendingDisconnections(0));
        assertEquals(PortSet.of(1), sim.graph().pendingConnections(0));
        assertEquals(PortSet.of(1), sim.graph().pendingDisconnections(1));
        sim.call(0, Call.LOCK);
        ExecutionRecord r = sim.execute(sim.choices(0).get(0));
        assertEquals(PortSet.of(1, 2), r.disconnected(), "the execution got the snapshot");
        assertEquals(0, sim.graph().pendingDisconnections(0), "and D was reset");
        assertEquals(0, sim.graph().pendingConnections(0));
        assertEquals(PortSet.of(1), sim.graph().pendingDisconnections(1), "b has not acted yet");
    }

    @Test
    void presenceHistoryAnswersPersistenceQueries() {
        Simulation sim = PingProtocol.simulation(3, 2, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, 1);
        sim.link(0, 1);                           // round 0
        sim.link(0, 2);
        sim.endRound();
        sim.endRound();
        sim.cut(0, 2);                            // round 2
        sim.endRound();
        sim.link(0, 2);                           // round 3
        sim.cut(0, 1);                            // round 3
        sim.link(0, 1);                           // round 3: cut and re-linked at the same instant
        sim.endRound();
        TimeVaryingGraph g = sim.graph();
        assertTrue(g.persisted(0, 1, 0, 2));
        assertTrue(g.persisted(1, 0, 1, 2), "symmetric");
        assertFalse(g.persisted(0, 1, 0, 3), "a cut and re-link is a break");
        assertTrue(g.persisted(0, 1, 3, 3));
        assertTrue(g.persisted(0, 2, 0, 1));
        assertFalse(g.persisted(0, 2, 0, 2), "absent in round 2");
        assertFalse(g.persisted(0, 2, 1, 3));
        assertTrue(g.persisted(0, 2, 3, 3));
        assertFalse(g.persisted(1, 2, 0, 0), "never an edge");
    }

    @Test
    void topologyChangesHappenBetweenRoundsOnly() {
        Simulation sim = PingProtocol.simulation(2, 1, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, 1);
        sim.link(0, 1);
        sim.call(0, Call.LOCK);
        sim.execute(sim.choices(0).get(0));
        assertThrows(IllegalStateException.class, () -> sim.cut(0, 1));
        sim.endRound();
        assertTrue(sim.cut(0, 1));
    }

    /** Issue 9: {@code 1L << 66} is {@code 1L << 2}, so port 66 passed the open-port test and was written past u's row. */
    @Test
    void aPortOutsideOneToDeltaNeverAliasesNorWritesIntoAnotherNodesRow() {
        TimeVaryingGraph g = new TimeVaryingGraph(40, 3);
        for (int[] ports : new int[][] {{66, 2}, {2, 66}, {-62, 1}, {0, 1}, {4, 1}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> g.link(0, ports[0], 1, ports[1], 0));
            assertTrue(e.getMessage().contains("is outside 1..3 (Δ = 3; port 0 is the node itself)"), e.getMessage());
        }
        assertEquals(0, g.edgeCount());
        for (int u = 0; u < 40; u++) {
            assertEquals(PortSet.of(0), g.ports(u), "node " + u + " untouched");
            for (int p = 1; p <= 3; p++) assertEquals(-1, g.peer(u, p), "node " + u + " port " + p);
        }
        assertEquals(null, PortSet.outOfRange(3, 3));
        assertEquals("port 66 is outside 0..3 (Δ = 3)", PortSet.outOfRange(66, 3));
        assertEquals("port -1 is outside 0..3 (Δ = 3)", PortSet.outOfRange(-1, 3));
        assertEquals(null, PortSet.outOfLinkRange(1, 3));
    }
}
