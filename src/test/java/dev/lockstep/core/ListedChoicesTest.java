package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.check.DeadlockCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/**
 * A choice its node's fresh listing holds runs without a second look at its guard and message
 * (the listing already looked); anything else, a choice whose node changed since it was listed
 * included, takes the full check and is refused with the usual sentence.
 */
class ListedChoicesTest {
    /** How often the guards of {@link GuardCounting} were asked. */
    private int asked;

    static final class TickState implements NodeState {
        int k;

        @Override public TickState copy() {
            TickState c = new TickState();
            c.k = k;
            return c;
        }

        @Override public List<Variable> variables() { return List.of(new Variable("k", Integer.toString(k))); }

        @Override public boolean equals(Object o) { return o instanceof TickState s && s.k == k; }

        @Override public int hashCode() { return k; }
    }

    /** Tick while k < 2; a Lock call broadcasts a ping, which Receive takes; both guards count their calls. */
    final class GuardCounting implements Protocol<TickState> {
        @Override public String name() { return "counting"; }

        @Override public Requirements requirements() { return new Requirements(false, false, false, false); }

        @Override public TickState initialState(int delta) { return new TickState(); }

        @Override
        public List<Action<TickState>> actions() {
            return List.of(
                    Action.when("Tick", s -> {
                        asked++;
                        return s.k < 2;
                    }, (s, x) -> s.k++),
                    Action.onCall("Send", Call.LOCK, (s, x) -> {
                        for (long p = x.ports(); p != 0; p &= p - 1) x.send(Long.numberOfTrailingZeros(p), new PingProtocol.Ping(s.k));
                    }),
                    Action.onReceive("Receive", PingProtocol.Ping.class, (s, m) -> {
                        asked++;
                        return true;
                    }, (s, x) -> {}));
        }

        @Override public void lockSet(int holder, SystemView view, IntConsumer member) {}

        @Override public List<Check> checks(CheckSettings settings) { return List.of(new DeadlockCheck()); }
    }

    private static final int TICK = 0;
    private static final int SEND = 1;
    private static final int RECEIVE = 2;

    private Simulation ab() {
        List<String> names = new ArrayList<>(List.of("a", "b"));
        Simulation sim = new Simulation(new SimulationConfig(new GuardCounting(), names, new double[2], new double[2], null, 1,
                ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, CheckSettings.DEFAULTS, 1));
        sim.link(0, 1);
        return sim;
    }

    private static void assertRefusedAsUsual(Simulation sim, Choice c, String expected) {
        String why = sim.whyNotEnabled(c);
        assertNotNull(why, c::toString);
        assertTrue(why.contains(expected), why);
        assertEquals(why, assertThrows(IllegalArgumentException.class, () -> sim.act(c)).getMessage());
        assertEquals(why, assertThrows(IllegalArgumentException.class, () -> sim.execute(c)).getMessage());
        assertEquals(why, assertThrows(IllegalArgumentException.class, () -> sim.start(c, 2)).getMessage());
    }

    @Test
    void aListedChoiceOfAnUntouchedNodeRunsWithoutAskingItsGuardAgain() {
        Simulation sim = ab();
        List<Choice> listed = sim.choices(0);
        assertEquals(List.of(new Choice(0, TICK, null, null)), listed);
        int before = asked;
        sim.act(listed.get(0));
        assertEquals(before, asked, "the listing's word was taken");
        assertEquals(1, ((TickState) sim.state(0)).k);

        sim.endRound();
        listed = sim.choices(0);
        sim.call(0, Call.LOCK); // touches a: its listing is stale
        before = asked;
        sim.act(listed.get(0));
        assertEquals(before + 1, asked, "a touched node's choice is checked in full");

        sim.trustListings(false);
        sim.endRound();
        listed = sim.choices(1);
        before = asked;
        sim.act(listed.get(0));
        assertEquals(before + 1, asked, "untrusting: every choice is checked in full");
    }

