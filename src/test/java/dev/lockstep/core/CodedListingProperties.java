package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.ListingTogetherProperties.Hello;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.protocol.lme.Lme;
import dev.lockstep.protocol.lme.LmeMessages.Win;
import dev.lockstep.protocol.lme.LmeState;
import dev.lockstep.protocol.lme.LmeVariant;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * The listing's shortcuts by code and by table equal every action asked on its own, on every state
 * LME reaches in generated runs (every variant, K 2..16, synchronous or semi-synchronous, lock
 * rates 0.2..0.8) and for every code of its codec: a coded message whose one receiver is guarded by
 * the message alone is listed without asking it ({@link ActionTable#putCoded}), and LME's six
 * state guards are evaluated by table ({@code LmeGuards.enabled}). Protocols whose coded messages
 * have a guarded receiver, several receivers or none, and LME with a receive action replaced by a
 * guarded one, take the asking path and list the same as the reference.
 */
class CodedListingProperties {

    @SuppressWarnings("unchecked")
    private static Protocol<NodeState> erased(Protocol<? extends NodeState> p) {
        return (Protocol<NodeState>) p;
    }

    /** Code {@code code}'s message at inbox position {@code tag}, listed by {@code table} by its code, or by asking every action. */
    private static int[] coded(ActionTable table, NodeState s, int code, int tag) {
        int[] buf = new int[8];
        return Arrays.copyOf(buf, table.putCoded(s, code, tag, buf, 0));
    }

    private static int[] asked(ActionTable reference, NodeState s, Message m, int tag) {
        int[] buf = new int[8];
        return Arrays.copyOf(buf, reference.putReceivers(s, m, tag, buf, 0));
    }

    /** Every code of the table's codec, at a few inbox positions, both ways, in state s; returns the codes listed. */
    private static int compareEveryCode(ActionTable fast, ActionTable reference, MessageCodec codec, NodeState s, Random r) {
        int listed = 0;
        for (int code = 0; code < codec.codes(); code++) {
            int tag = 1 + r.nextInt(300); // past 255 too: the code then no longer fits a char
            int[] expected = asked(reference, s, codec.message(code), tag);
            assertArrayEquals(expected, coded(fast, s, code, tag), "code " + code + " (" + codec.message(code) + ") in " + s);
            listed += expected.length;
        }
        return listed;
    }

    @Property(tries = 25)
    void lmeListsByCodeAndTableAsEveryActionAskedInEveryReachedState(@ForAll long generator) {
        Random r = new Random(generator);
        LmeVariant variant = LmeVariant.values()[r.nextInt(LmeVariant.values().length)];
        Lme p = new Lme(2 + r.nextInt(15), variant);
        Simulation sim = RandomLmeEngines.simulation(r, p, 3 + r.nextInt(40), 2 + 4 * r.nextDouble());
        Engine engine = new Engine(sim, new ScenarioAdversary(new int[0], 1.0, List.of(), null,
                new RandomWorkload(0.2 + 0.6 * r.nextDouble(), 1 + r.nextInt(3), Integer.MAX_VALUE),
                r.nextBoolean() ? new Synchronous() : new SemiSynchronous(0.5)));
        ActionTable fast = ActionTable.of(erased(p));
        ActionTable reference = new ActionTable(erased(p).actions());
        MessageCodec codec = p.messageCodec();
        int listed = 0;
        int stateGuardsHeld = 0;
        for (int round = 0; round < 30; round++) {
            engine.stepRound();
            for (int u = 0; u < sim.nodeCount(); u++) {
                LmeState s = (LmeState) sim.state(u);
                assertEquals(-1, StateGuards.disagreement(p.stateGuards(), s), variant + " " + s);
                stateGuardsHeld += Long.bitCount(p.stateGuards().enabled(s));
                listed += compareEveryCode(fast, reference, codec, s, r);
            }
        }
        assertTrue(listed > 0 && stateGuardsHeld > 0, "the runs listed something");
    }

    /** LME's table of state guards on random states too, far from what a run reaches (every variant, Δ 1..63). */
    @Property(tries = 200)
    void lmeListsByCodeAsEveryActionAskedInRandomStates(@ForAll long seed) {
        Random r = new Random(seed);
        Lme p = new Lme(2 + r.nextInt(15), LmeVariant.values()[r.nextInt(LmeVariant.values().length)]);
        ActionTable fast = ActionTable.of(erased(p));
        ActionTable reference = new ActionTable(erased(p).actions());
        for (int i = 0; i < 20; i++) {
            LmeState s = ListingTogetherProperties.randomState(p, r);
            assertEquals(-1, StateGuards.disagreement(p.stateGuards(), s), s.toString());
            compareEveryCode(fast, reference, p.messageCodec(), s, r);
        }
    }

    /** A receive action replaced by one with a guard is asked again: win(false) is no longer listed. */
    @Test
    void aGuardedReplacementIsAsked() {
        Lme p = new Lme();
        Protocol<LmeState> derived = DerivedProtocol.withAction(p, "ReceiveWin",
                a -> Action.onReceive("ReceiveWin", Win.class, (s, m) -> ((Win) m).won(), a::run));
        ActionTable fast = ActionTable.of(erased(derived));
        ActionTable reference = new ActionTable(erased(derived).actions());
        MessageCodec codec = derived.messageCodec();
        LmeState s = p.initialState(4);
        Random r = new Random(7);
        compareEveryCode(fast, reference, codec, s, r);
        int winFalse = codec.code(new Win(false));
        int winTrue = codec.code(new Win(true));
        assertEquals(0, coded(fast, s, winFalse, 1).length, "a guard that fails lists nothing");
        assertEquals(1, coded(fast, s, winTrue, 1).length);
        assertEquals(1, coded(ActionTable.of(erased(p)), s, winFalse, 1).length, "LME's own ReceiveWin takes win(false)");
    }

    /** hello(1..3) coded: received by "any" (unguarded), "big" (guarded by the message), "twice" and "also" (two for hello(3)); bye by none. */
    record Bye() implements Message {
        @Override public String label() { return "bye()"; }
    }

    private static final Message[] GREETINGS = {new Hello(1), new Hello(2), new Hello(3), new Bye()};

    @Test
    void guardedSeveralAndNoReceiversAreListedAsAsked() {
        Action.Operation<NodeState> none = (s, x) -> {};
        List<Action<NodeState>> actions = List.of(
                Action.onReceive("big", Hello.class, (s, m) -> ((Hello) m).n() > 1, none),
                Action.when("idle", s -> true, none),
                Action.onReceive("any", Hello.class, none));
        List<Action<NodeState>> two = List.of(
                Action.onReceive("twice", Hello.class, none),
                Action.onReceive("also", Hello.class, none));
        MessageCodec codec = new MessageCodec() {
            @Override public int codes() { return GREETINGS.length; }
            @Override public int code(Message m) { return Arrays.asList(GREETINGS).indexOf(m); }
            @Override public Message message(int code) { return GREETINGS[code]; }
        };
        for (List<Action<NodeState>> list : List.of(actions, two, List.of(actions.get(2)))) {
            Protocol<NodeState> p = new Protocol<>() {
                @Override public String name() { return "greetings"; }
                @Override public Requirements requirements() { return Requirements.NONE; }
                @Override public NodeState initialState(int delta) { return null; }
                @Override public List<Action<NodeState>> actions() { return list; }
                @Override public void lockSet(int holder, SystemView view, java.util.function.IntConsumer member) {}
                @Override public List<Check> checks(CheckSettings settings) { return List.of(); }
                @Override public MessageCodec messageCodec() { return codec; }
            };
            ActionTable fast = ActionTable.of(p);
            ActionTable reference = new ActionTable(list);
            int listed = compareEveryCode(fast, reference, codec, null, new Random(11));
            assertEquals(list.size() == 3 ? 5 : list.size() == 2 ? 6 : 3, listed, list.toString());
        }
    }
}
