package dev.lockstep.core.adversary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A plan keeps durations only once one is not 0; over rounds of plans (cleared and refilled,
 * growing past their first capacity) it must hold what lists of every entry hold.
 */
class ListedPlanProperties {

    /** Rounds of plans, each a list of durations (mostly 0, now and then 1–3). */
    @Provide
    Arbitrary<List<List<Integer>>> rounds() {
        Arbitrary<Integer> duration = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(30, Arbitraries.just(0)), net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(1, 3)));
        return duration.list().ofMaxSize(300).list().ofMaxSize(6);
    }

    @Property(tries = 300, seed = "13")
    void holdsEveryEntryAsListsDo(@ForAll("rounds") List<List<Integer>> rounds) {
        ListedPlan plan = new ListedPlan();
        int r = 0;
        for (List<Integer> durations : rounds) {
            plan.clear();
            List<int[]> ref = new ArrayList<>();
            for (int i = 0; i < durations.size(); i++) {
                int u = 7 * i + r;
                int code = 31 * i ^ r;
                plan.add(u, code, durations.get(i));
                ref.add(new int[] {u, code, durations.get(i)});
            }
            assertEquals(ref.size(), plan.size());
            assertEquals(durations.stream().anyMatch(d -> d != 0), plan.timed, "timed, round " + r);
            for (int i = 0; i < ref.size(); i++) {
                assertEquals(ref.get(i)[0], plan.nodes[i], "node " + i);
                assertEquals(ref.get(i)[1], plan.codes[i], "code " + i);
                assertEquals(ref.get(i)[2], plan.duration(i), "duration " + i + ", round " + r);
            }
            r++;
        }
    }
}
