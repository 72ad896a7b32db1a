package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The pool's layout at a round's end ({@link Channels#settle(Workers)}) with its passes over every
 * row on the workers, in fixed blocks of nodes, against the same layout on one thread in one block.
 */
class ChannelsLayoutProperties {
    /**
     * A layout whose passes run on three workers in blocks of a few nodes (each block at the sum of
     * the rooms before it) lays every row where the one-thread layout in one block does: the same
     * room start and class for every node, the same pool, round after round.
     */
    @Property(tries = 40, seed = "13")
    void aLayoutOnTheWorkersInBlocksIsTheOneThreadOne(@ForAll("rounds") ChannelsProperties.Rounds run) {
        try (Workers three = new Workers(3)) {
            sameLayouts(run, null, ChannelsProperties.MESSAGES, three);
        }
    }

    /**
     * The rounds on channels keeping {@code codec}'s codes (one thread, one block) and on the same
     * channels laid out by {@code workers} in blocks, against channels without a codec: the same
     * rows, rooms, pool and messages, round after round.
     */
    static void sameLayouts(ChannelsProperties.Rounds run, MessageCodec codec, Message[] messages, Workers workers) {
        int n = run.n();
        Channels one = new Channels(n, ChannelDiscipline.UNORDERED, codec);
        Channels shared = new Channels(n, ChannelDiscipline.UNORDERED, codec);
        Channels plain = new Channels(n, ChannelDiscipline.UNORDERED);
        Random random = new Random(run.seed());
        int block = 1 + random.nextInt(7);
        long nextId = 0;
        for (int round = 0; round < run.rounds(); round++) {
            for (int u = 0; u < n; u++) {
                int box = one.size(u);
                if (box > 0 && random.nextInt(4) > 0) {
                    int i = random.nextInt(box);
                    one.removeAt(u, i);
                    shared.removeAt(u, i);
                    plain.removeAt(u, i);
                }
            }
            for (int s = 0, sends = random.nextInt(run.sends() + 1); s < sends; s++) {
                Envelope e = new Envelope(nextId++, random.nextInt(n), random.nextInt(8), random.nextInt(1 + random.nextInt(n)),
                        random.nextInt(8), round, messages[random.nextInt(messages.length)]);
                one.add(e);
                shared.add(e);
                plain.add(e);
            }
            one.settle(Workers.SINGLE, Integer.MAX_VALUE);
            shared.settle(workers, block);
            plain.settle(Workers.SINGLE, Integer.MAX_VALUE);
            assertEquals(one.capacity(), shared.capacity(), "round " + round);
            assertEquals(one.end(), shared.end(), "round " + round);
            assertEquals(plain.capacity(), one.capacity(), "round " + round + ": codes change no layout");
            for (int u = 0; u < n; u++) {
                assertEquals(one.roomStart(u), shared.roomStart(u), "round " + round + ", node " + u);
                assertEquals(one.room(u), shared.room(u), "round " + round + ", node " + u);
                assertEquals(plain.roomStart(u), one.roomStart(u), "round " + round + ", node " + u);
                for (int i = 0; i < one.size(u); i++) {
                    assertEquals(plain.get(u, i), one.get(u, i));
                    assertEquals(one.get(u, i), shared.get(u, i));
                    int k = shared.slot(u, i);
                    assertEquals(one.code(one.slot(u, i)), shared.code(k));
                    if (shared.code(k) >= 0) assertSame(codec.message(shared.code(k)), shared.message(k));
                }
            }
            ChannelsProperties.layoutHolds(shared, n);
        }
    }

    @Provide
    Arbitrary<ChannelsProperties.Rounds> rounds() {
        return Combinators.combine(Arbitraries.integers().between(1, 60), Arbitraries.integers().between(1, 40),
                Arbitraries.integers().between(0, 150), Arbitraries.longs()).as(ChannelsProperties.Rounds::new);
    }
}
