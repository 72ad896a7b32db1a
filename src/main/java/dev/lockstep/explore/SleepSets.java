package dev.lockstep.explore;

import dev.lockstep.core.Message;
import dev.lockstep.core.Simulation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Partial-order reduction by sleep sets (Godefroid) for the breadth-first explorer
 * ({@link Reductions#partialOrder}): every reachable state is still discovered, at the same depth,
 * but fewer transitions are taken.
 *
 * <h2>Independence</h2>
 * Two moves are independent in a state when both are executions or application calls (never a
 * cut or a link: a topology change alters the ports, detectors and channels of both ends) at two
 * nodes u ≠ v that are not adjacent. Then from that state, u's move then v's reaches the same
 * configuration and counters as v's then u's, and neither enables nor disables the other. Why it is
 * exact for this simulator: an execution at u reads only u's state, inbox, ports and pending
 * disconnections (its draws are fixed by the move, so no random stream is read), and writes only
 * u's state, status and call queue, u's inbox (the message it receives) and the inboxes of u's
 * neighbours (what it sends); a call at u only appends to u's call queue and bumps u's counter.
 * v is not u's neighbour, so neither touches what the other reads; a common neighbour w receives
 * from both, on two different ports, and inboxes are compared as a multiset per port (unordered
 * channels) or a sequence per port (FIFO), so the order of the two sends does not show. The
 * round's end in between ({@code endRound}) delivers what was sent (both orders deliver it before
 * the other move can read anything), settles no detector (no topology changed), and runs the
 * checks, which read configurations, not the order of moves. Moves are compared by what they do,
 * not by message ids (which differ between two paths to one state): node, action, port, message
 * value and draws, or node and call.
 *
 * <h2>Sleep sets</h2>
 * A state is expanded with a sleep set Z; its moves in Z are not taken. The child reached by its
 * j-th taken move m gets {b ∈ Z ∪ {moves taken before m} : b independent of m}: any path that
 * starts with such a b after m is a reordering of a path from the parent that takes b first,
 * which the parent explored (or slept on because its own parent did). A topology change empties
 * the child's sleep set.
 *
 * <h2>State caching with breadth-first search</h2>
 * The textbook caveat: a state reached again with a sleep set Z' that is not a superset of the one
 * it was expanded with may miss the moves in the difference. Here: a state of depth k + 1 is
 * discovered, and may be reached again, only while depth k is expanded, all before it is itself
 * expanded; its sleep set is kept with it and intersected with Z' on each such arrival, so it is
 * expanded with the intersection of the sleep sets of all its arrivals from depth k. Arrivals at
 * states of depth ≤ k (longer paths to them) are ignored. That is sound for what the search needs,
 * every state at its shortest depth: by induction on the length of w, if a state s of depth k is
 * expanded with Z, every path w from s such that s·w has depth k + |w| and no reordering of w
 * starts with a move of Z reaches a state discovered at depth k + |w|. (Take the first taken move
 * m at s that some reordering of w starts with, w ≡ m·w'; s·m has depth k + 1, so s·m is one of
 * the states whose sleep sets were intersected, with a result inside m's child set; a reordering
 * of w' starting with b in that set would give one of w starting with b, which is in Z or taken
 * before m: excluded.) Longer paths into an expanded state reach nothing new at a shorter depth.
 *
 * <p>With symmetry on, a state's key may be reached from a twin π(t) of the state t kept: its
 * sleep set names moves of the twin, so it is intersected only when the same automorphism took
 * both to the key (then they are the same state), and emptied otherwise (always sound).
 *
 * <h2>What changes</h2>
 * The states, the level sizes and, for checks that are functions of the configuration reached
 * (all of them, with the time-based lockout bound beyond any path as merging already demands),
 * the first finding of each check and its length: the first violating state is discovered at the
 * same depth. Transitions are fewer, so finding counts (steps producing a finding) may be lower,
 * and a level cut by the bound on states may stop at a different state.
 */
final class SleepSets {
    /** Independence rules: {@link #EXACT} is the one used; the others are for tests to try. */
    enum Rule {
        /** As documented. */
        EXACT,
        /** Adjacent nodes' moves treated as independent too (not shown sound: see the tests). */
        ADJACENT_TOO,
        /** Unsound: any two moves that are not topology changes, even at one node. */
        SAME_NODE_TOO,
        /** Unsound: a state keeps the sleep set of its first arrival (no intersection on revisits). */
        NO_REVISIT
    }

    private static final MoveId[] NONE = new MoveId[0];

    private final Rule rule;
    private List<MoveId[]> current = new ArrayList<>(List.<MoveId[]>of(NONE));
    private List<MoveId[]> next = new ArrayList<>();
    private List<int[]> nextPi = new ArrayList<>();
    private Map<Object, Integer> nextIndex = new HashMap<>();

    SleepSets(Rule rule) {
        this.rule = rule;
    }

    /** The sleep set of the {@code i}-th state of the level being expanded. */
    MoveId[] sleep(int i) {
        MoveId[] z = current.get(i);
        current.set(i, null);
        return z;
    }

    /** What a move does, to compare it across states; null for a topology change. */
    static MoveId id(AdversaryMove m) {
        if (m instanceof AdversaryMove.ExecuteMove x) {
            var c = x.choice();
            return c.message() == null
                    ? new MoveId(c.node(), c.action(), -1, null, c.draws())
                    : new MoveId(c.node(), c.action(), c.message().toPort(), c.message().message(), c.draws());
        }
        if (m instanceof AdversaryMove.CallMove c) return new MoveId(c.node(), -1 - c.call().ordinal(), -1, null, null);
        return null;
    }

    static boolean asleep(MoveId[] z, MoveId m) {
        if (m == null) return false;
        for (MoveId b : z) if (b.equals(m)) return true;
        return false;
    }

    /**
     * The sleep set of the child reached by {@code m} from a state of {@code sim} expanded with
     * {@code z}, when {@code taken} holds the moves taken from it up to {@code m} (its last).
     */
    MoveId[] child(MoveId[] z, List<MoveId> taken, MoveId m, Simulation sim) {
        if (m == null) return NONE;
        List<MoveId> out = null;
        for (MoveId b : z) {
            if (!independent(b, m, sim)) continue;
            if (out == null) out = new ArrayList<>();
            out.add(b);
        }
        for (int i = 0; i < taken.size() - 1; i++) {
            MoveId b = taken.get(i);
            if (b == null || !independent(b, m, sim) || out != null && out.contains(b)) continue;
            if (out == null) out = new ArrayList<>();
            out.add(b);
        }
        return out == null ? NONE : out.toArray(NONE);
    }

    private boolean independent(MoveId a, MoveId b, Simulation sim) {
        if (rule == Rule.SAME_NODE_TOO) return true;
        if (a.node() == b.node()) return false;
        return rule == Rule.ADJACENT_TOO || !sim.graph().adjacent(a.node(), b.node());
    }

    /** A new state of the next level, reached with sleep set {@code z} (key's automorphism {@code pi}, or null). */
    void discovered(Object key, MoveId[] z, int[] pi) {
        if (z.length > 0) nextIndex.put(key, next.size()); // an empty sleep set cannot shrink
        next.add(z);
        nextPi.add(z.length > 0 ? pi : null); // only compared while the set is not empty: no array kept per state
    }

    /** The index in the next level of a state seen before, or −1 if it is not of the next level (or has nothing asleep). */
    int nextLevelIndex(Object key) {
        if (rule == Rule.NO_REVISIT) return -1;
        Integer i = nextIndex.get(key);
        return i == null || next.get(i).length == 0 ? -1 : i;
    }

    /** Another arrival, with sleep set {@code z}, at the {@code i}-th state of the next level: intersects. */
    void revisited(int i, MoveId[] z, int[] pi) {
        MoveId[] stored = next.get(i);
        if (stored.length == 0) return;
        if (!Arrays.equals(pi, nextPi.get(i))) {
            next.set(i, NONE);
            return;
        }
        List<MoveId> keep = new ArrayList<>();
        for (MoveId b : stored) if (asleep(z, b)) keep.add(b);
        next.set(i, keep.isEmpty() ? NONE : keep.toArray(NONE));
    }

    /** The next level becomes the one expanded. */
    void endLevel() {
        current = next;
        next = new ArrayList<>();
        nextPi = new ArrayList<>();
        nextIndex = new HashMap<>();
    }

    /** What a move does: node, action (or −1 − call), port and message received, draws. */
    record MoveId(int node, int action, int port, Message message, int[] draws) {
        @Override
        public boolean equals(Object o) {
            return o instanceof MoveId m && m.node == node && m.action == action && m.port == port
                    && java.util.Objects.equals(m.message, message) && Arrays.equals(m.draws, draws);
        }

        @Override
        public int hashCode() {
            return ((node * 31 + action) * 31 + port) * 31 + Arrays.hashCode(draws);
        }
    }
}
