package dev.lockstep.explore;

import dev.lockstep.core.Choice;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Violation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Finding and shrinking counterexamples when a state space is too deep to search breadth-first:
 * seeded random walks over the same moves as the {@link Explorer} (same bounds on calls and
 * topology changes, one move per round), and greedy shrinking of a path to one from which no
 * single step can be removed. What these return is a real finding (replayable, and checked
 * again by replay), but — unlike a breadth-first finding — not necessarily a shortest one.
 */
public final class Counterexamples {
    private Counterexamples() {}

    /**
     * What a batch of random walks found: how many walks ended in a finding of each check (a walk
     * stops at its first finding), and the first such walk's path per check.
     */
    public record Sample(int walks, long steps, Map<String, Integer> hits, Map<String, ExplorationPath> first) {
        public int totalHits() {
            int t = 0;
            for (int h : hits.values()) t += h;
            return t;
        }
    }

    /**
     * Runs {@code walks} random walks of at most {@code maxSteps} steps from the start, walk i
     * with the i-th stream split from {@code seed}. A walk picks uniformly among the explorer's
     * moves (same bounds as {@code settings}), leaving out executions that would change nothing,
     * and stops at its first finding or when no move is left.
     */
    public static Sample sample(Simulation start, ExplorerSettings settings, long seed, int walks, int maxSteps) {
        Simulation origin = start.copy();
        MoveGenerator moves = new MoveGenerator(start, settings);
        SplittableRandom seeds = new SplittableRandom(seed);
        Map<String, Integer> hits = new TreeMap<>();
        Map<String, ExplorationPath> first = new LinkedHashMap<>();
        long total = 0;
        for (int w = 0; w < walks; w++) {
            SplittableRandom rnd = seeds.split();
            Simulation sim = origin.copy();
            byte[] counters = moves.startCounters();
            List<PathStep> steps = new ArrayList<>();
            for (int i = 0; i < maxSteps; i++) {
                List<AdversaryMove> useful = new ArrayList<>();
                for (AdversaryMove m : moves.moves(sim, counters)) {
                    if (m instanceof AdversaryMove.ExecuteMove e && !sim.effective(e.choice())) continue;
                    useful.add(m);
                }
                if (useful.isEmpty()) break;
                AdversaryMove m = useful.get(rnd.nextInt(useful.size()));
                steps.add(new PathStep(sim.round(), m, m.describe(sim)));
                total++;
                counters = moves.after(counters, m, sim);
                List<Violation> found;
                String check = null;
                try {
                    m.apply(sim);
                    found = sim.endRound();
                } catch (RuntimeException e) {
                    found = List.of();
                    check = Finding.ERROR;
                }
                if (!found.isEmpty()) check = found.get(0).check();
                if (check != null) {
                    hits.merge(check, 1, Integer::sum);
                    first.putIfAbsent(check, new ExplorationPath(origin, steps));
                    break;
                }
            }
        }
        return new Sample(walks, total, Collections.unmodifiableMap(hits), Collections.unmodifiableMap(first));
    }

    /**
     * Random walks as in {@link #sample} until one ends in a violation of {@code check}; its
     * path, or null if none of the {@code walks} does.
     */
    public static ExplorationPath randomWalk(Simulation start, ExplorerSettings settings, String check, long seed,
                                           int walks, int maxSteps) {
        SplittableRandom seeds = new SplittableRandom(seed);
        for (int w = 0; w < walks; w++) {
            Sample one = sample(start, settings, seeds.nextLong(), 1, maxSteps);
            ExplorationPath p = one.first().get(check);
            if (p != null) return p;
        }
        return null;
    }

    /**
     * Shrinks a path whose last step produces a violation of {@code check}: repeatedly drops a
     * step (latest first) or cuts the path short where the violation already fires, as long as
     * every remaining move is still available (re-resolved by node, action, port, message and
     * draws) and the violation still fires at the end. The result is 1-minimal: removing any
     * single step breaks it.
     */
    public static ExplorationPath shrink(ExplorationPath path, ExplorerSettings settings, String check) {
        Simulation start = path.start().copy();
        MoveGenerator generator = new MoveGenerator(start, settings);
        ExplorationPath best = replay(generator, start, path.moves(), check);
        if (best == null) throw new IllegalArgumentException("the path does not end in a " + check + " violation");
        boolean progress = true;
        while (progress) {
            progress = false;
            for (int i = best.size() - 1; i >= 0; i--) {
                List<AdversaryMove> fewer = new ArrayList<>(best.moves());
                fewer.remove(i);
                ExplorationPath p = replay(generator, start, fewer, check);
                if (p != null) {
                    best = p;
                    progress = true;
                    i = Math.min(i, best.size());
                }
            }
        }
        return best;
    }

    /**
     * Replays moves from {@code start} (not modified), re-resolving each against the moves
     * available at that point; returns the path up to the first step where {@code check} fires,
     * or null if a move is not available or the check never fires.
     */
    static ExplorationPath replay(MoveGenerator generator, Simulation start, List<AdversaryMove> moves, String check) {
        Simulation sim = start.copy();
        byte[] counters = generator.startCounters();
        List<PathStep> steps = new ArrayList<>();
        for (AdversaryMove want : moves) {
            AdversaryMove m = resolve(generator.moves(sim, counters), want);
            if (m == null) return null;
            steps.add(new PathStep(sim.round(), m, m.describe(sim)));
            counters = generator.after(counters, m, sim);
            try {
                m.apply(sim);
                if (fires(sim.endRound(), check)) return new ExplorationPath(start, steps);
            } catch (RuntimeException e) {
                return null;
            }
        }
        return null;
    }

    /** The available move equivalent to {@code want}: same kind and nodes; for executions the same action, message and draws. */
    static AdversaryMove resolve(List<AdversaryMove> available, AdversaryMove want) {
        for (AdversaryMove m : available) {
            if (m.equals(want)) return m;
            if (m instanceof AdversaryMove.ExecuteMove a && want instanceof AdversaryMove.ExecuteMove b) {
                Choice x = a.choice();
                Choice y = b.choice();
                if (x.node() != y.node() || x.action() != y.action() || !Arrays.equals(x.draws(), y.draws())) continue;
                if (x.message() == null ? y.message() != null
                        : y.message() == null || x.message().toPort() != y.message().toPort()
                        || !x.message().message().equals(y.message().message())) {
                    continue;
                }
                return m;
            }
        }
        return null;
    }

    private static boolean fires(List<Violation> found, String check) {
        for (Violation v : found) if (v.check().equals(check)) return true;
        return false;
    }
}
