package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.ChannelsProperties.Label;
import dev.lockstep.core.ChannelsProperties.Op;
import dev.lockstep.core.ChannelsProperties.Rounds;
import dev.lockstep.core.ChannelsProperties.Run;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.RandomWorkload;
import dev.lockstep.core.adversary.ScenarioAdversary;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.protocol.lme.Lme;
import dev.lockstep.protocol.lme.LmeMessages;
import dev.lockstep.protocol.lme.LmeState;
import dev.lockstep.protocol.lme.LmeVariant;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * Channels that keep a {@link MessageCodec}'s codes in their slots answer as channels without:
 * with a mix of coded and uncoded messages (sent as fresh instances equal to the canonical ones),
 * through sends, bursts, receptions, cuts, copies and layouts on 1 to 3 workers, every row reads
 * back the messages sent (a coded one as its canonical instance); a codec that gives two messages
 * one code fails these properties; and LME runs with its codec are those without, round by round.
 */
class ChannelCodesProperties {
    /** Codes a, b and c by content; x and y stay objects. */
    static class Labels implements MessageCodec {
        private final Message[] table = {new Label("a"), new Label("b"), new Label("c")};

        @Override public int codes() { return table.length; }

        @Override
        public int code(Message m) {
            for (int c = 0; c < table.length; c++) if (table[c].equals(m)) return c;
            return -1;
        }

        @Override public Message message(int code) { return table[code]; }
    }

    /** Fresh instances, equal to the codec's canonical ones or uncoded. */
    static final Message[] MIXED = {new Label("a"), new Label("x"), new Label("b"), new Label("c"), new Label("y")};

    @Provide
    Arbitrary<Run> runs() {
        return new ChannelsProperties().runs();
    }

    @Provide
    Arbitrary<Rounds> rounds() {
        return new ChannelsProperties().rounds();
    }

    @Property(tries = 200, seed = "13")
    void codedAndUncodedMessagesReadBackAsSent(@ForAll("runs") Run run) {
        ChannelsProperties.everyAnswer(run, new Labels(), MIXED);
    }

    /** Coded messages only: the column is never made, and every answer is still the lists'. */
    @Property(tries = 100, seed = "13")
    void codedMessagesAloneReadBackAsSent(@ForAll("runs") Run run) {
        ChannelsProperties.everyAnswer(run, new Labels(), new Message[] {new Label("c"), new Label("a"), new Label("b")});
    }

    @Property(tries = 40, seed = "13")
    void layoutsOnOneToThreeWorkersKeepTheCodes(@ForAll("rounds") Rounds run, @ForAll @IntRange(min = 1, max = 3) int threads) {
        try (Workers workers = new Workers(threads)) {
            ChannelsLayoutProperties.sameLayouts(run, new Labels(), MIXED, workers);
        }
    }

    /** Gives b the code of a, which its table holds alone: the table checks out, b travels as a. */
    static final class Merging implements MessageCodec {
        private final Message a = new Label("a");

        @Override public int codes() { return 1; }

        @Override public int code(Message m) { return m.equals(a) || m.equals(new Label("b")) ? 0 : -1; }

        @Override public Message message(int code) { return a; }
    }

    @Test
    void aCodecGivingTwoMessagesOneCodeFailsTheProperties() {
        Message[] ab = {new Label("a"), new Label("b")};
        Run sendB = new Run(2, 1, ChannelDiscipline.UNORDERED, List.of(new Op(3, 0, 0, 1)));
        ChannelsProperties.everyAnswer(sendB, null, ab); // the run passes without the codec
        assertThrows(AssertionFailedError.class, () -> ChannelsProperties.everyAnswer(sendB, new Merging(), ab));
        try (Workers two = new Workers(2)) {
            assertThrows(AssertionFailedError.class,
                    () -> ChannelsLayoutProperties.sameLayouts(new Rounds(3, 2, 20, 5), new Merging(), ab, two));
        }
    }

    @Test
    void aCodecWhoseTableDisagreesWithItsCodesIsRefused() {
        MessageCodec swapped = new Labels() {
            @Override public int code(Message m) { return m.equals(new Label("b")) ? 0 : super.code(m); }
        };
        assertThrows(IllegalArgumentException.class, () -> new Channels(2, ChannelDiscipline.FIFO, swapped));
        MessageCodec beyond = new Labels() {
            @Override public int code(Message m) { return m.equals(new Label("x")) ? 3 : super.code(m); }
        };
        Channels ch = new Channels(2, ChannelDiscipline.FIFO, beyond);
        ch.add(0, 0, 0, 1, 0, 0, new Label("a"));
        assertThrows(IllegalStateException.class, () -> ch.add(1, 0, 0, 1, 0, 0, new Label("x")));
        assertEquals(new Label("a"), ch.get(1, 0).message());
    }

