package dev.lockstep.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The lockout timers' deadlines (a bound per block of 64 nodes, renewed lazily) must hand out what
 * a plain map of node to deadline holds: after any sequence of sets, re-sets (earlier or later),
 * removals and rounds, exactly the nodes whose deadline has come, in node order.
 */
class DeadlineQueueProperties {

    /** kind 0–4 set, 5–6 remove, 7–9 a round ends (the clock moves by {@code d % 4}). */
    record Op(int kind, int node, int d) {}

    record Run(int n, List<Op> ops) {}

    @Provide
    Arbitrary<Run> runs() {
        Arbitrary<Op> op = Combinators.combine(Arbitraries.integers().between(0, 9), Arbitraries.integers().between(0, 1 << 16),
                Arbitraries.integers().between(0, 40)).as(Op::new);
        return Combinators.combine(Arbitraries.integers().between(1, 300), op.list().ofMaxSize(400)).as(Run::new);
    }

    @Property(tries = 300, seed = "13")
    void handsOutTheDueNodesAsAMapDoes(@ForAll("runs") Run run) {
        DeadlineQueue q = new DeadlineQueue(run.n());
        TreeMap<Integer, Integer> ref = new TreeMap<>();
        int round = 0;
        int step = 0;
        for (Op op : run.ops()) {
            String when = "step " + step++ + " " + op + " round " + round;
            int u = op.node() % run.n();
            if (op.kind() <= 4) {
                int d = round + 1 + op.d();
                q.set(u, d);
                ref.put(u, d);
            } else if (op.kind() <= 6) {
                q.remove(u);
                ref.remove(u);
            } else {
                round += op.d() % 4;
                List<Integer> expected = new ArrayList<>();
                for (var e : ref.entrySet()) if (e.getValue() <= round) expected.add(e.getKey());
                expected.forEach(ref::remove);
                List<Integer> actual = new ArrayList<>();
                q.takeDue(round, actual::add);
                assertEquals(expected, actual, when);
            }
            assertEquals(ref.size(), q.size(), when);
            assertEquals(ref.isEmpty(), q.isEmpty(), when);
            for (int v = 0; v < run.n(); v++) {
                assertEquals(ref.containsKey(v), q.contains(v), when + ", node " + v);
                if (ref.containsKey(v)) assertEquals((int) ref.get(v), q.deadline(v), when + ", node " + v);
            }
        }
    }
}
