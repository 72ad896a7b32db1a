package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The checks on what a person, a file or an adversary asks of a simulation, and their sentences. */
class SimulationInputsTest {
    private static Simulation ab() {
        Simulation sim = PingProtocol.simulation(3, 1, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, 1);
        sim.link(0, 1);
        return sim;
    }

    private static Choice broadcast(Simulation sim, int u) {
        return new Choice(u, 0, null, null);
    }

    @Test
    void whyNotEnabledNamesTheReason() {
        Simulation sim = ab();
        assertEquals("no node 9", sim.whyNotEnabled(new Choice(9, 0, null, null)));
        assertEquals("no node -1", sim.whyNotEnabled(new Choice(-1, 0, null, null)));
        assertEquals("no action 2", sim.whyNotEnabled(new Choice(0, 2, null, null)));
        assertEquals("Broadcast at a: no pending lock call", sim.whyNotEnabled(broadcast(sim, 0)));
        assertEquals("Receive at b: needs a message to receive", sim.whyNotEnabled(new Choice(1, 1, null, null)));
        assertFalse(sim.enabled(0));
        assertEquals(List.of(), sim.pendingCalls(0));

        sim.call(0, Call.LOCK);
        assertTrue(sim.enabled(0));
        assertEquals(List.of(Call.LOCK), sim.pendingCalls(0));
        assertNull(sim.whyNotEnabled(broadcast(sim, 0)));
        assertFalse(sim.actedThisRound(0));
        ExecutionRecord r = sim.execute(broadcast(sim, 0));
        assertTrue(sim.actedThisRound(0));
        assertFalse(sim.actedThisRound(1));
        Envelope toB = r.sent().stream().filter(s -> s.port() == 1).findFirst().orElseThrow().envelope();
        assertEquals("Broadcast at a: the node already acted in round 0", sim.whyNotEnabled(broadcast(sim, 0)));
        assertTrue(sim.whyNotEnabled(new Choice(1, 1, toB, null)).endsWith("cannot be received in round 0 (sent this round)"),
                sim.whyNotEnabled(new Choice(1, 1, toB, null)));
        assertEquals(List.of(), sim.choices(1), "nothing is receivable in the round it was sent");
        sim.endRound();
        assertNull(sim.whyNotEnabled(new Choice(1, 1, toB, null)));
        assertTrue(sim.whyNotEnabled(new Choice(2, 1, toB, null)).startsWith("Receive at c: message "),
                "not in transit to c");
        assertEquals("Broadcast at b: a call action receives no message",
                sim.whyNotEnabled(new Choice(1, 0, toB, null)));
        assertEquals(List.of(new Choice(1, 1, toB, null)), sim.choices(1));
        assertTrue(sim.choices().contains(new Choice(1, 1, toB, null)), "the choices of every node");
        assertEquals(new Choice(1, 1, toB, null).hashCode(), sim.choices(1).get(0).hashCode());

        sim.call(1, Call.LOCK);
        sim.start(broadcast(sim, 1), 2);
        assertTrue(sim.busy(1));
        assertFalse(sim.busy(0));
        assertEquals("Receive at b: the node is still executing an action", sim.whyNotEnabled(new Choice(1, 1, toB, null)));
        assertThrows(IllegalArgumentException.class, () -> sim.execute(new Choice(1, 1, toB, null)));
        assertThrows(IllegalArgumentException.class, () -> sim.start(new Choice(2, 0, null, null), 0));
    }

    @Test
    void drawsOfAnActionThatDrawsNothingAreRefused() {
        Simulation sim = ab();
        sim.call(0, Call.LOCK);
        assertNull(sim.drawsProblem(broadcast(sim, 0)));
        assertEquals(0, sim.drawBounds(broadcast(sim, 0)).length);
        assertEquals("draws [1] do not fit: Broadcast at a makes no random draw (1 value given)",
                sim.drawsProblem(broadcast(sim, 0).withDraws(1)));
        assertEquals("Broadcast at b: no pending lock call", sim.drawsProblem(broadcast(sim, 1).withDraws(1)));
        assertTrue(sim.effective(broadcast(sim, 0)), "a broadcast changes the configuration");
        assertThrows(IllegalArgumentException.class, () -> sim.effective(broadcast(sim, 1)));
    }

    @Test
    void linksAreRefusedWithAReasonAndTopologyWaitsForTheRoundBoundary() {
        Simulation sim = ab();
        List<String> refused = new ArrayList<>();
        List<String> moved = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override public void refused(int round, String change, int u, int v, String reason) {
                refused.add(change + " " + reason);
            }

            @Override public void moved(int round, int u, double x, double y) {
                moved.add(u + " " + x + "," + y);
            }
        });
        assertFalse(sim.link(0, 0));
        assertFalse(sim.link(0, 1));
        assertFalse(sim.link(0, 2), "Δ = 1: a has no open port");
        assertFalse(sim.cut(0, 2));
        assertEquals(List.of("link a node cannot link to itself", "link a and b are already adjacent",
                "link a has no open port (Δ = 1)", "cut a and c are not adjacent"), refused);

        Simulation wide = PingProtocol.simulation(3, 2, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, 1);
        refused.clear();
        wide.addListener(new SimulationListener() {
            @Override public void refused(int round, String change, int u, int v, String reason) {
                refused.add(reason);
            }
        });
        assertFalse(wide.link(0, 3, 1, 1));
        assertFalse(wide.link(0, 1, 1, 5));
        assertTrue(wide.link(0, 2, 1, 1));
        assertEquals(1, wide.graph().peerPort(0, 2));
        assertFalse(wide.link(2, 1, 0, 2), "a's port 2 is taken");
        assertEquals(List.of("a's port 3 is not open", "b's port 5 is not open", "a's port 2 is not open"), refused);

        sim.move(2, 1.5, -2);
        assertEquals(List.of("2 1.5,-2.0"), moved);
        assertEquals(1.5, sim.graph().x(2));
        sim.call(0, Call.LOCK);
        sim.execute(broadcast(sim, 0));
        assertThrows(IllegalStateException.class, () -> sim.link(1, 2));
        assertThrows(IllegalStateException.class, () -> sim.link(1, 1, 2, 1));
        assertThrows(IllegalStateException.class, () -> sim.move(2, 0, 0));
        assertThrows(IllegalStateException.class, () -> sim.cut(0, 1));
    }

    @Test
    void mutingSilencesListeners() {
        Simulation sim = ab();
        List<Integer> rounds = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override public void roundEnded(int round) {
                rounds.add(round);
            }
        });
        sim.mute(true);
        assertTrue(sim.muted());
        sim.endRound();
        sim.mute(false);
        assertFalse(sim.muted());
        sim.endRound();
        assertEquals(List.of(1), rounds);
    }
}
