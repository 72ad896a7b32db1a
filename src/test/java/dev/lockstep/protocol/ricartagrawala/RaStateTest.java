package dev.lockstep.protocol.ricartagrawala;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** A process's variables as the explorer (equals, hashCode, copy) and the inspector (variables) use them. */
class RaStateTest {
    private static RaState requesting() {
        RaState s = new RaState();
        s.clock = 7;
        s.region = RaState.Region.TRY;
        s.tClock = 6;
        s.tId = 2;
        s.expected = 0b0110;
        s.oks = 0b0010;
        s.deferred = 0b1000;
        return s;
    }

    @Test
    void logicalTimesAreOrderedByClockThenByNode() {
        assertTrue(RaState.precedes(3, 9, 4, 0), "a smaller clock wins whatever the ids");
        assertFalse(RaState.precedes(4, 0, 3, 9));
        assertTrue(RaState.precedes(3, 1, 3, 2), "a tie goes to the smaller id");
        assertFalse(RaState.precedes(3, 2, 3, 1));
        assertFalse(RaState.precedes(3, 2, 3, 2), "a time does not precede itself");
    }

    @Test
    void theInspectorShowsTheRequestAsALogicalTime() {
        assertEquals("[clock = 7, region = try, t = (6,2), expected = {1,2}, oks = {1}, deferred = {3}]", requesting().toString());
        assertEquals("[clock = 0, region = rem, t = ⊥, expected = ∅, oks = ∅, deferred = ∅]", new RaState().toString());
        assertEquals("[rem, try, crit]", List.of(RaState.Region.values()).toString());
    }

    @Test
    void aCopyIsEqualAndIndependent() {
        RaState s = requesting();
        RaState c = s.copy();
        assertNotSame(s, c);
        assertEquals(s, c);
        assertEquals(s.hashCode(), c.hashCode());
        c.oks = 0b0110;
        assertEquals(0b0010, s.oks);
    }

    @Test
    void everyVariableCountsForEquality() {
        List<Consumer<RaState>> changes = List.of(s -> s.clock++, s -> s.region = RaState.Region.CRIT, s -> s.tClock++,
                s -> s.tId++, s -> s.expected ^= 1, s -> s.oks ^= 4, s -> s.deferred ^= 2);
        for (int i = 0; i < changes.size(); i++) {
            RaState changed = requesting();
            changes.get(i).accept(changed);
            assertNotEquals(requesting(), changed, "change " + i);
            assertNotEquals(requesting().hashCode(), changed.hashCode(), "change " + i);
        }
        assertNotEquals(requesting(), "not a state");
    }
}
