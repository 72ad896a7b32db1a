package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The messages in transit live in one pool of slots, each node's box a row of consecutive slots
 * in a room of its own (a full row moves to a larger room at the pool's end, {@link Channels#settle}
 * lays the pool out again in node order when rooms left behind pile up);
 * every answer must be what a list of envelopes per node gives (the store it replaced), after
 * any sequence of sends, bursts, receptions anywhere in a box, cuts and copies, with FIFO and
 * unordered channels, in copies and in the tables they were copied from, over many rounds. The
 * hot paths' slot view must tell the same as the indexed one, and the layout must hold: a row's
 * slots consecutive, inside its room, no two rooms overlapping.
 */
class ChannelsProperties {
    record Label(String label) implements Message {}

    static final Message[] MESSAGES = {new Label("a"), new Label("b"), new Label("c")};

    /** The store as it was: a list of envelopes per receiving node, in send order. */
    static final class Reference {
        final ChannelDiscipline discipline;
        final List<List<Envelope>> box = new ArrayList<>();

        Reference(int n, ChannelDiscipline discipline) {
            this.discipline = discipline;
            for (int u = 0; u < n; u++) box.add(new ArrayList<>());
        }

        Reference copy() {
            Reference r = new Reference(box.size(), discipline);
            for (int u = 0; u < box.size(); u++) r.box.get(u).addAll(box.get(u));
            return r;
        }

        long total() {
            return box.stream().mapToLong(List::size).sum();
        }

        boolean receivable(int u, int i, int round) {
            Envelope e = box.get(u).get(i);
            if (e.sentRound() >= round) return false;
            if (discipline == ChannelDiscipline.FIFO) {
                for (int k = 0; k < i; k++) if (box.get(u).get(k).toPort() == e.toPort()) return false;
            }
            return true;
        }

        List<Envelope> drop(int u, int port) {
            List<Envelope> lost = new ArrayList<>();
            box.get(u).removeIf(e -> {
                if (e.toPort() != port) return false;
                lost.add(e);
                return true;
            });
            return lost;
        }

        int count(int u, int port) {
            return (int) box.get(u).stream().filter(e -> e.toPort() == port).count();
        }
    }

    /** One step: what it does ({@code kind}) and the random numbers it picks its node, ports and message with. */
    record Op(int kind, int a, int b, int c) {}

    record Run(int n, int ports, ChannelDiscipline discipline, List<Op> ops) {}

    @Provide
    Arbitrary<Run> runs() {
        Arbitrary<Integer> any = Arbitraries.integers().between(0, 1 << 20);
        Arbitrary<Op> op = Combinators.combine(Arbitraries.integers().between(0, 16), any, any, any).as(Op::new);
        return Combinators.combine(
                Arbitraries.integers().between(1, 9),
                Arbitraries.of(1, 2, 3, 8, 64),
                Arbitraries.of(ChannelDiscipline.FIFO, ChannelDiscipline.UNORDERED),
                op.list().ofMinSize(1).ofMaxSize(400)).as(Run::new);
    }

    @Property(tries = 300, seed = "13")
    void everyAnswerIsTheListsOne(@ForAll("runs") Run run) {
        everyAnswer(run, null, MESSAGES);
    }

