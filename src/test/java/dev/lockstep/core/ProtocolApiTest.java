package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.protocol.lme.Lme;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/**
 * The protocol API carries what the other protocols of PRODUCT.md need without core changes:
 * link-up and link-down events (KRL), regions (KLME), unique ids (the classical protocols) — and
 * keeps anonymous protocols anonymous.
 */
class ProtocolApiTest {
    /** Records, at each Lock call, what the node saw: LinkUp/LinkDown ports, region, ids. */
    static final class Observer implements Protocol<Observer.S> {
        static final class S implements NodeState {
            final List<String> seen = new ArrayList<>();

            @Override public S copy() {
                S c = new S();
                c.seen.addAll(seen);
                return c;
            }

            @Override public List<Variable> variables() {
                return List.of(new Variable("seen", seen.toString()));
            }

            @Override public boolean equals(Object o) {
                return o instanceof S s && s.seen.equals(seen);
            }

            @Override public int hashCode() {
                return seen.hashCode();
            }
        }

        @Override public String name() { return "observer"; }

        @Override public Requirements requirements() { return new Requirements(true, false, false, true); }

        @Override public S initialState(int delta) { return new S(); }

        @Override
        public List<Action<S>> actions() {
            return List.of(Action.onCall("Look", Call.LOCK, (s, x) -> {
                StringBuilder peers = new StringBuilder();
                for (long p = x.ports() & ~1L; p != 0; p &= p - 1) {
                    int port = Long.numberOfTrailingZeros(p);
                    peers.append(port).append("->").append(x.peerId(port)).append(' ');
                }
                s.seen.add("up " + PortSet.format(x.connected()) + " down " + PortSet.format(x.disconnected())
                        + " region " + x.region() + " id " + x.id() + "/" + x.nodeCount() + " peers " + peers.toString().trim());
            }));
        }

        @Override public void lockSet(int holder, SystemView view, IntConsumer member) {}

        @Override public List<Check> checks(CheckSettings settings) { return List.of(); }
    }

    private static Simulation simulation(Protocol<?> p, List<String> regions) {
        return new Simulation(new SimulationConfig(p, List.of("a", "b", "c"), new double[3], new double[3], regions, 2,
                ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, CheckSettings.DEFAULTS, 1));
    }

    private static String look(Simulation sim, int u) {
        sim.call(u, Call.LOCK);
        sim.execute(sim.choices(u).get(0));
        sim.endRound();
        List<String> seen = ((Observer.S) sim.state(u)).seen;
        return seen.get(seen.size() - 1);
    }

    @Test
    void linkUpAndLinkDownEventsRegionsAndIdsReachTheProtocol() {
        Simulation sim = simulation(new Observer(), List.of("north", "north", "south"));
        sim.link(0, 1);
        sim.link(0, 2);
        assertEquals("up {1,2} down ∅ region north id 0/3 peers 1->1 2->2", look(sim, 0));
        assertEquals("up ∅ down ∅ region north id 0/3 peers 1->1 2->2", look(sim, 0), "events are consumed");
        sim.cut(0, 1);
        sim.link(1, 2);
        assertEquals("up ∅ down {1} region north id 0/3 peers 2->2", look(sim, 0));
        assertEquals("up {1,2} down ∅ region south id 2/3 peers 1->0 2->1", look(sim, 2), "c never lost an edge");
        assertEquals("up {1} down {1} region north id 1/3 peers 1->2", look(sim, 1),
                "b's port 1 was cut (from a) and re-linked (to c) before b acted: it sees both events");
    }

    @Test
    void anonymousProtocolsCannotAskForIdsOrRegions() {
        Simulation sim = simulation(DerivedProtocol.withAction(new Lme(), "InitLock", a -> a.withOperation((s, x) -> x.id())), null);
        sim.call(0, Call.LOCK);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> sim.execute(sim.choices(0).get(0)));
        assertTrue(e.getMessage().contains("anonymous"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> simulation(new Observer(), null), "regions are required");
    }
}
