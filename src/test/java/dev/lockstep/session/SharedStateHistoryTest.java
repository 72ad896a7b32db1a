package dev.lockstep.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.Variable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The history keeps each execution's state as a list sharing its unchanged variables with the
 * node's state as last recorded: every recorded state still reads as the node's state after that
 * execution, and an unchanged variable is the object recorded before, not a fresh copy.
 */
class SharedStateHistoryTest {
    @Test
    void eachRecordedStateIsTheNodesStateAfterItsExecutionSharingWhatDidNotChange() throws Exception {
        Session s = Session.start(TimeTravelProperties.sample("unit-disk-swarm-30.json"), 7);
        List<List<Variable>> truth = new ArrayList<>();
        s.simulation().addListener(new SimulationListener() {
            @Override public void executed(ExecutionRecord r) {
                truth.add(new ArrayList<>(r.state().variables()));
            }
        });
        for (int r = 0; r < 40; r++) s.stepRound();

        List<History.Executed> recorded = new ArrayList<>();
        for (History.Event e : s.history().events()) if (e instanceof History.Executed x) recorded.add(x);
        assertEquals(truth.size(), recorded.size());
        assertTrue(recorded.size() > 200, "executions recorded: " + recorded.size());

        Map<Integer, List<Variable>> last = new HashMap<>();
        int shared = 0;
        int fresh = 0;
        for (int k = 0; k < recorded.size(); k++) {
            History.Executed x = recorded.get(k);
            assertEquals(truth.get(k), x.state(), "execution " + x.step() + " at n" + x.node());
            List<Variable> before = last.put(x.node(), x.state());
            assertThrows(UnsupportedOperationException.class, () -> x.state().set(0, new Variable("lock", "0")));
            if (before == null) continue;
            for (int i = 0; i < x.state().size(); i++) {
                if (x.state().get(i).equals(before.get(i))) {
                    assertSame(before.get(i), x.state().get(i), "unchanged " + before.get(i) + " at step " + x.step());
                    shared++;
                } else {
                    fresh++;
                }
            }
        }
        assertTrue(shared > 4 * fresh, shared + " variables shared, " + fresh + " changed");
        long oneChange = recorded.stream().filter(x -> x.state() instanceof ChangedState).count();
        assertTrue(oneChange > recorded.size() / 3, oneChange + " of " + recorded.size() + " states recorded as one change");
        for (History.Executed x : recorded) {
            if (x.state() instanceof ChangedState c) assertTrue(c.depth() <= ChangedState.MAX_DEPTH, "depth " + c.depth());
        }

        // equal variables and labels anywhere in the history are one object each
        Map<Variable, Variable> firstVariable = new HashMap<>();
        Map<String, String> firstLabel = new HashMap<>();
        int repeats = 0;
        for (History.Executed x : recorded) {
            for (Variable v : x.state()) {
                Variable first = firstVariable.putIfAbsent(v, v);
                if (first != null) {
                    assertSame(first, v, v + " at n" + x.node() + ", step " + x.step());
                    repeats++;
                }
            }
            for (History.Msg m : x.sent()) assertSame(firstLabel.computeIfAbsent(m.label(), l -> l), m.label());
        }
        assertTrue(repeats > recorded.size(), "variables seen again: " + repeats);
        assertTrue(firstLabel.size() > 3, "labels: " + firstLabel.keySet());
    }

    @Test
    void aChainOfSingleChangesReadsAsTheWholeStateAndIsCutEveryFewChanges() {
        Interned<Variable> table = new Interned<>(1 << 10);
        List<Variable> state = new ArrayList<>(List.of(new Variable("a", "0"), new Variable("b", "0"), new Variable("c", "0")));
        List<Variable> recorded = History.shared(state, null, table);
        int whole = 0;
        for (int k = 1; k <= 30; k++) {
            List<Variable> now = new ArrayList<>(state);
            now.set(k % 3, new Variable(now.get(k % 3).name(), Integer.toString(k)));
            state = now;
            List<Variable> next = History.shared(now, recorded, table);
            assertEquals(now, next, "after change " + k);
            assertEquals(now.hashCode(), next.hashCode());
            if (next instanceof ChangedState c) {
                assertEquals(recorded instanceof ChangedState p ? p.depth() + 1 : 1, c.depth());
                assertTrue(c.depth() <= ChangedState.MAX_DEPTH);
            } else {
                whole++;
                assertTrue(recorded instanceof ChangedState p && p.depth() == ChangedState.MAX_DEPTH, "cut only at the limit");
            }
            assertThrows(UnsupportedOperationException.class, () -> next.set(0, new Variable("a", "x")));
            recorded = next;
        }
        assertEquals(30 / (ChangedState.MAX_DEPTH + 1), whole, "one whole list every " + (ChangedState.MAX_DEPTH + 1) + " changes");

        List<Variable> two = new ArrayList<>(state);
        two.set(0, new Variable("a", "x"));
        two.set(1, new Variable("b", "y"));
        List<Variable> both = History.shared(two, recorded, table);
        assertFalse(both instanceof ChangedState, "two changes make a whole list");
        assertEquals(two, both);
    }

    @Test
    void pastItsLimitAnInternedTableKeepsValuesAsGivenAndGrowsNoMore() {
        Interned<String> t = new Interned<>(2);
        String a = new String("a");
        String b = new String("b");
        assertSame(a, t.of(a));
        assertSame(a, t.of(new String("a")));
        assertSame(b, t.of(b));
        String c = new String("c");
        assertSame(c, t.of(c));
        String c2 = new String("c");
        assertSame(c2, t.of(c2), "past the limit: as given");
        assertEquals(2, t.size());
        assertSame(b, t.of(new String("b")), "what it holds it still gives back");
    }

    @Test
    void aStateWithNothingChangedIsThePreviousListAndAnotherShapeIsCopied() {
        List<Variable> before = List.of(new Variable("a", "1"), new Variable("b", "∅"));
        List<Variable> same = new ArrayList<>(List.of(new Variable("a", "1"), new Variable("b", "∅")));
        assertSame(before, History.shared(same, before, new Interned<>(16)));

        List<Variable> changed = new ArrayList<>(List.of(new Variable("a", "2"), new Variable("b", "∅")));
        List<Variable> out = History.shared(changed, before, new Interned<>(16));
        assertEquals(changed, out);
        assertSame(before.get(1), out.get(1));
        assertSame(changed.get(0), out.get(0));

        List<Variable> longer = new ArrayList<>(List.of(new Variable("a", "1"), new Variable("b", "∅"), new Variable("c", "0")));
        List<Variable> copied = History.shared(longer, before, new Interned<>(16));
        assertEquals(longer, copied);
        longer.set(0, new Variable("a", "9"));
        assertEquals("1", copied.get(0).value(), "a copy, not the caller's list");
        assertEquals(changed, History.shared(changed, null, new Interned<>(16)));
    }
}
