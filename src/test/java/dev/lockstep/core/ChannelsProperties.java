package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The messages in transit live in one table of slots linked per node (a free list reuses the
 * slots, {@link Channels#settle} lays the table out again); every answer must be what a list of
 * envelopes per node gives (the store it replaced), after any sequence of sends, receptions,
 * cuts and copies, with FIFO and unordered channels, in copies and in the tables they were
 * copied from. The hot paths' slot view must tell the same as the indexed one.
 */
class ChannelsProperties {
    record Label(String label) implements Message {}

    private static final Message[] MESSAGES = {new Label("a"), new Label("b"), new Label("c")};

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
        Arbitrary<Op> op = Combinators.combine(Arbitraries.integers().between(0, 15), any, any, any).as(Op::new);
        return Combinators.combine(
                Arbitraries.integers().between(1, 9),
                Arbitraries.of(1, 2, 3, 8, 64),
                Arbitraries.of(ChannelDiscipline.FIFO, ChannelDiscipline.UNORDERED),
                op.list().ofMinSize(1).ofMaxSize(400)).as(Run::new);
    }

    @Property(tries = 300, seed = "13")
    void everyAnswerIsTheListsOne(@ForAll("runs") Run run) {
        int n = run.n();
        Channels ch = new Channels(n, run.discipline());
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
                            MESSAGES[op.c() % MESSAGES.length]);
                    nextId += 1 + op.b() % 3; // ids increase, with gaps (sends lost on a cut edge)
                    if (op.kind() == 0) ch.add(e);
                    else ch.add(e.id(), e.from(), e.fromPort(), e.to(), e.toPort(), e.sentRound(), e.message());
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
                case 14 -> { // work on a copy taken earlier, the original kept as it was
                    if (copies.isEmpty()) continue;
                    int c = op.b() % copies.size();
                    Channels other = copies.get(c);
                    Reference otherRef = copiesRef.get(c);
                    copies.set(c, ch);
                    copiesRef.set(c, ref);
                    Envelope e = new Envelope(nextId++, u, 0, u, 0, round, MESSAGES[0]);
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

    private static void sameAnswers(Channels ch, Reference ref, int round) {
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
        assertEquals(true, ch.capacity() < before / 2, ch.capacity() + " slots of " + before);
        sameAnswers(ch, ref, 1);
        long after = ch.capacity();
        ch.settle();
        assertEquals(after, ch.capacity(), "nothing more to give back");
    }
}
