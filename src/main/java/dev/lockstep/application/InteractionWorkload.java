package dev.lockstep.application;

import dev.lockstep.core.Call;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Workload;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The application layer's rule (Sec. 6, first paragraph) as a workload: when a node calls Lock,
 * what it does once it holds its lock set, and when it calls Unlock. Each round, before the
 * executions: first every open interaction ends (its {@code hold} rounds are over) or is
 * abandoned (its partner is no longer reachable), in node order, and with locks u then calls
 * Unlock; then the nodes that may begin one do.
 *
 * <p>With locks ({@link LockMode#NEIGHBOURHOOD}): an idle node calls Lock with probability
 * {@code interact}; a node that holds its locks picks a partner uniformly (with the simulation's
 * stream) among the other members of its lock set ({@code Protocol.lockSet}) and begins; with
 * none, it takes no interaction and calls Unlock. With pair locks ({@link LockMode#PAIR}, Sec. 6:
 * "have u make its choice of interacting neighbor v first and then try to lock only u and v"):
 * an idle node with a neighbour, with probability {@code interact}, chooses v uniformly among its
 * current neighbours (a {@link Interactive#CHOOSE} step, so traces record it) and calls Lock,
 * which the lock protocol scopes to u and v; once u holds its locks it begins with v if v is in
 * its lock set, else (v moved away: u locked only itself) it takes no interaction and calls
 * Unlock. Without locks ({@link LockMode#NONE}): a node
 * not already initiating begins, with probability {@code interact}, with a uniformly chosen
 * current neighbour — even one that is in the middle of another interaction.
 */
public record InteractionWorkload(LockMode locks, double interact, int hold) implements Workload {
    public InteractionWorkload {
        if (!(interact >= 0 && interact <= 1)) throw new IllegalArgumentException("interact is a probability: " + interact);
        if (hold < 0) throw new IllegalArgumentException("hold must be ≥ 0: " + hold);
    }

    @Override
    public void calls(Simulation sim) {
        Interactive app = (Interactive) sim.application();
        if (locks == LockMode.PAIR && !sim.protocol().lockScopes()) {
            throw new IllegalStateException("\"pair\" locks need a Lock on a subset of ports, which " + sim.protocol().name()
                    + " does not offer");
        }
        int n = sim.nodeCount();
        for (int u = 0; u < n; u++) {
            int v = app.partnerOf(u);
            if (v >= 0) finishIfDue(sim, app, u, v);
        }
        for (int u = 0; u < n; u++) {
            if (sim.crashed(u) || app.partnerOf(u) >= 0 || sim.hasPendingCalls(u)) continue;
            if (locks == LockMode.NONE) {
                if (sim.random().chance(interact)) {
                    int[] near = neighbours(sim, u);
                    if (near.length > 0) begin(sim, app, u, near[sim.random().nextInt(near.length)]);
                }
                continue;
            }
            OperationStatus s = sim.status(u);
            if (s == OperationStatus.LOCKED) {
                // u holds its locks and has no open interaction: it has just acquired them
                // (an interaction ends with Unlock, so it never holds them twice)
                int[] locked = locks == LockMode.PAIR ? partnerLocked(sim, app, u) : lockedNeighbours(sim, u);
                if (locked.length == 0) {
                    sim.applicationStep(u, Interactive.ALONE, -1);
                    sim.call(u, Call.UNLOCK);
                } else {
                    begin(sim, app, u, locked[sim.random().nextInt(locked.length)]);
                }
            } else if (s == OperationStatus.IDLE && sim.random().chance(interact)) {
                if (locks == LockMode.PAIR) {
                    int[] near = neighbours(sim, u);
                    if (near.length == 0) continue; // nobody to choose: no Lock
                    sim.applicationStep(u, Interactive.CHOOSE, near[sim.random().nextInt(near.length)]);
                }
                sim.call(u, Call.LOCK);
            }
        }
    }

    private void begin(Simulation sim, Interactive app, int u, int v) {
        sim.applicationStep(u, Interactive.BEGIN, v);
        if (hold == 0) finishIfDue(sim, app, u, v);
    }

    /** Ends u's interaction with v if its time is up, abandons it if v is out of reach; then Unlock (with locks). */
    private void finishIfDue(Simulation sim, Interactive app, int u, int v) {
        if (!reachable(sim, u, v)) {
            sim.applicationStep(u, Interactive.ABANDON, v);
        } else if (sim.round() - app.since(u) >= hold) {
            sim.applicationStep(u, Interactive.END, v);
        } else {
            return;
        }
        if (locks != LockMode.NONE && sim.status(u) == OperationStatus.LOCKED) sim.call(u, Call.UNLOCK);
    }

    /**
     * Whether u can still interact with v: they are still adjacent and, with locks, v is still in
     * u's lock set (a cut edge takes v out of it at once, and v may be locked by someone else from
     * then on).
     */
    private boolean reachable(Simulation sim, int u, int v) {
        if (sim.crashed(u) || sim.crashed(v)) return false;
        if (!sim.graph().adjacent(u, v)) return false;
        return locks == LockMode.NONE || inLockSet(sim, u, v);
    }

    /** Whether v is a member of u's lock set ({@code Protocol.lockSet}). */
    private static boolean inLockSet(Simulation sim, int u, int v) {
        boolean[] found = {false};
        sim.protocol().lockSet(u, sim, m -> found[0] |= m == v);
        return found[0];
    }

    /** u's current neighbours that have not crashed, in increasing order. */
    private static int[] neighbours(Simulation sim, int u) {
        int[] out = new int[Long.bitCount(sim.ports(u))];
        int k = 0;
        for (long s = sim.ports(u) & ~1L; s != 0; s &= s - 1) {
            int v = sim.peer(u, Long.numberOfTrailingZeros(s));
            if (v >= 0 && !sim.crashed(v)) out[k++] = v;
        }
        int[] near = Arrays.copyOf(out, k);
        Arrays.sort(near);
        return near;
    }

    /** u's chosen partner if its scoped Lock got it (it is in u's lock set), else none. */
    private static int[] partnerLocked(Simulation sim, Interactive app, int u) {
        int v = app.lockPartner(u);
        return v >= 0 && !sim.crashed(v) && inLockSet(sim, u, v) ? new int[] {v} : new int[0];
    }

    /**
     * The members of u's lock set that are its neighbours, in increasing order: Sec. 6's "locked
     * neighbors" (LME's lock set holds only neighbours; a global protocol's holds every node).
     */
    private static int[] lockedNeighbours(Simulation sim, int u) {
        IntStream.Builder members = IntStream.builder();
        sim.protocol().lockSet(u, sim, m -> {
            if (m != u && !sim.crashed(m) && sim.graph().adjacent(u, m)) members.add(m);
        });
        return members.build().sorted().toArray();
    }
}
