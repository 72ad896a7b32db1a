package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.check.DeadlockCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/**
 * A listed execution nobody listens to receives its message as fields in the context, not as an
 * envelope (ExecutionContext.take): what the operation reads through {@link Execution#received()}
 * and {@link Execution#receivedPort()} must be the envelope a listened-to run hands it, field for
 * field, and an execution receiving nothing after it must see nothing.
 */
class ReceivedFieldsTest {
    /** What each operation saw: its received envelope (or null) and received port. */
    private final List<String> seen = new ArrayList<>();

    final class Echo implements Protocol<ListedChoicesTest.TickState> {
        @Override public String name() { return "echo"; }

        @Override public Requirements requirements() { return new Requirements(false, false, false, false); }

        @Override public ListedChoicesTest.TickState initialState(int delta) { return new ListedChoicesTest.TickState(); }

        @Override
        public List<Action<ListedChoicesTest.TickState>> actions() {
            return List.of(
                    Action.onCall("Send", Call.LOCK, (s, x) -> {
                        seen.add(x.received() + "@" + x.receivedPort());
                        for (long p = x.ports(); p != 0; p &= p - 1) x.send(Long.numberOfTrailingZeros(p), new PingProtocol.Ping(7));
                    }),
                    Action.onReceive("Receive", PingProtocol.Ping.class, (s, m) -> true, (s, x) -> {
                        Envelope e = x.received();
                        seen.add(e + " id " + e.id() + " from " + e.from() + ":" + e.fromPort() + " to " + e.to() + ":" + e.toPort()
                                + " round " + e.sentRound() + " " + e.message() + " equal again " + e.equals(x.received())
                                + "@" + x.receivedPort());
                    }));
        }

        @Override public void lockSet(int holder, SystemView view, IntConsumer member) {}

        @Override public List<Check> checks(CheckSettings settings) { return List.of(new DeadlockCheck()); }
    }

    /** Three nodes in a path a-b-c; a and c send to b, b receives both in listed rounds; returns what the operations saw. */
    private List<String> run(boolean listen) {
        seen.clear();
        Simulation sim = new Simulation(new SimulationConfig(new Echo(), new ArrayList<>(List.of("a", "b", "c")),
                new double[3], new double[3], null, 2, ChannelDiscipline.FIFO, PortAssignment.LOWEST, CheckSettings.DEFAULTS, 1));
        sim.link(0, 1);
        sim.link(2, 1);
        List<Envelope> heard = new ArrayList<>();
        if (listen) sim.addListener(new SimulationListener() {
            @Override public void executed(ExecutionRecord r) { if (r.received() != null) heard.add(r.received()); }
        });
        sim.call(0, Call.LOCK);
        sim.call(2, Call.LOCK);
        int[] buf = new int[8];
        sim.enumerate(0, buf);
        int a = buf[0];
        sim.enumerate(2, buf);
        sim.actListed(new int[] {0, 2}, new int[] {a, buf[0]}, 2);
        for (int round = 0; round < 2; round++) {
            sim.endRound();
            assertTrue(sim.enumerate(1, buf) > 0, "b has a message to receive");
            sim.actListed(new int[] {1}, new int[] {buf[0]}, 1);
        }
        if (listen) assertEquals(2, heard.size());
        List<String> out = new ArrayList<>(seen);
        if (listen) for (Envelope e : heard) out.add("heard " + e);
        return out;
    }

    @Test
    void theOperationReadsTheEnvelopeAListenedRunHandsIt() {
        List<String> quiet = run(false);
        List<String> listened = run(true);
        assertEquals(listened.subList(0, quiet.size()), quiet);
        assertEquals(4, quiet.size());
        assertTrue(quiet.get(0).startsWith("null@-1"), quiet.get(0));
        assertTrue(quiet.get(2).contains("equal again true") && quiet.get(2).contains("round 0"), quiet.get(2));
        assertTrue(listened.get(4).startsWith("heard " + quiet.get(2).substring(0, quiet.get(2).indexOf(" id "))), listened.toString());
    }
}
