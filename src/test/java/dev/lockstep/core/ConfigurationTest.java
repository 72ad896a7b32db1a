package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.ScenarioAdversary;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Configurations are equal exactly when nothing a protocol can observe differs (the explorer's
 * notion of a state), and a copied or restored simulation continues exactly like the original.
 */
class ConfigurationTest {
    /** a, b, c with a–b and c–b; the given nodes broadcast, in that order, one per round. */
    private static Simulation broadcasts(ChannelDiscipline d, int... senders) {
        Simulation sim = PingProtocol.simulation(3, 2, d, PortAssignment.LOWEST, 1);
        sim.link(0, 1);
        sim.link(2, 1);
        for (int u : senders) {
            sim.call(u, Call.LOCK);
            sim.execute(call(sim, u));
            sim.endRound();
        }
        return sim;
    }

    private static Choice call(Simulation sim, int u) {
        return sim.choices(u).stream().filter(c -> c.message() == null).findFirst().orElseThrow();
    }

    private static Choice receive(Simulation sim, int u, int port, String label) {
        return sim.choices(u).stream().filter(c -> c.message() != null && c.message().toPort() == port
                && c.message().message().label().equals(label)).findFirst().orElseThrow();
    }

    @Test
    void theSameConfigurationReachedInAnotherOrderOrAtAnotherTimeIsEqual() {
        for (ChannelDiscipline d : ChannelDiscipline.values()) {
            Simulation ac = broadcasts(d, 0, 2);
            Simulation ca = broadcasts(d, 2, 0);
            ca.endRound();
            assertEquals(ac.configuration(), ca.configuration(), d.toString());
            assertEquals(ac.configuration().hashCode(), ca.configuration().hashCode());
            assertEquals(ac.state(1), ac.configuration().state(1));
        }
    }

    @Test
    void whatAProtocolCanObserveMakesConfigurationsDiffer() {
        Simulation base = broadcasts(ChannelDiscipline.UNORDERED, 0, 2);
        Configuration c = base.configuration();

        Simulation received = base.copy();
        received.execute(receive(received, 1, 1, "ping(1)"));
        assertNotEquals(c, received.configuration(), "a message left the channel and b's state changed");

        Simulation called = base.copy();
        called.call(1, Call.LOCK);
        assertNotEquals(c, called.configuration(), "a pending call");

        Simulation moved = base.copy();
        moved.move(1, 3, 4);
        assertNotEquals(c, moved.configuration(), "a position");

        Simulation cut = base.copy();
        cut.cut(0, 1);
        assertNotEquals(c, cut.configuration(), "the graph (and the lost message)");

        Simulation twice = broadcasts(ChannelDiscipline.UNORDERED, 0, 0, 2);
        assertNotEquals(c, twice.configuration(), "one more message in transit");
        assertNotEquals(c, new Object());
        assertEquals(c, c);
    }

    @Test
    void anExecutionUnderWayIsPartOfTheConfiguration() {
        Simulation a = PingProtocol.simulation(2, 1, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, 1);
        a.link(0, 1);
        a.call(0, Call.LOCK);
        Simulation b = a.copy();
        Simulation longer = a.copy();
        a.start(call(a, 0), 2);
        b.start(call(b, 0), 2);
        longer.start(call(longer, 0), 3);
        assertEquals(a.configuration(), b.configuration());
        assertNotEquals(a.configuration(), longer.configuration(), "it takes effect at another round");
    }

    private static List<String> log(Simulation sim) {
        List<String> out = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override public void executed(ExecutionRecord r) {
                out.add(r.startRound() + ".." + r.round() + " " + r.node() + " " + r.label() + " " + r.state().variables());
            }
        });
        return out;
    }

    private static Engine engine(Simulation sim) {
        return new Engine(sim, new ScenarioAdversary(new int[] {0, 1, 1, 2, 2, 3}, 0, List.of(), null,
                new RandomWorkload(0.5, 1, 1000), new Asynchronous(0.7, 3)));
    }

    @Test
    void aCopyAndARestoredSimulationContinueExactlyLikeTheOriginal() {
        Simulation sim = PingProtocol.simulation(4, 2, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, 11);
        List<String> original = log(sim);
        Engine e = engine(sim);
        e.runUntil(10);
        Simulation snapshot = sim.copy();
        Simulation keep = sim.copy();
        assertEquals(sim.configuration(), snapshot.configuration());
        int before = original.size();
        e.runUntil(40);
        List<String> rest = original.subList(before, original.size());

        assertTrue(rest.size() > 30, "rounds 10..40 execute: " + rest.size());
        List<String> fromCopy = log(snapshot);
        engine(snapshot).runUntil(40);
        assertEquals(rest, fromCopy);
        assertEquals(sim.stats().actions(), snapshot.stats().actions());
        assertEquals(sim.stats().messagesSent(), snapshot.stats().messagesSent());

        sim.restore(keep);
        assertEquals(keep.configuration(), sim.configuration());
        assertEquals(10, sim.round());
        original.clear();
        engine(sim).runUntil(40);
        assertEquals(fromCopy, original, "the restored simulation reruns the same rounds, to the same listeners");

        Simulation back = PingProtocol.simulation(4, 2, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, 11);
        assertThrows(IllegalArgumentException.class, () -> back.restore(snapshot), "another scenario's snapshot");
    }

    @Test
    void portLabelsAndPeersArePartOfTheConfiguration() {
        Simulation[] sims = new Simulation[4];
        for (int i = 0; i < 4; i++) sims[i] = PingProtocol.simulation(3, 2, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, 1);
        sims[0].link(0, 1, 1, 1);
        sims[1].link(0, 1, 1, 1);
        sims[2].link(0, 2, 1, 1); // a's port 2 instead of 1
        sims[3].link(0, 1, 2, 1); // a's port 1 leads to c
        assertEquals(sims[0].configuration(), sims[1].configuration());
        assertNotEquals(sims[0].configuration(), sims[2].configuration());
        assertNotEquals(sims[0].configuration(), sims[3].configuration());
        Simulation other = PingProtocol.simulation(3, 2, ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, 1);
        other.link(0, 1, 1, 2); // b's port 2
        assertNotEquals(sims[0].configuration(), other.configuration());
    }
}
