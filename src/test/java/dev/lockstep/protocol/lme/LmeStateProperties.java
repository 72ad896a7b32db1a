package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import dev.lockstep.core.PortSet;
import dev.lockstep.core.Variable;
import dev.lockstep.protocol.lme.LmeState.Phase;
import dev.lockstep.protocol.lme.LmeState.State;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

/**
 * LmeState's compact layout (32-bit sets with their ports 32..63 elsewhere, byte lock, state and
 * phase, packed priorities) against {@link Reference}, the plain layout it replaced: random writes
 * on random ports 0..Δ-1 for every Δ in 1..63 read back the same, and equality, hash codes, copies
 * and the inspector's variables agree with the plain layout's.
 */
class LmeStateProperties {
    /** Targets of a write: the nine sets in Table 1's order, then lock, state, phase and a priority. */
    static final int SETS = 9, LOCK = 9, STATE = 10, PHASE = 11, PRIORITY = 12;

    /** One write: what it targets, how (sets: assign, add, remove, keep a mask), and its operands. */
    record Write(int target, int how, long bits, int port, int value) {}

    @Provide
    Arbitrary<List<Write>> writes() {
        Arbitrary<Integer> value = Arbitraries.frequencyOf(
                Tuple.of(12, Arbitraries.integers().between(0, 15)),      // what K ≤ 16 draws
                Tuple.of(1, Arbitraries.integers().between(-3, 1_000)));  // wider: the int-a-port form
        Arbitrary<Long> bits = Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.longs().between(0, 0xFFFF_FFFFL),
                Arbitraries.just(0L), Arbitraries.just(-1L));
        Arbitrary<Integer> target = Arbitraries.frequencyOf(
                Tuple.of(9, Arbitraries.integers().between(0, SETS - 1)),
                Tuple.of(3, Arbitraries.integers().between(LOCK, PHASE)),
                Tuple.of(6, Arbitraries.just(PRIORITY)));
        Arbitrary<Integer> port = Arbitraries.oneOf(Arbitraries.integers().between(0, 63),
                Arbitraries.of(0, 15, 16, 31, 32, 47, 48, 62));           // where the words split
        return Combinators.combine(target, Arbitraries.integers().between(0, 3), bits, port, value)
                .as(Write::new).list().ofMaxSize(60);
    }

    @Property(tries = 400)
    void everyWriteReadsBackAndEveryViewAgreesWithThePlainLayout(@ForAll @IntRange(min = 1, max = 63) int delta,
            @ForAll("writes") List<Write> writes, @ForAll("writes") List<Write> more, @ForAll boolean showLate) {
        LmeState s = new LmeState(delta, showLate);
        Reference r = new Reference(showLate);
        for (Write w : writes) {
            apply(w, delta, s, r);
            assertSame(r, s, delta);
        }
        // a copy is equal, hashes alike, shows the same, and is independent both ways
        LmeState c = s.copy();
        assertNotSame(s, c);
        assertSame(r, c, delta);
        assertEquals(s, c);
        assertEquals(s.hashCode(), c.hashCode());
        Reference rc = r.copy();
        for (Write w : more) apply(w, delta, c, rc);
        assertSame(r, s, delta);
        assertSame(rc, c, delta);
        assertEquals(r.equals(rc), s.equals(c), "equality after diverging writes");
        assertEquals(r.equals(rc), c.equals(s));
        if (s.equals(c)) assertEquals(s.hashCode(), c.hashCode());
        for (Write w : more) {                                    // and the original, written on its own
            apply(w, delta, s, r);
            assertSame(r, s, delta);
        }
        assertEquals(r.equals(rc), s.equals(c), "equality after the same writes on both");

        // the same values written afresh: no history, so maybe no overflow storage, and still equal
        LmeState fresh = rebuilt(r, delta, showLate);
        assertEquals(s, fresh);
        assertEquals(fresh, s);
        assertEquals(s.hashCode(), fresh.hashCode());
        assertEquals(s.variables(), fresh.variables());
    }

    private static LmeState rebuilt(Reference r, int delta, boolean showLate) {
        LmeState s = new LmeState(delta, showLate);
        s.lock(r.lock);
        s.state(r.state);
        s.phase(r.phase);
        s.L(r.sets[0]);
        s.R(r.sets[1]);
        s.W(r.sets[2]);
        s.wTrue(r.sets[3]);
        s.H(r.sets[4]);
        s.A(r.sets[5]);
        s.C(r.sets[6]);
        s.P(r.sets[7]);
        s.late(r.sets[8]);
        for (long p = r.sets[7]; p != 0; p &= p - 1) {
            int port = Long.numberOfTrailingZeros(p);
            s.priority(port, r.priorities[port]);
        }
        return s;
    }

    private static void apply(Write w, int delta, LmeState s, Reference r) {
        long mask = (1L << delta) - 1;
        int port = w.port % delta;
        switch (w.target) {
            case LOCK -> {
                int lock = w.port % (delta + 1) - 1;              // ⊥, 0 or a port
                s.lock(lock);
                r.lock = lock;
            }
            case STATE -> {
                State st = State.values()[w.port % State.values().length];
                s.state(st);
                r.state = st;
            }
            case PHASE -> {
                Phase ph = Phase.values()[w.port % Phase.values().length];
                s.phase(ph);
                r.phase = ph;
            }
            case PRIORITY -> {
                s.priority(port, w.value);
                r.priorities[port] = w.value;
            }
            default -> {
                r.sets[w.target] = written(w, mask, port, r.sets[w.target]);
                set(s, w.target, written(w, mask, port, get(s, w.target)));
            }
        }
    }

    /** A set after the write, as the protocol writes sets: assigned, a port added or removed, a mask kept. */
    private static long written(Write w, long mask, int port, long old) {
        return switch (w.how) {
            case 0 -> w.bits & mask;
            case 1 -> old | 1L << port;
            case 2 -> old & ~(1L << port);
            default -> old & w.bits;                              // CleanUp's keep = ~D
        };
    }

    static long get(LmeState s, int set) {
        return switch (set) {
            case 0 -> s.L();
            case 1 -> s.R();
            case 2 -> s.W();
            case 3 -> s.wTrue();
            case 4 -> s.H();
            case 5 -> s.A();
            case 6 -> s.C();
            case 7 -> s.P();
            default -> s.late();
        };
    }

    static void set(LmeState s, int set, long ports) {
        switch (set) {
            case 0 -> s.L(ports);
            case 1 -> s.R(ports);
            case 2 -> s.W(ports);
            case 3 -> s.wTrue(ports);
            case 4 -> s.H(ports);
            case 5 -> s.A(ports);
            case 6 -> s.C(ports);
            case 7 -> s.P(ports);
            default -> s.late(ports);
        }
    }

    private static void assertSame(Reference r, LmeState s, int delta) {
        assertEquals(r.lock, s.lock(), "lock");
        assertEquals(r.state, s.state(), "state");
        assertEquals(r.phase, s.phase(), "phase");
        for (int set = 0; set < SETS; set++) assertEquals(r.sets[set], get(s, set), "set " + set);
        for (int p = 0; p < delta; p++) assertEquals(r.priorities[p], s.priority(p), "priority of port " + p);
        assertEquals(r.variables(), s.variables());
        assertEquals(r.variables().toString(), s.toString());
        assertEquals(r.hashCode(), s.hashCode(), "the plain layout's hash");
    }

    /** The layout before: a long a set, an int a priority, lock an int, state and phase references. */
    static final class Reference {
        int lock = LmeState.UNLOCKED;
        State state = State.BOTTOM;
        Phase phase = Phase.BOTTOM;
        /** L, R, W, wTrue, H, A, C, P, late. */
        final long[] sets = new long[SETS];
        final int[] priorities = new int[Long.SIZE];
        final boolean showLate;

        Reference(boolean showLate) {
            this.showLate = showLate;
        }

        Reference copy() {
            Reference c = new Reference(showLate);
            c.lock = lock;
            c.state = state;
            c.phase = phase;
            System.arraycopy(sets, 0, c.sets, 0, SETS);
            System.arraycopy(priorities, 0, c.priorities, 0, priorities.length);
            return c;
        }

        List<Variable> variables() {
            List<Variable> v = new ArrayList<>();
            v.add(new Variable("lock", lock == LmeState.UNLOCKED ? "⊥" : Integer.toString(lock)));
            v.add(new Variable("state", state.toString()));
            v.add(new Variable("phase", phase.toString()));
            v.add(new Variable("L", PortSet.format(sets[0])));
            v.add(new Variable("R", PortSet.format(sets[1])));
            v.add(new Variable("W", pairs(sets[2], p -> String.valueOf(PortSet.contains(sets[3], p)))));
            v.add(new Variable("H", PortSet.format(sets[4])));
            v.add(new Variable("A", PortSet.format(sets[5])));
            v.add(new Variable("C", PortSet.format(sets[6])));
            v.add(new Variable("P", pairs(sets[7], p -> Integer.toString(priorities[p]))));
            if (showLate) v.add(new Variable("Late", PortSet.format(sets[8])));
            return v;
        }

        private static String pairs(long ports, IntFunction<String> second) {
            if (ports == 0) return "∅";
            List<String> each = new ArrayList<>();
            for (long s = ports; s != 0; s &= s - 1) {
                int p = Long.numberOfTrailingZeros(s);
                each.add("(" + p + "," + second.apply(p) + ")");
            }
            return "{" + String.join(",", each) + "}";
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Reference r)) return false;
            if (lock != r.lock || state != r.state || phase != r.phase || !Arrays.equals(sets, r.sets)) return false;
            for (long p = sets[7]; p != 0; p &= p - 1) {
                int i = Long.numberOfTrailingZeros(p);
                if (priorities[i] != r.priorities[i]) return false;
            }
            return true;
        }

        /** The formula LmeState has always hashed with (the explorer's buckets depend on it staying put). */
        @Override
        public int hashCode() {
            long h = lock * 31L + state.ordinal();
            h = h * 31 + phase.ordinal();
            for (long set : sets) h = h * 1_000_003L + set;
            for (long p = sets[7]; p != 0; p &= p - 1) h = h * 31 + priorities[Long.numberOfTrailingZeros(p)];
            return Long.hashCode(h);
        }
    }
}
