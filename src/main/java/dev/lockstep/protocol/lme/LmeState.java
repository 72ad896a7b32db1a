package dev.lockstep.protocol.lme;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.Variable;
import java.util.ArrayList;
import java.util.List;

/**
 * Table 1: the local variables of a node, with the sets as port bitsets (O(Δ) memory per node,
 * Lemma 4.18). {@code late} exists only in the corrected variant. The priorities are stored as
 * they are bounded: four bits per port in two words while every one is below 16 on ports below
 * 32 (K ≤ 16, Δ ≤ 31: every run of the paper's parameters), an int per port otherwise. A million
 * nodes' states then fit in 120 MB, and a copy (dry runs, history) is one object.
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

    /** ⊥ ({@link #UNLOCKED}) if unlocked, 0 if locked by itself, ℓ if locked by the node on port ℓ. */
    private int lock = UNLOCKED;
    private State state = State.BOTTOM;
    private Phase phase = Phase.BOTTOM;
    /** Ports u intends to lock. */
    private long L;
    /** Ports via which u received ready(), ack-lock() or ack-unlock(). */
    private long R;
    /** W's ports: a win() was received via each. */
    private long W;
    /** The subset of {@link #W} whose win() carried true. */
    private long wTrue;
    /** Ports on hold for the next competition to lock u. */
    private long H;
    /** Applicants: may still join the current competition. */
    private long A;
    /** Candidates competing to lock u. */
    private long C;
    /** P's ports: a priority was received via each (P ⊆ C × {0..K-1}). */
    private long P;
    /** priority(ℓ) for ℓ ∈ P, four bits per port: ports 0..15 in {@code nibbles0}, 16..31 in {@code nibbles1}. */
    private long nibbles0;
    private long nibbles1;
    /** Every port's priority once one does not fit four bits (or its port 32 bits), else null. */
    private int[] wide;
    /** Corrected variant: applicants whose request-lock missed an already decided trial. */
    private long late;
    private final boolean showLate;

    LmeState(int delta, boolean showLate) {
        if (delta < 0 || delta >= Long.SIZE) throw new IllegalArgumentException("delta must be in 0..63: " + delta);
        this.showLate = showLate;
    }

    private LmeState(LmeState o) {
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
        nibbles0 = o.nibbles0;
        nibbles1 = o.nibbles1;
        wide = o.wide == null ? null : o.wide.clone();
        late = o.late;
        showLate = o.showLate;
    }

    public int lock() { return lock; }
    public void lock(int port) { lock = port; }
    public State state() { return state; }
    public void state(State st) { state = st; }
    public Phase phase() { return phase; }
    public void phase(Phase ph) { phase = ph; }
    public long L() { return L; }
    public void L(long ports) { L = ports; }
    public long R() { return R; }
    public void R(long ports) { R = ports; }
    public long W() { return W; }
    public void W(long ports) { W = ports; }
    public long wTrue() { return wTrue; }
    public void wTrue(long ports) { wTrue = ports; }
    public long H() { return H; }
    public void H(long ports) { H = ports; }
    public long A() { return A; }
    public void A(long ports) { A = ports; }
    public long C() { return C; }
    public void C(long ports) { C = ports; }
    public long P() { return P; }
    public void P(long ports) { P = ports; }
    public long late() { return late; }
    public void late(long ports) { late = ports; }

    /** The priority received via port ℓ (meaningful for ℓ ∈ P). */
    public int priority(int port) {
        if (wide != null) return wide[port];
        if (port >= 32) return 0;
        long word = port < 16 ? nibbles0 : nibbles1;
        return (int) (word >>> ((port & 15) << 2)) & 15;
    }

    /** Sets the priority received via port ℓ (Alg. 2, l. 4). */
    public void priority(int port, int value) {
        if (wide == null && (value < 0 || value > 15 || port >= 32)) {
            int[] all = new int[Long.SIZE];
            for (int p = 0; p < 32; p++) all[p] = priority(p);
            wide = all;
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
    public List<Variable> variables() {
        List<Variable> v = new ArrayList<>(12);
        v.add(new Variable("lock", lock == UNLOCKED ? "⊥" : Integer.toString(lock)));
        v.add(new Variable("state", state.toString()));
        v.add(new Variable("phase", phase.toString()));
        v.add(new Variable("L", PortSet.format(L)));
        v.add(new Variable("R", PortSet.format(R)));
        v.add(new Variable("W", formatW()));
        v.add(new Variable("H", PortSet.format(H)));
        v.add(new Variable("A", PortSet.format(A)));
        v.add(new Variable("C", PortSet.format(C)));
        v.add(new Variable("P", formatP()));
        if (showLate) v.add(new Variable("Late", PortSet.format(late)));
        return v;
    }

    private String formatW() {
        if (W == 0) return "∅";
        StringBuilder sb = new StringBuilder("{");
        for (long s = W; s != 0; s &= s - 1) {
            int p = Long.numberOfTrailingZeros(s);
            if (sb.length() > 1) sb.append(',');
            sb.append('(').append(p).append(',').append(PortSet.contains(wTrue, p)).append(')');
        }
        return sb.append('}').toString();
    }

    private String formatP() {
        if (P == 0) return "∅";
        StringBuilder sb = new StringBuilder("{");
        for (long s = P; s != 0; s &= s - 1) {
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
        for (long p = P; p != 0; p &= p - 1) {
            int i = Long.numberOfTrailingZeros(p);
            if (priority(i) != s.priority(i)) return false;
        }
        return true;
    }

    @Override
    public int hashCode() {
        long h = lock * 31L + state.ordinal();
        h = h * 31 + phase.ordinal();
        h = h * 1_000_003L + L;
        h = h * 1_000_003L + R;
        h = h * 1_000_003L + W;
        h = h * 1_000_003L + wTrue;
        h = h * 1_000_003L + H;
        h = h * 1_000_003L + A;
        h = h * 1_000_003L + C;
        h = h * 1_000_003L + P;
        h = h * 1_000_003L + late;
        for (long p = P; p != 0; p &= p - 1) h = h * 31 + priority(Long.numberOfTrailingZeros(p));
        return Long.hashCode(h);
    }

    @Override
    public String toString() {
        return variables().toString();
    }
}