    @Test
    void aMessageArrivingThisRoundLeavesTheListingForTheRoundOnly() {
        Simulation sim = ab();
        sim.call(0, Call.LOCK);
        List<Choice> b = sim.choices(1);
        assertEquals(List.of(new Choice(1, TICK, null, null)), b);
        sim.act(new Choice(0, SEND, null, null)); // a ping arrives at b, not receivable before the next round
        assertEquals(b, sim.choices(1));
        int before = asked;
        sim.act(b.get(0));
        assertEquals(before, asked, "b's listing held through the arrival");
        sim.endRound();
        Envelope ping = sim.channels().get(1, 0);
        assertEquals(List.of(new Choice(1, RECEIVE, ping, null), new Choice(1, TICK, null, null)), sim.choices(1),
                "listed afresh in the next round, the ping included");
        sim.call(0, Call.LOCK);
        sim.act(new Choice(0, SEND, null, null)); // b does not act this round: only the arrival makes its listing stale
        sim.endRound();
        assertEquals(2, sim.choices(1).stream().filter(c -> c.action() == RECEIVE).count(), sim.choices(1).toString());
    }

    /**
     * A message that arrives before the simulation has listed anything finds no cache to mark
     * (the cache is made on the first listing): the listing made after it in the same round must
     * still hold for that round only, or the next round would miss the message.
     */
    @Test
    void aListingMadeAfterAnArrivalThatCameBeforeTheCacheHoldsForTheRoundOnly() {
        Simulation sim = ab(); // nothing listed yet: the choice cache is not made
        sim.call(0, Call.LOCK);
        sim.act(new Choice(0, SEND, null, null)); // checked in full: a ping arrives at b, unlisted
        assertEquals(List.of(new Choice(1, TICK, null, null)), sim.choices(1), "the first listing, without the ping");
        sim.endRound();
        Envelope ping = sim.channels().get(1, 0);
        assertEquals(List.of(new Choice(1, RECEIVE, ping, null), new Choice(1, TICK, null, null)), sim.choices(1),
                "listed afresh in the next round, the ping included");
    }

    @Test
    void aListedReceiveWhoseMessageWasLostIsRefusedWithTheUsualSentence() {
        Simulation sim = ab();
        sim.call(0, Call.LOCK);
        sim.act(new Choice(0, SEND, null, null));
        sim.endRound();
        Envelope ping = sim.channels().get(1, 0);
        Choice receive = new Choice(1, RECEIVE, ping, null);
        assertTrue(sim.choices(1).contains(receive), sim.choices(1).toString());
        assertTrue(sim.lose(1, ping.id()));
        assertRefusedAsUsual(sim, receive, "is not in transit to b");
        assertEquals(0, sim.executionsThisRound());
    }

    @Test
    void aChoiceListedInAnotherSimulationIsCheckedAgainstThisOne() {
        Simulation sim = ab();
        Choice tick = sim.choices(0).get(0);
        Simulation copy = sim.copy();
        copy.act(copy.choices(0).get(0));
        copy.endRound();
        copy.act(copy.choices(0).get(0)); // k = 2: Tick is disabled from now on
        copy.endRound();
        assertEquals(List.of(), copy.choices(0), "the copy's fresh listing lacks the choice");
        assertRefusedAsUsual(copy, tick, "Tick at a: guard is false");
        sim.act(tick);
        assertNull(sim.whyNotEnabled(new Choice(1, TICK, null, null)), "the original runs its own listing");
    }

    @Test
    void aListedChoiceWithAMessageItDoesNotTakeIsRefused() {
        Simulation sim = ab();
        sim.call(0, Call.LOCK);
        sim.act(new Choice(0, SEND, null, null));
        sim.endRound();
        Envelope ping = sim.channels().get(1, 0);
        List<Choice> listed = sim.choices(1);
        assertTrue(listed.contains(new Choice(1, TICK, null, null)) && listed.contains(new Choice(1, RECEIVE, ping, null)));
        assertRefusedAsUsual(sim, new Choice(1, TICK, ping, null), "Tick at b: receives no message");
        assertRefusedAsUsual(sim, new Choice(1, RECEIVE, null, null), "needs a message to receive");
        assertRefusedAsUsual(sim, new Choice(0, RECEIVE, ping, null), "is not in transit to a");
    }
}
