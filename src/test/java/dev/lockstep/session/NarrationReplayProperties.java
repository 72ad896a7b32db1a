package dev.lockstep.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lockstep.core.Call;
import dev.lockstep.core.Choice;
import dev.lockstep.core.SeededRandom;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Manual;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Whatever the person does (travel, inputs in the past, branch switches, policy changes, manual
 * choices), the history the session records, narration included (computed from each node's state
 * before its execution), is the one a fresh load of the saved session records to the same position.
 */
class NarrationReplayProperties {

    @Property(tries = 100)
    void theLiveHistoryIsTheReloadedOne(@ForAll("samples") String file, @ForAll long seed) throws Exception {
        assertEquals(null, problem(file, seed, 120));
    }

    /** Null when the histories agree, else the operations done and the first event that differs. */
    static String problem(String file, long seed, int ops) throws Exception {
        Session s = Session.start(TimeTravelProperties.sample(file), seed);
        SeededRandom r = new SeededRandom(seed);
        Simulation sim = s.simulation();
        int n = sim.nodeCount();
        List<String> done = new ArrayList<>();
        for (int k = 0; k < ops; k++) {
            int op = r.nextInt(14);
            done.add(op + "@" + s.position() + "/" + s.simulation().executionsBegun());
            switch (op) {
                case 0, 1 -> s.stepAction(5);
                case 2 -> s.stepRound();
                case 3 -> s.stepBackAction();
                case 4 -> s.stepBackRound();
                case 5 -> s.jumpToStep(r.nextInt((int) s.furthestStep() + 1));
                case 6 -> s.jumpTo(s.furthest());
                case 7 -> s.move(r.nextInt(n), sim.graph().x(r.nextInt(n)), sim.graph().y(r.nextInt(n)));
                case 8 -> s.call(r.nextInt(n), r.nextInt(2) == 0 ? Call.LOCK : Call.UNLOCK);
                case 9 -> {
                    int u = r.nextInt(n);
                    long ports = sim.ports(u) & ~1L;
                    if (ports != 0) s.cut(u, sim.peer(u, Long.numberOfTrailingZeros(ports)));
                    else s.link(u, r.nextInt(n));
                }
                case 10 -> {
                    List<Session.Branch> bs = s.branches();
                    s.switchTo(bs.get(r.nextInt(bs.size())).id());
                }
                case 11 -> s.policy(switch (r.nextInt(3)) {
                    case 0 -> new Sequential();
                    case 1 -> new SemiSynchronous(0.6);
                    default -> new Manual();
                });
                default -> {
                    s.beginRound(); // may apply a recorded policy change (in the past)
                    List<Choice> options = sim.choices();
                    if (!s.manual()) s.stepAction(5);
                    else if (options.isEmpty()) s.stepRound();
                    else s.execute(options.get(r.nextInt(options.size())));
                }
            }
        }
        Session again = Session.parse(s.toJson(), "again");
        again.jumpTo(s.position());
        List<String> mine = NarrationReplayTest.describe(s.history().events());
        List<String> theirs = NarrationReplayTest.describe(again.history().events());
        if (theirs.size() > mine.size()) return "after " + done + "\nthe reloaded session has more events: " + theirs.get(mine.size());
        for (int i = 0; i < theirs.size(); i++) {
            if (!theirs.get(i).equals(mine.get(i))) {
                return "after " + done + "\nevent " + i + ":\n  live:     " + mine.get(i) + "\n  reloaded: " + theirs.get(i);
            }
        }
        return null;
    }

    @Provide
    Arbitrary<String> samples() {
        return Arbitraries.of("ring-8.json", "unit-disk-swarm-30.json", "grid-5x5-churn.json",
                "ricart-agrawala-complete-5.json");
    }
}
