package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The pool's layout at a round's end ({@link Channels#settle(Workers)}) with its passes over every
 * row on the workers, in fixed blocks of nodes, against the same layout on one thread in one block;
 * and the slot of slack it leaves each row.
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

    /**
     * A layout leaves every row that stayed put a slot of slack: a send that reaches a node before
     * its own execution takes a message out finds room, where a row laid out tight would move.
     */
    @Test
    void aLayoutLeavesEveryRowASlotOfSlack() {
        int n = 256;
        Channels ch = new Channels(n, ChannelDiscipline.UNORDERED);
        ChannelsProperties.Reference ref = new ChannelsProperties.Reference(n, ChannelDiscipline.UNORDERED);
        long id = 0;
        for (int u = 0; u < n; u++) {
            for (int k = 0; k < u % 9; k++) {
                Envelope e = new Envelope(id++, (u + 1) % n, 1, u, 1 + k % 3, 0, ChannelsProperties.MESSAGES[k % 3]);
                ch.add(e);
                ref.box.get(u).add(e);
            }
        }
        ch.settle(); // every row moved as it grew: laid out in node order
        assertEquals(0, ch.abandoned());
        for (int u = 0; u < n; u += 2) { // boxes that drain keep their rooms, until the rooms outweigh the messages
            while (!ref.box.get(u).isEmpty()) {
                ch.removeAt(u, 0);
                ref.box.get(u).remove(0);
            }
        }
        for (int u = 0; u < n; u++) assertFalse(ch.strayed(u), "node " + u);
        int rooms = 0;
        for (int u = 0; u < n; u++) rooms += ch.room(u);
        ch.settle();
        ChannelsProperties.sameAnswers(ch, ref, 1);
        int smaller = 0;
        for (int u = 0, at = 0; u < n; u++) {
            int size = ref.box.get(u).size();
            assertEquals(at, ch.roomStart(u), "node " + u);
            assertEquals(new int[] {1, 2, 3, 4, 6, 6, 8, 8, 12}[size], ch.room(u), "node " + u + "'s room for " + size + " messages");
            at += ch.room(u);
            smaller += ch.room(u);
        }
        assertTrue(smaller < rooms, "laid out again: " + smaller + " slots of rooms, " + rooms + " before");
        for (int u = 0; u < n; u++) { // one more message each: no row moves
            Envelope e = new Envelope(id++, (u + 1) % n, 2, u, 2, 1, ChannelsProperties.MESSAGES[0]);
            ch.add(e);
            ref.box.get(u).add(e);
            assertFalse(ch.strayed(u), "node " + u + " moved at its " + ref.box.get(u).size() + "th message");
        }
        ChannelsProperties.sameAnswers(ch, ref, 2);
    }
}
