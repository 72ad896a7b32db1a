package dev.lockstep.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lockstep.core.Check;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;

/**
 * A run's lockout timers ({@link LockoutTimers}), told the changed nodes each round, report what
 * the declared check's full pass reports, in the same order, every round: over random nodes whose
 * requests start, are served, start again at once (still waiting, a later deadline), are issued
 * again earlier than the one filed (a node's request round never goes back in a run, but the
 * timers must not rely on it), whose nodes crash, and nodes told changed with nothing changed;
 * bounds 0..6, and one so large that no deadline fits an int.
 */
class LockoutTimersProperties {
    private static final OperationStatus[] STATUSES = OperationStatus.values();

    @Property(tries = 300)
    void theTimersReportWhatTheFullPassReports(@ForAll long seed) {
        Random r = new Random(seed);
        int n = r.nextInt(4) == 0 ? 65 + r.nextInt(200) : 1 + r.nextInt(64);
        int bound = r.nextInt(8) == 0 ? Integer.MAX_VALUE - 3 : r.nextInt(7);
        FakeView v = new FakeView(n, 2);
        Check running = new LockoutCheck(bound).forRun();
        LockoutCheck declared = new LockoutCheck(bound);
        int again = 0;
        int reported = 0;
        for (int round = 0; round < 40; round++) {
            v.round = round;
            List<Integer> changed = new ArrayList<>();
            int changes = List.of(1, 3, Math.max(1, n / 3), n).get(r.nextInt(4));
            for (int u = 0; u < n; u++) {
                if (round > 0 && r.nextInt(n) >= changes) continue;
                changed.add(u);
                switch (r.nextInt(6)) {
                    case 0, 1 -> v.status(u, OperationStatus.LOCKING, round); // a new request now
                    case 2 -> {
                        if (v.status[u] == OperationStatus.LOCKING && v.requestRound[u] < round) again++;
                        v.requestRound[u] = r.nextInt(round + 1); // issued again, at any round so far
                    }
                    case 3 -> v.status[u] = STATUSES[r.nextInt(STATUSES.length)];
                    case 4 -> v.crashed[u] = r.nextInt(4) == 0;
                    default -> { } // told changed, nothing changed
                }
            }
            List<Violation> timers = new ArrayList<>();
            running.endOfRound(v, changed.stream().mapToInt(Integer::intValue).toArray(), timers);
            List<Violation> full = new ArrayList<>();
            declared.endOfRound(v, full);
            assertEquals(full, timers, "round " + round);
            reported += full.size();
        }
        Statistics.label("requests issued again while waiting").collect(again > 0);
        Statistics.label("reports").collect(reported > 0);
        Statistics.label("requests issued again while waiting").coverage(c -> c.check(true).percentage(p -> p > 50));
        Statistics.label("reports").coverage(c -> c.check(true).percentage(p -> p > 50));
    }
}
