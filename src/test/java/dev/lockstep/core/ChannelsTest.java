package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChannelsTest {

    /** a and b linked; a broadcasts twice (rounds 0 and 1): two pings in transit to b on one port. */
    private static Simulation twoPings(ChannelDiscipline d) {
        Simulation sim = PingProtocol.simulation(2, 1, d, PortAssignment.LOWEST, 1);
        sim.link(0, 1);
        for (int r = 0; r < 2; r++) {
            sim.call(0, Call.LOCK);
            sim.execute(sim.choices(0).stream().filter(c -> c.message() == null).findFirst().orElseThrow());
            sim.endRound();
        }
        return sim;
    }

    private static List<String> receivable(Simulation sim, int u) {
        List<String> out = new ArrayList<>();
        for (Choice c : sim.choices(u)) if (c.message() != null) out.add(c.message().toPort() + ":" + c.message().message().label());
        return out;
    }

    @Test
    void unorderedChannelsLetTheAdversaryPickAnyMessage() {
        Simulation sim = twoPings(ChannelDiscipline.UNORDERED);
        assertEquals(List.of("1:ping(1)", "1:ping(2)"), receivable(sim, 1));
        Choice second = sim.choices(1).stream().filter(c -> c.message().message().label().equals("ping(2)")).findFirst().orElseThrow();
        sim.execute(second);
        assertEquals(List.of("1:ping(2)"), ((PingProtocol.S) sim.state(1)).received, "received out of order");
    }

    @Test
    void fifoChannelsOfferOnlyTheOldestMessagePerEdge() {
        Simulation sim = twoPings(ChannelDiscipline.FIFO);
        assertEquals(List.of("1:ping(1)"), receivable(sim, 1));
        assertEquals(List.of("0:ping(1)"), receivable(sim, 0), "a's own channel (port 0) is FIFO too");
    }

    @Test
    void selfMessagesTravelOnPortZeroAndArriveInALaterRound() {
        Simulation sim = PingProtocol.simulation(1, 1, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, 1);
        sim.call(0, Call.LOCK);
        ExecutionRecord r = sim.execute(sim.choices(0).get(0));
        assertEquals(1, r.sent().size());
        assertEquals(0, r.sent().get(0).port());
        assertEquals(1, sim.inTransit(0, 0), "visible in transit");
        assertEquals(List.of(), receivable(sim, 0), "not in the round it was sent");
        sim.endRound();
        assertEquals(List.of("0:ping(1)"), receivable(sim, 0));
    }

    @Test
    void cuttingAnEdgeLosesEveryMessageOnItInBothDirections() {
        Simulation sim = PingProtocol.simulation(3, 2, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, 1);
        sim.link(0, 1);
        sim.link(0, 2);
        sim.call(0, Call.LOCK);
        sim.call(1, Call.LOCK);
        sim.execute(sim.choices(0).get(0));
        sim.execute(sim.choices(1).get(0));
        sim.endRound();
        List<String> lost = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override
            public void cut(int round, int u, int pu, int v, int pv, List<Envelope> l) {
                for (Envelope e : l) lost.add(sim.nodeName(e.from()) + "->" + sim.nodeName(e.to()) + " " + e.message().label());
            }
        });
        assertEquals(5, sim.totalInTransit());
        sim.cut(0, 1);
        assertEquals(List.of("a->b ping(1)", "b->a ping(1)"), lost);
        assertEquals(3, sim.totalInTransit(), "self-pings and a->c survive");
        assertEquals(2, sim.stats().messagesLost());
        assertEquals(List.of("0:ping(1)"), receivable(sim, 1), "b keeps only its own");
    }

    @Test
    void aSecondSendOnOnePortIsAProtocolError() {
        Protocol<PingProtocol.S> doubleSend = DerivedProtocol.withAction(new PingProtocol(false), "Broadcast",
                a -> a.withOperation((s, x) -> {
                    x.send(0, new PingProtocol.Ping(1));
                    x.send(0, new PingProtocol.Ping(2));
                }));
        Simulation sim = new Simulation(new SimulationConfig(doubleSend, List.of("a"), new double[1], new double[1], null, 1,
                ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, CheckSettings.DEFAULTS, 1));
        sim.call(0, Call.LOCK);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> sim.execute(sim.choices(0).get(0)));
        assertTrue(e.getMessage().contains("port 0"), e.getMessage());
    }

    @Test
    void aFifoProtocolRefusesUnorderedChannels() {
        assertThrows(IllegalArgumentException.class, () -> new Simulation(new SimulationConfig(new PingProtocol(true),
                List.of("a"), new double[1], new double[1], null, 1, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST,
                CheckSettings.DEFAULTS, 1)));
    }

    /** A box filled and drained again (its room shrinks on the way) keeps the messages in send order. */
    @Test
    void aDrainingBoxKeepsItsOrder() {
        Channels ch = new Channels(2, ChannelDiscipline.FIFO);
        Message m = () -> "m";
        List<Long> expected = new ArrayList<>();
        for (long id = 0; id < 64; id++) {
            ch.add(new Envelope(id, 0, 1, 1, 1 + (int) (id % 3), 0, m));
            expected.add(id);
        }
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(13);
        while (!expected.isEmpty()) {
            int i = rnd.nextInt(expected.size());
            assertEquals(expected.get(i), ch.get(1, i).id());
            if (rnd.nextInt(8) == 0) {
                int port = ch.get(1, i).toPort();
                List<Envelope> lost = ch.drop(1, port);
                expected.removeIf(id -> lost.stream().anyMatch(e -> e.id() == id));
                for (Envelope e : lost) assertEquals(port, e.toPort());
            } else {
                ch.removeAt(1, i);
                expected.remove(i);
            }
            assertEquals(expected.size(), ch.size(1));
            assertEquals(expected.size(), ch.total());
            for (int k = 0; k < expected.size(); k++) assertEquals(expected.get(k), ch.get(1, k).id());
            Channels copy = ch.copy();
            for (int k = 0; k < expected.size(); k++) assertEquals(expected.get(k), copy.get(1, k).id());
        }
        assertEquals(0, ch.size(1));
    }
}
