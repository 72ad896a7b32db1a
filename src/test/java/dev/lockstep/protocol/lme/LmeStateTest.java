package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import dev.lockstep.core.Variable;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A node's variables (Table 1) as the explorer and the inspector use them: the explorer merges
 * configurations through equals/hashCode and branches through copy, the inspector shows variables().
 */
class LmeStateTest {
    private static LmeState busy() {
        LmeState s = new LmeState(3, true);
        s.lock(2);
        s.state(LmeState.State.COMPETE);
        s.phase(LmeState.Phase.PREPARE);
        s.L(0b1011);
        s.R(0b0011);
        s.W(0b1010);
        s.wTrue(0b0010);
        s.H(0b0100);
        s.A(0b1000);
        s.C(0b0110);
        s.P(0b0110);
        s.priority(1, 5);
        s.priority(2, 7);
        s.late(0b1000);
        return s;
    }

    private static String shown(LmeState s) {
        return s.variables().stream().map(Variable::toString).collect(Collectors.joining("; "));
    }

    @Test
    void theInspectorShowsEveryVariableInThePapersNotation() {
        assertEquals("lock = 2; state = compete; phase = prepare; L = {0,1,3}; R = {0,1}; W = {(1,true),(3,false)}; "
                + "H = {2}; A = {3}; C = {1,2}; P = {(1,5),(2,7)}; Late = {3}", shown(busy()));
    }

    @Test
    void aFreshNodeIsAllBottomAndEmpty_andThePaperVariantHasNoLate() {
        assertEquals("lock = ⊥; state = ⊥; phase = ⊥; L = ∅; R = ∅; W = ∅; H = ∅; A = ∅; C = ∅; P = ∅; Late = ∅",
                shown(new LmeState(2, true)));
        List<Variable> paper = new LmeState(2, false).variables();
        assertEquals(10, paper.size());
        assertEquals("P", paper.get(paper.size() - 1).name());
        assertEquals("[lock = 0, state = ⊥, phase = ⊥, L = ∅, R = ∅, W = ∅, H = ∅, A = ∅, C = ∅, P = ∅]",
                withLock(new LmeState(2, false), 0).toString());
    }

    private static LmeState withLock(LmeState s, int lock) {
        s.lock(lock);
        return s;
    }

    @Test
    void everyStateAndPhaseHasThePapersName() {
        assertEquals("[⊥, prepare, compete, win, locked, unlock]", List.of(LmeState.State.values()).toString());
        assertEquals("[⊥, prepare, compete]", List.of(LmeState.Phase.values()).toString());
    }

    @Test
    void aCopyIsEqualAndIndependent() {
        LmeState s = busy();
        LmeState c = s.copy();
        assertNotSame(s, c);
        assertEquals(s, c);
        assertEquals(s.hashCode(), c.hashCode());
        assertEquals(shown(s), shown(c));
        c.priority(1, 6);
        assertEquals(5, s.priority(1), "the copy has its own priorities");
        assertNotEquals(s, c);
    }

    /** Each variable on its own makes two states different (the explorer must never merge them). */
    @Test
    void everyVariableCountsForEquality() {
        List<Consumer<LmeState>> changes = List.of(s -> s.lock(1), s -> s.lock(LmeState.UNLOCKED),
                s -> s.state(LmeState.State.WIN), s -> s.phase(LmeState.Phase.COMPETE),
                s -> s.L(s.L() ^ 4), s -> s.R(s.R() ^ 4), s -> s.W(s.W() ^ 4), s -> s.wTrue(s.wTrue() ^ 8),
                s -> s.H(s.H() ^ 1), s -> s.A(s.A() ^ 1), s -> s.C(s.C() ^ 1), s -> s.P(s.P() ^ 8),
                s -> s.priority(2, 8), s -> s.late(s.late() ^ 2));
        for (int i = 0; i < changes.size(); i++) {
            LmeState changed = busy();
            changes.get(i).accept(changed);
            assertNotEquals(busy(), changed, "change " + i);
            assertNotEquals(changed, busy(), "change " + i);
            assertNotEquals(busy().hashCode(), changed.hashCode(), "change " + i + " (a hash that ignores it merges buckets)");
        }
        assertNotEquals(busy(), "not a state");
    }

    @Test
    void aPriorityOutsideP_isNoPartOfTheState() {
        // priority[ℓ] means something only for ℓ ∈ P: a stale entry must not split equal configurations
        LmeState a = busy();
        LmeState b = busy();
        b.priority(3, 9);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
    }

    /** Priorities are packed four bits a port; larger values and ports past 31 must still read back exactly. */
    @Test
    void everyPriorityReadsBackWhateverItsSizeAndPort() {
        LmeState s = new LmeState(63, true);
        int[] expected = new int[64];
        for (int p = 0; p < 32; p++) {
            s.priority(p, p % 16);
            expected[p] = p % 16;
        }
        for (int p = 0; p < 32; p++) assertEquals(expected[p], s.priority(p), "four-bit port " + p);
        LmeState packed = s.copy();
        s.priority(5, 1_000); // no longer fits four bits
        expected[5] = 1_000;
        s.priority(40, 3);
        expected[40] = 3;
        s.priority(63, -2);
        expected[63] = -2;
        for (int p = 0; p < 64; p++) assertEquals(expected[p], s.priority(p), "port " + p);
        assertEquals(5, packed.priority(5), "the copy taken before keeps its priorities");
        LmeState c = s.copy();
        c.priority(40, 4);
        assertEquals(3, s.priority(40), "a copy of the wide form has its own priorities");
    }

    @Test
    void packedAndWidePrioritiesOfEqualStatesAreEqual() {
        LmeState packed = busy();
        LmeState wide = busy();
        wide.priority(3, 99); // port 3 is not in P: only the storage differs
        assertEquals(packed, wide);
        assertEquals(packed.hashCode(), wide.hashCode());
        assertEquals(shown(packed), shown(wide));
    }
}
