package dev.lockstep.application.amoebot;

import dev.lockstep.application.LockMode;
import dev.lockstep.core.Call;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Workload;
import java.util.Arrays;

/**
 * The amoebots' rule (LME paper, Sec. 6, second paragraph) as a workload: each move done only
 * while holding the locks of the particle's neighbourhood. Each round, before the executions:
 * first every move under way whose {@code hold} rounds are over is written, in node order — the
 * particle's node moves to the midpoint of its cells and its edges become the {@link Reach}
 * relation again (cuts, then links, each in increasing order; all traced inputs, so a replay
 * and the debugger's time travel reproduce them) — and with locks the particle calls Unlock;
 * then the particles that may begin a move do.
 *
 * <p>With locks ({@link LockMode#NEIGHBOURHOOD}): an idle particle calls Lock with probability
 * {@code move}; once it holds its locks it begins a move: contracted, it picks one of the six
 * directions uniformly (the simulation's stream) and, if the cell there is empty in what it
 * reads now, begins to expand into it (else it makes no move and calls Unlock); expanded, it
 * begins to contract into its head or its tail (uniformly). Without locks ({@link LockMode#NONE}):
 * a particle with no move under way begins one with probability {@code move}, with no Lock.
 *
 * <p><b>Why two moves can never claim the same cell with locks.</b> Claims conflict only between
 * particles with cells next to one cell, i.e. within lattice distance 2: {@link Reach} neighbours.
 * A particle's cells change only when its own move is written, which it does while holding its
 * locks, and a move is written before the Unlock that ends it; so from its Lock call until its
 * write a particle stays put. Take two moves whose read–write spans overlap, by u and w, w having
 * called Lock no earlier than u. From w's Lock call until the later of the two reads neither has
 * moved, so if they conflict they were neighbours throughout, and the edge u–w, which changes
 * only when u or w moves, persisted since w's request. When w's request succeeded, its lock set
 * therefore held u (LME's persistent lock set, Sec. 2.2) and still does at that read, while u
 * holds u in its own lock set: two lock sets sharing u, which LME's mutual exclusion forbids. (A
 * move written before the other's read in the same round is not an overlap: the read sees it.)
 */
public record MoveWorkload(LockMode locks, double move, int hold) implements Workload {
    public MoveWorkload {
        if (locks == LockMode.PAIR) throw new IllegalArgumentException("amoebot moves lock the whole neighbourhood, or nothing");
        if (!(move >= 0 && move <= 1)) throw new IllegalArgumentException("move is a probability: " + move);
        if (hold < 0) throw new IllegalArgumentException("hold must be ≥ 0: " + hold);
    }

    @Override
    public void calls(Simulation sim) {
        Particles p = (Particles) sim.application();
        int n = sim.nodeCount();
        for (int u = 0; u < n; u++) {
            if (p.moving(u) && sim.round() - p.since(u) >= hold) write(sim, p, u);
        }
        for (int u = 0; u < n; u++) {
            if (sim.crashed(u) || p.moving(u) || sim.hasPendingCalls(u)) continue;
            if (locks == LockMode.NONE) {
                if (sim.random().chance(move)) begin(sim, p, u);
                continue;
            }
            OperationStatus s = sim.status(u);
            if (s == OperationStatus.LOCKED) {
                // u holds its locks with no move under way: it has just acquired them (a move ends with Unlock)
                begin(sim, p, u);
            } else if (s == OperationStatus.IDLE && sim.random().chance(move)) {
                sim.call(u, Call.LOCK);
            }
        }
    }

    private void begin(Simulation sim, Particles p, int u) {
        String kind = p.expanded(u)
                ? (sim.random().nextInt(2) == 0 ? Particles.CONTRACT_HEAD : Particles.CONTRACT_TAIL)
                : Particles.expand(sim.random().nextInt(Cell.DIRECTION_COUNT));
        sim.applicationStep(u, kind, -1);
        if (!p.moving(u)) { // the cell it read was taken: no move
            unlock(sim, u);
        } else if (hold == 0) {
            write(sim, p, u);
        }
    }

    /** Writes u's move, moves its node and its edges with it, and (with locks) calls Unlock. */
    private void write(Simulation sim, Particles p, int u) {
        sim.applicationStep(u, Particles.END, -1);
        follow(sim, p, u);
        unlock(sim, u);
    }

    private void unlock(Simulation sim, int u) {
        if (locks != LockMode.NONE && sim.status(u) == OperationStatus.LOCKED) sim.call(u, Call.UNLOCK);
    }

    /**
     * Node u to the midpoint of its cells, then its edges to the {@link Reach} relation: cuts of
     * the neighbours out of reach, then links to the new ones, each in increasing order.
     */
    static void follow(Simulation sim, Particles p, int u) {
        sim.move(u, p.x(u), p.y(u));
        int[] want = ParticleGraphCheck.expected(p, u);
        int[] have = ParticleGraphCheck.actual(sim, u);
        for (int v : have) if (Arrays.binarySearch(want, v) < 0) sim.cut(u, v);
        for (int v : want) if (Arrays.binarySearch(have, v) < 0 && !sim.crashed(v)) sim.link(u, v);
    }
}
