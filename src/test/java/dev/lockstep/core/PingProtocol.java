package dev.lockstep.core;

import dev.lockstep.core.check.DeadlockCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * A tiny protocol for testing the core: a Lock call broadcasts {@code ping(n)} on every port
 * (port 0 included); receiving one records it. No lock sets.
 */
final class PingProtocol implements Protocol<PingProtocol.S> {
    record Ping(int n) implements Message {
        @Override public String label() { return "ping(" + n + ")"; }
    }

    static final class S implements NodeState {
        int sent;
        final List<String> received = new ArrayList<>();

        @Override public S copy() {
            S c = new S();
            c.sent = sent;
            c.received.addAll(received);
            return c;
        }

        @Override public List<Variable> variables() {
            return List.of(new Variable("sent", Integer.toString(sent)), new Variable("received", received.toString()));
        }

        @Override public boolean equals(Object o) {
            return o instanceof S s && s.sent == sent && s.received.equals(received);
        }

        @Override public int hashCode() {
            return sent * 31 + received.hashCode();
        }
    }

    private final boolean fifo;

    PingProtocol(boolean fifo) {
        this.fifo = fifo;
    }

    @Override public String name() { return "ping"; }

    @Override public Requirements requirements() { return new Requirements(false, fifo, false, false); }

    @Override public S initialState(int delta) { return new S(); }

    @Override
    public List<Action<S>> actions() {
        return List.of(
                Action.onCall("Broadcast", Call.LOCK, (s, x) -> {
                    s.sent++;
                    for (long p = x.ports(); p != 0; p &= p - 1) x.send(Long.numberOfTrailingZeros(p), new Ping(s.sent));
                }),
                Action.onReceive("Receive", Ping.class, (s, x) ->
                        s.received.add(x.receivedPort() + ":" + x.received().message().label())));
    }

    @Override public void lockSet(int holder, SystemView view, IntConsumer member) {}

    @Override public List<Check> checks(CheckSettings settings) { return List.of(new DeadlockCheck()); }

    static Simulation simulation(int n, int delta, ChannelDiscipline channels, PortAssignment ports, long seed) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) names.add(Character.toString('a' + i));
        return new Simulation(new SimulationConfig(new PingProtocol(channels == ChannelDiscipline.FIFO), names,
                new double[n], new double[n], null, delta, channels, ports, CheckSettings.DEFAULTS, seed));
    }
}
