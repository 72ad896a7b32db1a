package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.lockstep.core.NodeState;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The core's dry runs work on a scratch state that {@link LmeState#copyInto} overwrites: whatever
 * the scratch held before, the result must equal a {@link LmeState#copy()} and share nothing
 * with the original.
 */
class LmeStateCopyIntoTest {
    private static LmeState random(Random r, boolean showLate) {
        LmeState s = new LmeState(16, showLate);
        s.lock(r.nextInt(4) - 1);
        s.state(LmeState.State.values()[r.nextInt(LmeState.State.values().length)]);
        s.phase(LmeState.Phase.values()[r.nextInt(LmeState.Phase.values().length)]);
        s.L(r.nextLong() & 0x1FFFF);
        s.R(r.nextLong() & s.L());
        s.W(r.nextLong() & s.L());
        s.wTrue(r.nextLong() & s.W());
        s.H(r.nextLong() & s.L());
        s.A(r.nextLong() & s.L());
        s.C(r.nextLong() & s.L());
        s.P(r.nextLong() & s.L());
        s.late(showLate ? r.nextLong() & s.L() : 0);
        boolean wide = r.nextInt(4) == 0;
        for (long p = s.P(); p != 0; p &= p - 1) s.priority(Long.numberOfTrailingZeros(p), wide ? 16 + r.nextInt(40) : r.nextInt(16));
        return s;
    }

    @Test
    void aCopyIntoAnyScratchEqualsACopyAndSharesNothing() {
        Random r = new Random(13);
        NodeState scratch = null;
        for (int i = 0; i < 2_000; i++) {
            LmeState s = random(r, i % 3 != 0);
            LmeState saved = s.copy();
            NodeState before = scratch;
            LmeState c = s.copyInto(scratch);
            if (before instanceof LmeState b && b.variables().size() == s.variables().size()) assertSame(b, c, "reused");
            assertNotSame(s, c);
            assertEquals(s.copy(), c, "copy " + i);
            assertEquals(s.copy().hashCode(), c.hashCode());
            assertEquals(s.variables(), c.variables());
            for (long p = s.P(); p != 0; p &= p - 1) {
                int port = Long.numberOfTrailingZeros(p);
                c.priority(port, c.priority(port) + 1);
            }
            c.L(~s.L());
            assertEquals(saved, s, "the original is untouched by changes to its copy");
            scratch = c;
        }
    }

    @Test
    void aScratchOfTheOtherVariantIsNotOverwritten() {
        Random r = new Random(5);
        LmeState corrected = random(r, true);
        LmeState paper = random(r, false);
        LmeState c = corrected.copyInto(paper);
        assertNotSame(paper, c);
        assertEquals(corrected, c);
        assertEquals(corrected.variables(), c.variables());
        assertEquals(paper, paper.copy());
        assertNotSame(corrected, corrected.copyInto(null));
        assertEquals(corrected, corrected.copyInto(null));
    }
}
