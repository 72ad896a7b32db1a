package dev.lockstep.application.population;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The transition tables, pair by pair, against the rules as Sec. 6's sources state them. */
class TransitionsTest {

    /** "i+r → i'+r'" for every ordered pair, in the table's state order. */
    private static String table(Transitions t) {
        StringBuilder sb = new StringBuilder();
        List<String> s = t.states();
        for (int i = 0; i < s.size(); i++) {
            for (int r = 0; r < s.size(); r++) {
                sb.append(s.get(i)).append('+').append(s.get(r)).append(" → ")
                        .append(s.get(t.initiatorAfter(i, r))).append('+').append(s.get(t.responderAfter(i, r))).append('\n');
            }
        }
        return sb.toString();
    }

    @Test
    void exactMajorityCancelsStrongOpinionsAndConvertsWeakOnes() {
        assertEquals("""
                A+A → A+A
                A+B → a+b
                A+a → A+a
                A+b → A+a
                B+A → b+a
                B+B → B+B
                B+a → B+b
                B+b → B+b
                a+A → a+A
                a+B → b+B
                a+a → a+a
                a+b → a+b
                b+A → a+A
                b+B → b+B
                b+a → b+a
                b+b → b+b
                """, table(new ExactMajority()));
    }

    @Test
    void approximateMajorityChangesOnlyTheResponder() {
        assertEquals("""
                x+x → x+x
                x+y → x+blank
                x+blank → x+x
                y+x → y+blank
                y+y → y+y
                y+blank → y+y
                blank+x → blank+x
                blank+y → blank+y
                blank+blank → blank+blank
                """, table(new ApproximateMajority()));
    }

    @Test
    void everyExactMajorityInteractionConservesTheDifference() {
        Transitions t = new ExactMajority();
        int[] w = t.conservedWeights();
        for (int i = 0; i < 4; i++) {
            for (int r = 0; r < 4; r++) {
                assertEquals(w[i] + w[r], w[t.initiatorAfter(i, r)] + w[t.responderAfter(i, r)], i + "+" + r);
            }
        }
    }

    @Test
    void opinions() {
        Transitions e = new ExactMajority();
        assertEquals(List.of(0, 1, 0, 1), List.of(e.opinion(0), e.opinion(1), e.opinion(2), e.opinion(3)));
        Transitions a = new ApproximateMajority();
        assertEquals(List.of(0, 1, -1), List.of(a.opinion(0), a.opinion(1), a.opinion(2)));
    }
}