    /** The run's steps on channels keeping {@code codec}'s codes, sending {@code messages}: every answer the lists'. */
    static void everyAnswer(Run run, MessageCodec codec, Message[] messages) {
        int n = run.n();
        Channels ch = new Channels(n, run.discipline(), codec);
        Reference ref = new Reference(n, run.discipline());
        List<Channels> copies = new ArrayList<>();
        List<Reference> copiesRef = new ArrayList<>();
        long nextId = 0;
        int round = 0;
        for (Op op : run.ops()) {
            int u = op.a() % n;
            int box = ref.box.get(u).size();
            switch (op.kind()) {
                case 0, 1, 2, 3, 4, 5, 6 -> { // a send: most steps are
                    Envelope e = new Envelope(nextId, op.b() % n, op.b() % run.ports(), u, op.c() % run.ports(), round,
                            messages[op.c() % messages.length]);
                    nextId += 1 + op.b() % 3; // ids increase, with gaps (sends lost on a cut edge)
                    if (op.kind() == 0) ch.add(e);
                    else if (op.kind() <= 2) { // as a commit sends: its peers' boxes read ahead (any of them empty, full or none), then appended to
                        ch.warm(new int[] {u, -1, op.b() % n}, 1 + op.c() % 3);
                        ch.append(e.id(), e.from(), e.fromPort(), e.to(), e.toPort(), e.sentRound(), e.message());
                    } else ch.add(e.id(), e.from(), e.fromPort(), e.to(), e.toPort(), e.sentRound(), e.message());
                    ref.box.get(u).add(e);
                }
                case 7, 8, 9 -> { // a reception
                    if (box == 0) {
                        Channels empty = ch;
                        assertThrows(IndexOutOfBoundsException.class, () -> empty.removeAt(u, 0));
                        continue;
                    }
                    int i = op.b() % box;
                    ch.removeAt(u, i);
                    ref.box.get(u).remove(i);
                }
                case 10 -> { // a cut
                    int port = op.b() % run.ports();
                    assertEquals(ref.drop(u, port), ch.drop(u, port));
                }
                case 11 -> round++;
                case 12 -> { // a copy, which both sides must be independent of from now on
                    copies.add(ch.copy());
                    copiesRef.add(ref.copy());
                }
                case 13 -> ch.settle();
                case 15 -> { // a burst to one node: its row outgrows room after room
                    for (int j = 0, m = 1 + op.b() % 40; j < m; j++) {
                        Envelope e = new Envelope(nextId++, j % n, j % run.ports(), u, (op.c() + j) % run.ports(), round,
                                messages[j % messages.length]);
                        ch.add(e);
                        ref.box.get(u).add(e);
                    }
                }
                case 14 -> { // work on a copy taken earlier, the original kept as it was
                    if (copies.isEmpty()) continue;
                    int c = op.b() % copies.size();
                    Channels other = copies.get(c);
                    Reference otherRef = copiesRef.get(c);
                    copies.set(c, ch);
                    copiesRef.set(c, ref);
                    Envelope e = new Envelope(nextId++, u, 0, u, 0, round, messages[0]);
                    other.add(e);
                    otherRef.box.get(u).add(e);
                    sameAnswers(other, otherRef, round);
                    sameAnswers(ch, ref, round);
                    ch = other;
                    ref = otherRef;
                }
                default -> sameAnswers(ch, ref, round);
            }
            sameAnswers(ch, ref, round);
        }
        for (int c = 0; c < copies.size(); c++) {
            copies.get(c).settle();
            sameAnswers(copies.get(c), copiesRef.get(c), round);
        }
    }

    /**
     * Rounds as a simulation makes them: every node receives at most one message (anywhere in its
     * box, as an unordered channel allows), then some nodes send to others, then the round ends;
     * boxes grow and shrink, rows move and the pool is laid out again, many times over.
     */
    @Property(tries = 60, seed = "13")
    void manyRoundsKeepEveryAnswer(@ForAll("rounds") Rounds run) {
        int n = run.n();
        Channels ch = new Channels(n, ChannelDiscipline.UNORDERED);
        Reference ref = new Reference(n, ChannelDiscipline.UNORDERED);
        Random random = new Random(run.seed());
        long nextId = 0;
        for (int round = 0; round < run.rounds(); round++) {
            for (int u = 0; u < n; u++) {
                int box = ref.box.get(u).size();
                if (box > 0 && random.nextInt(4) > 0) {
                    int i = random.nextInt(box);
                    ch.removeAt(u, i);
                    ref.box.get(u).remove(i);
                }
            }
            for (int s = 0, sends = random.nextInt(run.sends() + 1); s < sends; s++) {
                int to = random.nextInt(1 + random.nextInt(n)); // low ids get more: rows of many sizes
                Envelope e = new Envelope(nextId++, random.nextInt(n), random.nextInt(8), to, random.nextInt(8), round,
                        MESSAGES[random.nextInt(MESSAGES.length)]);
                ch.add(e);
                ref.box.get(to).add(e);
            }
            sameAnswers(ch, ref, round + 1);
            ch.settle();
            sameAnswers(ch, ref, round + 1);
        }
    }

    record Rounds(int n, int rounds, int sends, long seed) {}

    @Provide
    Arbitrary<Rounds> rounds() {
        return Combinators.combine(Arbitraries.integers().between(1, 60), Arbitraries.integers().between(1, 40),
                Arbitraries.integers().between(0, 150), Arbitraries.longs()).as(Rounds::new);
    }

