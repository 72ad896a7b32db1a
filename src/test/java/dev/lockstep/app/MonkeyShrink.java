package dev.lockstep.app;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Shortens a failing action list: first to the failing action, then by removing chunks (halves,
 * quarters, … single actions) while the rest still fails the same way. Each try re-runs the
 * window from a fresh start, so the search is bounded by time and keeps the shortest found.
 */
final class MonkeyShrink {
    private MonkeyShrink() {}

    static List<MonkeyAction> shrink(List<MonkeyAction> failing, Monkey.Failure failure,
                                     Function<List<MonkeyAction>, Monkey.Failure> rerun, long deadline) {
        List<MonkeyAction> best = new ArrayList<>(failing.subList(0, Math.min(failing.size(), failure.actions())));
        Monkey.Failure again = rerun.apply(best);
        if (again == null || !again.kind().equals(failure.kind())) {
            System.out.println("monkey: the failure did not recur on a fresh start with the same " + best.size() + " actions: "
                    + (again == null ? "all checks held" : again.what()));
            return best;
        }
        for (int chunk = Math.max(1, best.size() / 2); chunk >= 1 && System.nanoTime() < deadline; chunk /= 2) {
            for (int from = best.size() - chunk; from >= 0 && System.nanoTime() < deadline; from -= chunk) {
                List<MonkeyAction> candidate = new ArrayList<>(best.subList(0, from));
                candidate.addAll(best.subList(Math.min(best.size(), from + chunk), best.size()));
                if (candidate.isEmpty()) continue;
                if (fails(candidate, failure, rerun)) {
                    best = candidate;
                    System.out.println("monkey: still fails with " + best.size() + " actions: " + MonkeyAction.asJava(best));
                }
            }
            if (chunk == 1) break;
        }
        return best;
    }

    private static boolean fails(List<MonkeyAction> actions, Monkey.Failure like, Function<List<MonkeyAction>, Monkey.Failure> rerun) {
        Monkey.Failure f = rerun.apply(actions);
        return f != null && f.kind().equals(like.kind());
    }
}
