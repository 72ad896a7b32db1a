package dev.lockstep.protocol.lme;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.Variable;
import java.util.ArrayList;
import java.util.List;

/**
 * Table 1: the local variables of a node, with the sets as port bitsets (O(Δ) memory per node,
 * Lemma 4.18). {@code late} exists only in the corrected variant. Every run of the paper's
 * parameters has Δ ≤ 31 and K ≤ 16, so the state is stored for that case: each set's ports 0..31
 * in an int, the priorities four bits a port in two words, lock, state and phase in a byte each —
 * 72 bytes, one object a node (a million nodes' states in 72 MB, and a copy for dry runs or
 * history is one object). Ports 32..63 of the sets, and the priorities once one does not fit four
 * bits or sits on a port past 31, live in a {@link HighPorts} allocated on the first such write.
 * The accessors take and return whole {@code long} sets, so the layout is invisible outside.
 */
public final class LmeState implements NodeState {
    /** The value ⊥ of {@code lock}. */
    public static final int UNLOCKED = -1;

    /** The initiator's lock state. */
    public enum State {
        BOTTOM("⊥"), PREPARE("prepare"), COMPETE("compete"), WIN("win"), LOCKED("locked"), UNLOCK("unlock");

        private final String text;

        State(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /** The participant's phase. */
    public enum Phase {
        BOTTOM("⊥"), PREPARE("prepare"), COMPETE("compete");

        private final String text;

        Phase(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    private static final State[] STATES = State.values();
    private static final Phase[] PHASES = Phase.values();
    /** Indices of the sets in {@link HighPorts#high}, in Table 1's order. */
    private static final int SET_L = 0, SET_R = 1, SET_W = 2, SET_W_TRUE = 3, SET_H = 4, SET_A = 5, SET_C = 6,
            SET_P = 7, SET_LATE = 8, SETS = 9;

    // Ports 0..31 of each set; ports 32..63 in highPorts.high (Table 1's meaning at the accessors).
    private int L;
    private int R;
    private int W;
    private int wTrue;
    private int H;
    private int A;
    private int C;
    private int P;
    private int late;
    /** priority(ℓ) for ℓ ∈ P, four bits per port: ports 0..15 in {@code nibbles0}, 16..31 in {@code nibbles1}. */
    private long nibbles0;
    private long nibbles1;
    /** Null until a set holds a port ≥ 32 or a priority does not fit the nibbles. */
    private HighPorts highPorts;
    /** ⊥ ({@link #UNLOCKED}), 0 or a port: -1..63. */
    private byte lock = UNLOCKED;
    private byte state;
    private byte phase;
    /** Whether {@link #variables()} shows Late (the corrected variants); fills the object's padding. */
    private final boolean showLate;

    /** The rare part of a state: ports 32..63 of every set, and priorities that the nibbles cannot hold. */
    private static final class HighPorts {
        final int[] high;
        /** Every port's priority once one does not fit four bits (or its port 32 bits), else null. */
        int[] priorities;

        HighPorts(int[] high, int[] priorities) {
            this.high = high;
            this.priorities = priorities;
        }

        HighPorts copy() {
            return new HighPorts(high.clone(), priorities == null ? null : priorities.clone());
        }
    }

    LmeState(int delta, boolean showLate) {
        if (delta < 0 || delta >= Long.SIZE) throw new IllegalArgumentException("delta must be in 0..63: " + delta);
        this.showLate = showLate;
    }

    private LmeState(LmeState o) {
        showLate = o.showLate;
        copyFrom(o);
    }

    private void copyFrom(LmeState o) {
        lock = o.lock;
        state = o.state;
        phase = o.phase;
        L = o.L;
        R = o.R;
        W = o.W;
        wTrue = o.wTrue;
        H = o.H;
        A = o.A;
        C = o.C;
        P = o.P;
        late = o.late;
        nibbles0 = o.nibbles0;
        nibbles1 = o.nibbles1;
        highPorts = o.highPorts == null ? null : o.highPorts.copy();
    }

    /** ⊥ ({@link #UNLOCKED}) if unlocked, 0 if locked by itself, ℓ if locked by the node on port ℓ. */
    public int lock() {
        return lock;
    }

    public void lock(int port) {
        if (port < UNLOCKED || port >= Long.SIZE) throw new IllegalArgumentException("lock must be ⊥ or a port 0..63: " + port);
        lock = (byte) port;
    }

    public State state() {
        return STATES[state];
    }

    public void state(State s) {
        state = (byte) s.ordinal();
    }

    public Phase phase() {
        return PHASES[phase];
    }

    /** {@link #state()}'s ordinal, read without the enum: for guards that index tables by it. */
    int stateIndex() {
        return state;
    }

    /** {@link #phase()}'s ordinal, read without the enum. */
    int phaseIndex() {
        return phase;
    }

    public void phase(Phase p) {
        phase = (byte) p.ordinal();
    }

    /** Ports u intends to lock. */
    public long L() {
        return ports(L, SET_L);
    }

    public void L(long ports) {
        L = (int) ports;
        high(SET_L, ports);
    }

    /** Ports via which u received ready(), ack-lock() or ack-unlock(). */
    public long R() {
        return ports(R, SET_R);
    }

    public void R(long ports) {
        R = (int) ports;
        high(SET_R, ports);
    }

    /** W's ports: a win() was received via each. */
    public long W() {
        return ports(W, SET_W);
    }

    public void W(long ports) {
        W = (int) ports;
        high(SET_W, ports);
    }

    /** The subset of {@link #W()} whose win() carried true. */
    public long wTrue() {
        return ports(wTrue, SET_W_TRUE);
    }

    public void wTrue(long ports) {
        wTrue = (int) ports;
        high(SET_W_TRUE, ports);
    }

    /** Ports on hold for the next competition to lock u. */
    public long H() {
        return ports(H, SET_H);
    }

    public void H(long ports) {
        H = (int) ports;
        high(SET_H, ports);
    }

    /** Applicants: may still join the current competition. */
    public long A() {
        return ports(A, SET_A);
    }

    public void A(long ports) {
        A = (int) ports;
        high(SET_A, ports);
    }

    /** Candidates competing to lock u. */
    public long C() {
        return ports(C, SET_C);
    }

    public void C(long ports) {
        C = (int) ports;
        high(SET_C, ports);
    }

    /** P's ports: a priority was received via each (P ⊆ C × {0..K-1}). */
    public long P() {
        return ports(P, SET_P);
    }

    public void P(long ports) {
        P = (int) ports;
        high(SET_P, ports);
    }

    /** Corrected variant: applicants whose request-lock missed an already decided trial. */
    public long late() {
        return ports(late, SET_LATE);
    }

    public void late(long ports) {
        late = (int) ports;
        high(SET_LATE, ports);
    }

    private long ports(int low, int set) {
        long ports = Integer.toUnsignedLong(low);
        return highPorts == null ? ports : ports | (long) highPorts.high[set] << 32;
    }

    private void high(int set, long ports) {
        int high = (int) (ports >>> 32);
        if (highPorts != null) highPorts.high[set] = high;
        else if (high != 0) highPorts().high[set] = high;
    }

    private HighPorts highPorts() {
        if (highPorts == null) highPorts = new HighPorts(new int[SETS], null);
        return highPorts;
    }

    /** The priority received via port ℓ (meaningful for ℓ ∈ P). */
    public int priority(int port) {
        if (highPorts != null && highPorts.priorities != null) return highPorts.priorities[port];
        if (port >= 32) return 0;
        long word = port < 16 ? nibbles0 : nibbles1;
        return (int) (word >>> ((port & 15) << 2)) & 15;
    }

    /** Sets the priority received via port ℓ (Alg. 2, l. 4). */
    public void priority(int port, int value) {
        int[] wide = highPorts == null ? null : highPorts.priorities;
        if (wide == null && (value < 0 || value > 15 || port >= 32)) {
            wide = new int[Long.SIZE];
            for (int p = 0; p < 32; p++) wide[p] = priority(p);
            highPorts().priorities = wide;
        }
        if (wide != null) {
            wide[port] = value;
            return;
        }
        int shift = (port & 15) << 2;
        if (port < 16) nibbles0 = nibbles0 & ~(15L << shift) | (long) value << shift;
        else nibbles1 = nibbles1 & ~(15L << shift) | (long) value << shift;
    }

    @Override
    public LmeState copy() {
        return new LmeState(this);
    }

    @Override
    public LmeState copyInto(NodeState target) {
        if (!(target instanceof LmeState t) || t.showLate != showLate) return copy();
        t.copyFrom(this);
        return t;
    }

    @Override
    public List<Variable> variables() {
        List<Variable> v = new ArrayList<>(12);
        v.add(new Variable("lock", lock == UNLOCKED ? "⊥" : Integer.toString(lock)));
        v.add(new Variable("state", state().toString()));
        v.add(new Variable("phase", phase().toString()));
        v.add(new Variable("L", PortSet.format(L())));
        v.add(new Variable("R", PortSet.format(R())));
        v.add(new Variable("W", formatW()));
        v.add(new Variable("H", PortSet.format(H())));
        v.add(new Variable("A", PortSet.format(A())));
        v.add(new Variable("C", PortSet.format(C())));
        v.add(new Variable("P", formatP()));
        if (showLate) v.add(new Variable("Late", PortSet.format(late())));
        return v;
    }

    private String formatW() {
        long w = W();
        if (w == 0) return "∅";
        long wt = wTrue();
        StringBuilder sb = new StringBuilder("{");
        for (long s = w; s != 0; s &= s - 1) {
            int p = Long.numberOfTrailingZeros(s);
            if (sb.length() > 1) sb.append(',');
            sb.append('(').append(p).append(',').append(PortSet.contains(wt, p)).append(')');
        }
        return sb.append('}').toString();
    }

    private String formatP() {
        long ps = P();
        if (ps == 0) return "∅";
        StringBuilder sb = new StringBuilder("{");
        for (long s = ps; s != 0; s &= s - 1) {
            int p = Long.numberOfTrailingZeros(s);
            if (sb.length() > 1) sb.append(',');
            sb.append('(').append(p).append(',').append(priority(p)).append(')');
        }
        return sb.append('}').toString();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof LmeState s)) return false;
        if (lock != s.lock || state != s.state || phase != s.phase || L != s.L || R != s.R || W != s.W
                || wTrue != s.wTrue || H != s.H || A != s.A || C != s.C || P != s.P || late != s.late) {
            return false;
        }
        if ((highPorts != null || s.highPorts != null) && !sameHighPorts(s)) return false;
        for (long p = P(); p != 0; p &= p - 1) {
            int i = Long.numberOfTrailingZeros(p);
            if (priority(i) != s.priority(i)) return false;
        }
        return true;
    }

    /** The high halves of every set agree (an absent {@link HighPorts} holds none). */
    private boolean sameHighPorts(LmeState s) {
        for (int set = 0; set < SETS; set++) {
            int a = highPorts == null ? 0 : highPorts.high[set];
            int b = s.highPorts == null ? 0 : s.highPorts.high[set];
            if (a != b) return false;
        }
        return true;
    }

    @Override
    public int hashCode() {
        long h = lock * 31L + state;
        h = h * 31 + phase;
        h = h * 1_000_003L + L();
        h = h * 1_000_003L + R();
        h = h * 1_000_003L + W();
        h = h * 1_000_003L + wTrue();
        h = h * 1_000_003L + H();
        h = h * 1_000_003L + A();
        h = h * 1_000_003L + C();
        h = h * 1_000_003L + P();
        h = h * 1_000_003L + late();
        for (long p = P(); p != 0; p &= p - 1) h = h * 31 + priority(Long.numberOfTrailingZeros(p));
        return Long.hashCode(h);
    }

    @Override
    public String toString() {
        return variables().toString();
    }
}