    /**
     * Every answer of {@code ch} is {@code ref}'s; with a codec, a coded message reads back as its
     * canonical instance (equal to the one sent) and an uncoded one as the very one sent.
     */
    static void sameAnswers(Channels ch, Reference ref, int round) {
        layoutHolds(ch, ref.box.size());
        assertEquals(ref.total(), ch.total());
        int n = ref.box.size();
        for (int u = 0; u < n; u++) {
            List<Envelope> box = ref.box.get(u);
            assertEquals(box.size(), ch.size(u));
            List<Envelope> seen = new ArrayList<>();
            for (int i = 0; i < box.size(); i++) seen.add(ch.get(u, i));
            assertEquals(box, seen, "node " + u);
            for (Envelope e : box) assertEquals(box.indexOf(e), ch.indexOf(u, e.id()));
            assertEquals(-1, ch.indexOf(u, -1));
            for (int r = round; r <= round + 1; r++) {
                long portsBefore = 0;
                int i = 0;
                for (int k = ch.first(u); k >= 0; k = ch.next(k), i++) {
                    boolean expected = ref.receivable(u, i, r);
                    assertEquals(expected, ch.receivable(u, i, r));
                    assertEquals(expected, ch.receivable(k, r, portsBefore), "the slot view");
                    portsBefore |= 1L << ch.toPort(k);
                    Envelope e = box.get(i);
                    assertEquals(e, ch.envelope(u, k));
                    assertEquals(e.message(), ch.message(k));
                    int code = ch.codec() == null ? -1 : ch.codec().code(e.message());
                    assertEquals(code, ch.code(k));
                    assertSame(code < 0 ? e.message() : ch.codec().message(code), ch.message(k));
                    assertEquals(e.id(), ch.id(k));
                    assertEquals(e.from(), ch.from(k));
                    assertEquals(e.fromPort(), ch.fromPort(k));
                    assertEquals(e.sentRound(), ch.sentRound(k));
                    assertEquals(k, ch.slot(u, i));
                    if (ch.next(k) < 0) assertEquals(k, ch.last(u));
                }
                assertEquals(box.size(), i);
            }
            if (box.isEmpty()) assertEquals(-1, ch.last(u));
            for (int p = 0; p < 64; p++) assertEquals(ref.count(u, p), ch.count(u, p));
        }
    }

