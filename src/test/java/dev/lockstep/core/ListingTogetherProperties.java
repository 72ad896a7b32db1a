package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.protocol.lme.Lme;
import dev.lockstep.protocol.lme.LmeMessages.AckLock;
import dev.lockstep.protocol.lme.LmeMessages.AckUnlock;
import dev.lockstep.protocol.lme.LmeMessages.Prepare;
import dev.lockstep.protocol.lme.LmeMessages.Ready;
import dev.lockstep.protocol.lme.LmeMessages.ReleaseLock;
import dev.lockstep.protocol.lme.LmeMessages.RequestLock;
import dev.lockstep.protocol.lme.LmeMessages.SetLock;
import dev.lockstep.protocol.lme.LmeMessages.Win;
import dev.lockstep.protocol.lme.LmeState;
import dev.lockstep.protocol.lme.LmeVariant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * A listing made {@link ActionTable#of together} (message actions by the message's class, the
 * protocol's {@link StateGuards} in one pass) equals the listing that asks every action on its
 * own, code for code and in order, on random LME states (every variant, Δ 1..63, random sets,
 * state, phase and lock, with the equalities the guards test made likely) and random inboxes; and
 * it would not if one guard of LME's one-pass evaluation were changed.
 */
class ListingTogetherProperties {
    private static final LmeState.State[] STATES = LmeState.State.values();
    private static final LmeState.Phase[] PHASES = LmeState.Phase.values();

    /** A message no LME action receives. */
    record Foreign() implements Message {
        @Override public String label() { return "foreign()"; }
    }

    private static Lme lme(Random r) {
        return new Lme(2 + r.nextInt(15), LmeVariant.values()[r.nextInt(LmeVariant.values().length)]);
    }

    /** A set of ports 0..Δ, often small (so sizes and sets coincide) and often equal to {@code like}. */
    private static long set(Random r, int delta, long like) {
        long ports = delta == 63 ? -1L : (1L << (delta + 1)) - 1;
        return switch (r.nextInt(6)) {
            case 0 -> 0;
            case 1 -> like;
            case 2 -> like & r.nextLong() & ports;
            case 3 -> r.nextLong() & 0xF & ports;
            case 4 -> Long.rotateLeft(like, 1 + r.nextInt(3)) & ports; // the same size, often
            default -> r.nextLong() & ports;
        };
    }

    static LmeState randomState(Lme p, Random r) {
        int delta = 1 + r.nextInt(63);
        LmeState s = p.initialState(delta);
        long l = set(r, delta, set(r, delta, 0b1011));
        s.L(l);
        s.R(set(r, delta, l));
        s.W(set(r, delta, l));
        s.wTrue(set(r, delta, s.W()));
        long c = set(r, delta, l);
        s.C(c);
        s.P(set(r, delta, c));
        s.A(set(r, delta, l));
        s.H(set(r, delta, l));
        s.late(set(r, delta, s.A()));
        for (long q = s.P(); q != 0; q &= q - 1) s.priority(Long.numberOfTrailingZeros(q), r.nextInt(p.k()));
        s.state(STATES[r.nextInt(STATES.length)]);
        s.phase(PHASES[r.nextInt(PHASES.length)]);
        s.lock(r.nextInt(delta + 2) - 1);
        return s;
    }

    private static List<Message> randomInbox(Random r) {
        List<Message> inbox = new ArrayList<>();
        for (int i = r.nextInt(9); i > 0; i--) {
            inbox.add(switch (r.nextInt(10)) {
                case 0 -> new Prepare();
                case 1 -> new Ready();
                case 2 -> new RequestLock(r.nextInt(16));
                case 3 -> new Win(r.nextBoolean());
                case 4 -> new SetLock();
                case 5 -> new AckLock();
                case 6 -> new ReleaseLock();
                case 7 -> new AckUnlock();
                default -> new Foreign();
            });
        }
        return inbox;
    }

    @SuppressWarnings("unchecked")
    private static Protocol<NodeState> erased(Protocol<? extends NodeState> p) {
        return (Protocol<NodeState>) p;
    }

    /** The message and state part of a listing, as {@code EnabledChoices} makes it for a node with this inbox. */
    private static int[] listing(ActionTable table, NodeState s, List<Message> inbox) {
        int[] buf = new int[4];
        int c = 0;
        for (int i = 0; i < inbox.size(); i++) c = table.putReceivers(s, inbox.get(i), i + 1, buf, c);
        c = table.putByState(s, buf, c);
        if (c > buf.length) return listing(table, s, inbox, c);
        return Arrays.copyOf(buf, c);
    }

    private static int[] listing(ActionTable table, NodeState s, List<Message> inbox, int size) {
        int[] buf = new int[size];
        int c = 0;
        for (int i = 0; i < inbox.size(); i++) c = table.putReceivers(s, inbox.get(i), i + 1, buf, c);
        assertEquals(size, table.putByState(s, buf, c), "a second listing counts the same");
        return buf;
    }

    @Property(tries = 300)
    void listingTogetherEqualsEveryActionAskedOnItsOwn(@ForAll long seed) {
        Random r = new Random(seed);
        Lme p = lme(r);
        ActionTable together = ActionTable.of(erased(p));
        ActionTable reference = new ActionTable(erased(p).actions());
        for (int i = 0; i < 50; i++) {
            LmeState s = randomState(p, r);
            assertEquals(-1, StateGuards.disagreement(p.stateGuards(), s), s.toString());
            List<Message> inbox = randomInbox(r);
            assertArrayEquals(listing(reference, s, inbox), listing(together, s, inbox), s + " " + inbox);
        }
    }

    /** One plausible slip in each of LME's six guards, in the order of its state actions. */
    private static final List<Predicate<LmeState>> SLIPS = List.of(
            s -> s.state() == LmeState.State.PREPARE && Long.bitCount(s.R()) == Long.bitCount(s.L()), // |R| = |L| for R = L
            s -> s.phase() != LmeState.Phase.BOTTOM,                                                    // the state's term left out
            s -> s.phase() == LmeState.Phase.COMPETE && s.C() == s.P(),                                 // C = P for |C| = |P|
            s -> s.state() == LmeState.State.COMPETE && s.W() == s.L(),                                 // W = L for |W| = |L|
            s -> s.state() == LmeState.State.WIN && Long.bitCount(s.R()) == Long.bitCount(s.L()),
            s -> s.state() == LmeState.State.UNLOCK && Long.bitCount(s.R()) == Long.bitCount(s.L()));

    /**
     * Each of LME's six guards, changed in the one-pass evaluation alone (by a slip of the kind
     * one makes writing it twice), makes the listings differ on some generated state: the property
     * above has teeth for every guard, and its states reach the near misses.
     */
    @Test
    void changingOneGuardOfTheOnePassIsCaught() {
        Lme p = new Lme();
        StateGuards<LmeState> real = p.stateGuards();
        assertEquals(SLIPS.size(), real.guards().size());
        for (int g = 0; g < real.guards().size(); g++) {
            int bit = g;
            StateGuards<LmeState> changed = new StateGuards<>() {
                @Override public List<Predicate<LmeState>> guards() { return real.guards(); }

                @Override public long enabled(LmeState s) {
                    return real.enabled(s) & ~(1L << bit) | (SLIPS.get(bit).test(s) ? 1L << bit : 0);
                }
            };
            Protocol<NodeState> broken = erased(new Protocol<LmeState>() {
                @Override public String name() { return p.name(); }
                @Override public Requirements requirements() { return p.requirements(); }
                @Override public LmeState initialState(int delta) { return p.initialState(delta); }
                @Override public List<Action<LmeState>> actions() { return p.actions(); }
                @Override public void lockSet(int holder, SystemView view, java.util.function.IntConsumer member) {}
                @Override public List<Check> checks(CheckSettings settings) { return List.of(); }
                @Override public StateGuards<LmeState> stateGuards() { return changed; }
            });
            ActionTable together = ActionTable.of(broken);
            ActionTable reference = new ActionTable(broken.actions());
            Random r = new Random(13 + g);
            boolean caught = false;
            for (int i = 0; i < 5000 && !caught; i++) {
                LmeState s = randomState(p, r);
                caught = !Arrays.equals(listing(reference, s, List.of()), listing(together, s, List.of()));
            }
            assertTrue(caught, "a change to " + together.get(together.onState[bit]).label() + "'s guard goes unnoticed");
        }
    }

    /** An action whose guard was replaced is no longer the one-pass evaluation's: listing asks it instead. */
    @Test
    void aReplacedGuardTurnsTheOnePassOff() {
        Lme p = new Lme();
        Protocol<LmeState> derived = DerivedProtocol.withAction(p, "CheckDone", a -> a.withGuard(s -> false));
        assertNotNull(derived.stateGuards(), "the derived protocol offers the base's");
        ActionTable table = ActionTable.of(erased(derived));
        LmeState s = p.initialState(4);
        s.state(LmeState.State.WIN); // R = L = ∅: CheckDone's printed guard holds
        assertTrue(p.stateGuards().guards().get(4).test(s));
        int[] listed = listing(table, s, List.of());
        for (int code : listed) assertFalse(table.get(code & 0xFF).label().equals("CheckDone"), Arrays.toString(listed));
        assertArrayEquals(listing(new ActionTable(erased(derived).actions()), s, List.of()), listed);
        ActionTable base = ActionTable.of(erased(p));
        assertTrue(Arrays.stream(listing(base, s, List.of())).anyMatch(c -> base.get(c & 0xFF).label().equals("CheckDone")),
                "the base lists CheckDone");
    }

    interface Greeting extends Message {}

    record Hello(int n) implements Greeting {
        @Override public String label() { return "hello"; }
    }

    /** Not final: accepted by its own type's actions and its supertypes', as {@link Action#accepts} says. */
    static class Wave implements Greeting {
        @Override public String label() { return "wave"; }
    }

    static final class BigWave extends Wave {}

    /** Message actions found by the message's class accept what {@link Action#accepts} accepts, in protocol order, guards asked. */
    @Test
    void messageActionsByClassMatchAcceptsForSubtypes() {
        Action.Operation<NodeState> none = (s, x) -> {};
        List<Action<NodeState>> actions = List.of(
                Action.onReceive("any", Message.class, none),
                Action.onReceive("hello", Hello.class, (s, m) -> ((Hello) m).n() > 1, none),
                Action.when("idle", s -> true, none),
                Action.onReceive("greeting", Greeting.class, none),
                Action.onReceive("wave", Wave.class, none),
                Action.onReceive("bigWave", BigWave.class, none));
        Protocol<NodeState> p = new Protocol<>() {
            @Override public String name() { return "greetings"; }
            @Override public Requirements requirements() { return Requirements.NONE; }
            @Override public NodeState initialState(int delta) { return null; }
            @Override public List<Action<NodeState>> actions() { return actions; }
            @Override public void lockSet(int holder, SystemView view, java.util.function.IntConsumer member) {}
            @Override public List<Check> checks(CheckSettings settings) { return List.of(); }
        };
        assertNull(p.stateGuards());
        ActionTable together = ActionTable.of(p);
        ActionTable reference = new ActionTable(actions);
        List<Message> inbox = List.of(new Hello(1), new Hello(2), new Wave(), new BigWave(), new Foreign(), new BigWave());
        int[] listed = listing(together, null, inbox);
        assertArrayEquals(listing(reference, null, inbox), listed);
        // hello(1): any, greeting; hello(2): any, hello, greeting; wave: any, greeting, wave; ...
        assertEquals(List.of("any", "greeting", "any", "hello", "greeting", "any", "greeting", "wave",
                        "any", "greeting", "wave", "bigWave", "any", "any", "greeting", "wave", "bigWave", "idle"),
                Arrays.stream(listed).mapToObj(c -> together.get(c & 0xFF).label()).toList());
    }
}