    // ------------------------------------------------------------------ LME with and without its codec

    /** A protocol as it is, but without a codec: every message an object, as before codes. */
    static final class Uncoded<S extends NodeState> extends ForwardingProtocol<S> {
        Uncoded(Protocol<S> base) { super(base); }

        @Override public MessageCodec messageCodec() { return null; }
    }

    /** 2: K beyond the shared priorities (request-lock uncoded, the rest coded); 3: fresh prepare() instances sent twice. */
    private static Protocol<LmeState> lme(int kind) {
        return switch (kind) {
            case 0 -> new Lme();
            case 1 -> new Lme(4, LmeVariant.PAPER);
            case 2 -> new Lme(2000, LmeVariant.CORRECTED);
            default -> DerivedProtocol.withAction(new Lme(), "InitLock", a -> a.withOperation((s, x) -> {
                a.run(s, x);
                if (s.state() == LmeState.State.PREPARE) {
                    for (long p = s.L(); p != 0; p &= p - 1) x.send(Long.numberOfTrailingZeros(p), new LmeMessages.Prepare());
                }
            }));
        };
    }

    private record Trace(String text, int coded, int uncoded) {}

    private static Trace run(long generator, int kind, boolean coded, Workers workers) {
        Random r = new Random(generator);
        int n = 10 + r.nextInt(60);
        double degree = 2 + 5 * r.nextDouble();
        Protocol<LmeState> protocol = coded ? lme(kind) : new Uncoded<>(lme(kind));
        Simulation sim = RandomLmeEngines.simulation(r, protocol, n, degree);
        sim.workers(workers);
        sim.parallelGrain(1);
        NodeChoice choice = r.nextBoolean() ? NodeChoice.EFFECTIVE : NodeChoice.ANY;
        Engine engine = new Engine(sim, new ScenarioAdversary(new int[0], 1.0, List.of(), null,
                new RandomWorkload(0.3 + 0.6 * r.nextDouble(), 1 + r.nextInt(3), Integer.MAX_VALUE),
                r.nextInt(3) == 0 ? new SemiSynchronous(0.5 + 0.4 * r.nextDouble(), choice) : new Synchronous(choice)));
        StringBuilder out = new StringBuilder();
        int withCode = 0;
        int without = 0;
        for (int round = 0; round < 30; round++) {
            int before = sim.violationCount();
            engine.stepRound();
            out.append(sim.violations().subList(before, sim.violationCount())).append('\n');
            out.append(sim.configuration().hashCode()).append(' ').append(TransitIds.of(sim)).append('\n');
            Channels ch = sim.channels();
            for (int u = 0; u < n; u++) {
                for (int k = ch.first(u); k >= 0; k = ch.next(k)) {
                    out.append(ch.message(k).label()).append(',');
                    if (ch.code(k) >= 0) withCode++;
                    else without++;
                }
                out.append(';');
            }
            out.append('\n');
        }
        Stats s = sim.stats();
        out.append(s.actions()).append(' ').append(s.messagesSent()).append(' ').append(s.messagesLost()).append(' ')
                .append(s.locksAcquired()).append(' ').append(sim.executionsBegun()).append(' ').append(sim.random().nextLong());
        return new Trace(out.toString(), withCode, without);
    }

    @Property(tries = 16, seed = "1313")
    void lmeRunsWithItsCodecAreTheRunsWithout(@ForAll long generator) {
        int kind = (int) Math.floorMod(generator, 4);
        Trace expected = run(generator, kind, false, Workers.SINGLE);
        assertEquals(0, expected.coded, "no codec, no codes");
        try (Workers two = new Workers(2)) {
            for (Workers w : new Workers[] {Workers.SINGLE, two}) {
                Trace got = run(generator, kind, true, w);
                assertEquals(expected.text, got.text, "kind " + kind + " on " + w.threads() + " threads");
                assertTrue(got.coded > 0, "messages kept as codes");
                if (kind == 2) assertTrue(got.coded + got.uncoded == expected.uncoded, "every message in one of the two");
                else assertEquals(0, got.uncoded, "LME codes every message it sends with K ≤ 1,024");
            }
        }
    }

    /** Runs with K beyond the shared priorities keep their request-locks in the column beside the codes. */
    @Test
    void largeKRunsMixCodesAndObjects() {
        int uncoded = 0;
        for (long g = 2; g < 40; g += 4) uncoded += run(g, 2, true, Workers.SINGLE).uncoded;
        assertTrue(uncoded > 0, "request-locks kept as objects: " + uncoded);
    }
}