    /** Each row's slots are consecutive in its room, and no two rooms (held or free) share a slot. */
    static void layoutHolds(Channels ch, int n) {
        List<int[]> rooms = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            int size = ch.size(u);
            assertTrue(size <= ch.room(u), "node " + u + ": " + size + " messages in a room of " + ch.room(u));
            for (int i = 0; i < size; i++) {
                assertEquals(ch.roomStart(u) + i, ch.slot(u, i), "node " + u + ", message " + i);
                assertEquals(i + 1 < size ? ch.slot(u, i) + 1 : -1, ch.next(ch.slot(u, i)));
            }
            if (ch.room(u) > 0) rooms.add(new int[] {ch.roomStart(u), ch.roomStart(u) + ch.room(u)});
        }
        int inRows = 0;
        for (int[] r : rooms) inRows += r[1] - r[0];
        // the rows that did not move since the last layout lie in node order: the next layout slides them in place
        int laidOut = -1;
        for (int u = 0; u < n; u++) {
            if (ch.size(u) == 0 || ch.strayed(u)) continue;
            assertTrue(ch.roomStart(u) > laidOut, "node " + u + " out of node order");
            laidOut = ch.roomStart(u);
        }
        for (int[] f : ch.freeRooms()) rooms.add(new int[] {f[0], f[0] + f[1]});
        rooms.sort(Comparator.comparingInt(r -> r[0]));
        for (int k = 1; k < rooms.size(); k++) assertTrue(rooms.get(k - 1)[1] <= rooms.get(k)[0], "rooms overlap");
        assertTrue(rooms.isEmpty() || rooms.get(rooms.size() - 1)[1] <= ch.end());
        assertTrue(ch.end() <= ch.capacity());
        assertEquals(ch.end() - inRows, ch.abandoned());
    }

    /**
     * A full row moves to a larger room: one a row left behind if there is one of that size, else
     * a new one at the pool's end; the rooms left behind are given back at the round's end.
     */
    @Test
    void rowsMoveWithinARoundAndThePoolIsLaidOutAtItsEnd() {
        int n = 50;
        Channels ch = new Channels(n, ChannelDiscipline.FIFO);
        Reference ref = new Reference(n, ChannelDiscipline.FIFO);
        boolean moved = false;
        boolean reused = false;
        for (int id = 0; id < 5_000; id++) {
            int to = (id * id) % n; // some rows grow faster than others
            int room = ch.room(to);
            int startBefore = ch.roomStart(to);
            int endBefore = ch.end();
            Envelope e = new Envelope(id, id % 7, 1 + id % 3, to, id % 5, 0, MESSAGES[id % 3]);
            ch.add(e);
            ref.box.get(to).add(e);
            if (ch.room(to) > room && ch.size(to) > 1 && ch.roomStart(to) != startBefore) {
                moved = true;
                if (ch.end() == endBefore) reused = true;
            }
            if (id % 97 == 0) { // receive one now and then: boxes stay in send order when rows shift
                int u = (id / 97) % n;
                if (ch.size(u) > 2) {
                    ch.removeAt(u, 1);
                    ref.box.get(u).remove(1);
                }
            }
        }
        assertTrue(moved, "a full row moved");
        assertTrue(reused, "a row moved into a room another left");
        assertTrue(ch.abandoned() > 0);
        sameAnswers(ch, ref, 1);
        ch.settle();
        assertEquals(0, ch.abandoned());
        sameAnswers(ch, ref, 1);
    }

    /** The room a row leaves is the next one a row growing into its size takes, before the pool's end. */
    @Test
    void aRoomLeftBehindIsTakenByTheNextRowOfItsSize() {
        Channels ch = new Channels(3, ChannelDiscipline.FIFO);
        Reference ref = new Reference(3, ChannelDiscipline.FIFO);
        int[] to = {0, 0, 0, 1, 1};
        int[] startOf1 = new int[to.length];
        for (int id = 0; id < to.length; id++) {
            Envelope e = new Envelope(id, 2, 1, to[id], 1 + id % 2, 0, MESSAGES[id % 3]);
            ch.add(e);
            ref.box.get(to[id]).add(e);
            startOf1[id] = ch.roomStart(1);
            sameAnswers(ch, ref, 1);
        }
        // node 0's row took rooms of 1, 2 and 3 slots at 0, 1 and 3; node 1's then took the first two back
        assertEquals(3, ch.roomStart(0));
        assertEquals(0, startOf1[3]);
        assertEquals(1, startOf1[4]);
        assertEquals(6, ch.end());
        assertEquals(List.of(0), ch.freeRooms().stream().map(r -> r[0]).toList());
    }

    /** After a round's end that lays the pool out, the rows lie in node order, each in the smallest room holding it. */
    @Test
    void settlingLaysRowsOutInNodeOrder() {
        int n = 40;
        Channels ch = new Channels(n, ChannelDiscipline.UNORDERED);
        Reference ref = new Reference(n, ChannelDiscipline.UNORDERED);
        for (int id = 0; id < 2_000; id++) { // nodes in reverse, so rows move out of node order
            int to = n - 1 - (id * 7) % n;
            Envelope e = new Envelope(id, 0, 0, to, id % 4, 0, MESSAGES[0]);
            ch.add(e);
            ref.box.get(to).add(e);
        }
        for (int u = 0; u < n; u++) {
            while (ref.box.get(u).size() > u % 6) { // boxes of 0 to 5 messages, from the middle
                int i = ref.box.get(u).size() / 2;
                ch.removeAt(u, i);
                ref.box.get(u).remove(i);
            }
        }
        ch.settle();
        sameAnswers(ch, ref, 1);
        assertEquals(0, ch.abandoned());
        int at = 0;
        for (int u = 0; u < n; u++) {
            assertEquals(at, ch.roomStart(u), "node " + u);
            int size = ref.box.get(u).size();
            // every row moved since the last layout, out of rooms far larger: each keeps the class above its size
            assertEquals(new int[] {1, 2, 3, 4, 6, 8}[size], ch.room(u), "node " + u + "'s room");
            at += ch.room(u);
        }
    }

    /**
     * A layout that fits the pool slides the rows in place: rows going down, rows going up (behind
     * a row that grew), rows that moved put aside and back, the pool's columns kept.
     */
    @Test
    void aLayoutThatFitsSlidesTheRowsInThePool() {
        int n = 300;
        Channels ch = new Channels(n, ChannelDiscipline.FIFO);
        Reference ref = new Reference(n, ChannelDiscipline.FIFO);
        long id = 0;
        int inPlace = 0;
        for (int round = 0; round < 12; round++) {
            for (int u = 0; u < n; u++) { // every 50th box grows each round (its row moves, the rows after it go up), the others go from 2 to 3 messages and back
                int want = u % 50 == 0 ? 3 + 12 * round : 2 + (u + round) % 2;
                while (ref.box.get(u).size() > want) {
                    ch.removeAt(u, 0);
                    ref.box.get(u).remove(0);
                }
                while (ref.box.get(u).size() < want) {
                    Envelope e = new Envelope(id++, (u + 1) % n, 1, u, (int) (id % 4), round, MESSAGES[(int) (id % 3)]);
                    ch.add(e);
                    ref.box.get(u).add(e);
                }
            }
            int capacity = ch.capacity();
            int abandoned = ch.abandoned();
            ch.settle();
            sameAnswers(ch, ref, round + 1);
            if (abandoned > 0 && ch.abandoned() == 0) { // laid out: in the pool's own columns when the rooms and an eighth fit and it is at most 3/8 larger
                int rooms = ch.end();
                boolean fits = rooms + rooms / 8 + 16 <= capacity && capacity <= rooms + rooms / 4 + rooms / 8 + 64;
                assertEquals(fits, ch.capacity() == capacity, "round " + round + ": " + rooms + " slots of rooms in " + capacity);
                if (fits) inPlace++;
                for (int u = 1; u < n; u++) {
                    assertTrue(ch.roomStart(u) >= ch.roomStart(u - 1) + ch.room(u - 1), "node " + u);
                }
            }
        }
        assertTrue(inPlace >= 1, "no layout in place");
    }

    /**
     * Rounds that repeat the same traffic, rows growing and shrinking by a message or two: once
     * the layout has left the spare the round's moves take, the pool neither grows nor is made again.
     */
    @Test
    void aRepeatingRoundStopsRemakingThePool() {
        int n = 200;
        Channels ch = new Channels(n, ChannelDiscipline.UNORDERED);
        Reference ref = new Reference(n, ChannelDiscipline.UNORDERED);
        long id = 0;
        int settled = -1;
        for (int round = 0; round < 40; round++) {
            for (int u = 0; u < n; u++) { // receive all but one, then 2 to 5 new ones, depending on the node and the round's parity
                while (ref.box.get(u).size() > 1) {
                    ch.removeAt(u, 0);
                    ref.box.get(u).remove(0);
                }
            }
            for (int k = 0; k < 5; k++) {
                for (int u = 0; u < n; u++) {
                    if (k >= 2 + (u + round) % 4) continue;
                    Envelope e = new Envelope(id++, k, 0, u, k, round, MESSAGES[k % 3]);
                    ch.add(e);
                    ref.box.get(u).add(e);
                }
            }
            ch.settle();
            if (round == 10) settled = ch.capacity();
            if (round > 10) assertEquals(settled, ch.capacity(), "round " + round);
        }
        sameAnswers(ch, ref, 40);
    }

    /** Ports beyond Δ's 63 have no bit in a port set and are refused, as before by the envelope's two bytes. */
    @Test
    void aPortBeyondSixtyThreeIsRefused() {
        Channels ch = new Channels(2, ChannelDiscipline.FIFO);
        assertThrows(IllegalArgumentException.class, () -> ch.add(0, 0, 64, 1, 1, 0, MESSAGES[0]));
        assertThrows(IllegalArgumentException.class, () -> ch.add(0, 0, 1, 1, -1, 0, MESSAGES[0]));
        assertEquals(0, ch.total());
    }

    /** A table grown for a peak is given back at a round's end once it is mostly free, with every message kept in order. */
    @Test
    void aDrainedTableShrinksAndKeepsItsMessages() {
        Channels ch = new Channels(100, ChannelDiscipline.UNORDERED);
        Reference ref = new Reference(100, ChannelDiscipline.UNORDERED);
        for (int id = 0; id < 10_000; id++) {
            Envelope e = new Envelope(id, id % 7, 1, (id * 31) % 100, 1 + id % 5, 0, MESSAGES[id % 3]);
            ch.add(e);
            ref.box.get(e.to()).add(e);
        }
        for (int u = 0; u < 100; u++) {
            for (int i = ref.box.get(u).size() - 1; i >= 0; i--) { // all but every tenth, from the end
                if (i % 10 != 0) {
                    ch.removeAt(u, i);
                    ref.box.get(u).remove(i);
                }
            }
        }
        long before = ch.capacity();
        ch.settle();
        assertTrue(ch.capacity() < before / 2, ch.capacity() + " slots of " + before);
        sameAnswers(ch, ref, 1);
        long after = ch.capacity();
        ch.settle();
        assertEquals(after, ch.capacity(), "nothing more to give back");
    }
}
