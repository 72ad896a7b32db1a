package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The adversary's faults: a message destroyed in transit, a node crashed (KLME Sec. 7, KRL Sec. 3). */
class FaultsTest {
    /** Records the fault events in order. */
    static final class Log implements SimulationListener {
        final List<String> events = new ArrayList<>();

        @Override public void lost(int round, Envelope e) { events.add("lost " + e.message().label() + " to " + e.to()); }

        @Override public void crashed(int round, int u) { events.add("crashed " + u); }

        @Override public void cut(int round, int u, int pu, int v, int pv, List<Envelope> lost) {
            events.add("cut " + u + "-" + v + " lost " + lost.size());
        }

        @Override public void refused(int round, String change, int u, int v, String reason) {
            events.add("refused " + change + ": " + reason);
        }
    }

    /** a–b–c in a path; a and b have broadcast once (round 0), so pings are in transit. */
    private static Simulation pathWithPings(Log log) {
        Simulation sim = PingProtocol.simulation(3, 2, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, 1);
        sim.link(0, 1);
        sim.link(1, 2);
        sim.addListener(log);
        sim.call(0, Call.LOCK);
        sim.call(1, Call.LOCK);
        sim.execute(new Choice(0, 0, null, null));
        sim.execute(new Choice(1, 0, null, null));
        sim.endRound();
        return sim;
    }

    @Test
    void aLostMessageLeavesItsChannelAndCountsAsLost() {
        Log log = new Log();
        Simulation sim = pathWithPings(log);
        assertEquals(1, sim.inTransit(1, sim.portTo(1, 0)));
        Envelope fromA = sim.channels().get(1, sim.channels().indexOf(1, firstId(sim, 1, 0)));
        long lostBefore = sim.stats().messagesLost();

        assertTrue(sim.lose(1, fromA.id()));
        assertEquals(0, sim.inTransit(1, sim.portTo(1, 0)), "the ping from a is gone");
        assertEquals(lostBefore + 1, sim.stats().messagesLost());
        assertEquals(List.of("lost ping(1) to 1"), log.events);

        assertFalse(sim.lose(1, fromA.id()), "it cannot be lost twice");
        assertEquals("refused lose: no message #" + fromA.id() + " in transit to b", log.events.get(1));
    }

    @Test
    void loseOldestPicksTheSendersOldestMessageWithTheLabelAndRefusesWhenNoneMatches() {
        Log log = new Log();
        Simulation sim = pathWithPings(log);
        assertFalse(sim.loseOldest(0, 1, "pong"));
        assertEquals("refused lose: no message \"pong…\" in transit from a to b", log.events.get(0));
        assertTrue(sim.loseOldest(0, 1, "ping"));
        assertEquals("lost ping(1) to 1", log.events.get(1));
        assertEquals(0, sim.inTransit(1, sim.portTo(1, 0)));
        assertEquals(1, sim.inTransit(1, 0), "b's own ping to itself stays: only a's was asked for");
    }

    @Test
    void aCrashedNodeLosesItsLinksNeverActsAndAcceptsNoLinkOrCall() {
        Log log = new Log();
        Simulation sim = pathWithPings(log);
        assertTrue(sim.crash(1));
        assertTrue(sim.crashed(1));
        assertFalse(sim.crashed(0));
        assertEquals(0, sim.ports(1) & ~1L, "b's links failed");
        assertEquals("crashed 1", log.events.get(0));
        assertEquals("cut 1-0 lost 2", log.events.get(1), "a's ping to b and b's ping to a are lost on the cut");
        assertEquals("cut 1-2 lost 1", log.events.get(2));
        assertEquals("lost ping(1) to 1", log.events.get(3), "b's ping to itself goes with it");
        assertEquals(1, sim.totalInTransit(), "only a's ping to itself is left");
        assertEquals(1, sim.inTransit(0, 0));

        sim.call(1, Call.LOCK);
        assertEquals(List.of(), sim.pendingCalls(1), "its application is gone with it");
        assertEquals(List.of(), sim.choices(1));
        assertFalse(sim.link(0, 1));
        assertTrue(log.events.get(log.events.size() - 1).endsWith("b has crashed"), log.events.toString());
        assertFalse(sim.crash(1), "a node crashes once");
    }

    @Test
    void faultsHappenOnlyAtTheStartOfARound() {
        Log log = new Log();
        Simulation sim = pathWithPings(log);
        sim.execute(sim.choices(1).get(0));
        assertThrows(IllegalStateException.class, () -> sim.crash(2));
        assertThrows(IllegalStateException.class, () -> sim.loseOldest(0, 1, ""));
    }

    @Test
    void aCrashSurvivesCopyAndRestore() {
        Simulation sim = pathWithPings(new Log());
        Simulation before = sim.copy();
        sim.crash(2);
        Simulation after = sim.copy();
        assertTrue(after.crashed(2));
        sim.restore(before);
        assertFalse(sim.crashed(2));
        assertTrue(after.crashed(2), "the copy keeps its own crash");
    }

    private static long firstId(Simulation sim, int to, int from) {
        Channels c = sim.channels();
        for (int i = 0; i < c.size(to); i++) if (c.get(to, i).from() == from) return c.get(to, i).id();
        throw new AssertionError("no message from " + from + " to " + to);
    }
}
