package dev.lockstep.protocol.lamport;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.Variable;
import java.util.Arrays;
import java.util.List;

/**
 * The local state of process P_i of LogicalTimeME.
 *
 * <p>Slide "LogicalTimeME (2)": "history(j)_i records all the messages P_i has ever received
 * from P_j". The crit_i precondition reads only two things of history(j): the latest message
 * (is it later than t_i?) and the latest try without a later exit (a request not yet granted).
 * Channels are FIFO, so these two per port are exactly what the full history would answer;
 * they are kept instead of the unbounded list (choice, README "Interpretation choices").
 */
public final class LtState implements NodeState {
    /** The user's region (slides "The Problem (2)"): R, T, C and E. */
    public enum Region {
        REM("rem"), TRY("try"), CRIT("crit"), EXIT("exit");

        private final String text;

        Region(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /** Lamport clock (slide "LogicalTimeME (1)"). */
    public int clock;
    public Region region = Region.REM;
    /** The current request's logical time t_i = (tClock, tId); tClock = 0 means t = ⊥. */
    public int tClock;
    public int tId;
    /** Ports of "every other process" when try_i was broadcast. */
    public long expected;
    /** Latest message received on each port: its logical time (lastClock[ℓ], lastId[ℓ]); 0 = none. */
    public final int[] lastClock;
    public final int[] lastId;
    /** Latest try received on each port with no exit after it (not yet granted); 0 = none. */
    public final int[] reqClock;
    public final int[] reqId;

    public LtState(int delta) {
        lastClock = new int[delta + 1];
        lastId = new int[delta + 1];
        reqClock = new int[delta + 1];
        reqId = new int[delta + 1];
    }

    private LtState(LtState o) {
        clock = o.clock;
        region = o.region;
        tClock = o.tClock;
        tId = o.tId;
        expected = o.expected;
        lastClock = o.lastClock.clone();
        lastId = o.lastId.clone();
        reqClock = o.reqClock.clone();
        reqId = o.reqId.clone();
    }

    /** Whether the logical time (c1, i1) is lexicographically smaller (slide "LogicalTimeME (1)"). */
    public static boolean precedes(int c1, int i1, int c2, int i2) {
        return c1 < c2 || (c1 == c2 && i1 < i2);
    }

    /** Whether P_i's own latest try has reached history(i)_i (port 0 is the node itself). */
    public boolean ownTryArrived() {
        return tClock != 0 && reqClock[0] == tClock && reqId[0] == tId;
    }

    /** Whether P_i's own latest exit has reached history(i)_i: its own request is granted. */
    public boolean ownExitArrived() {
        return region == Region.EXIT && reqClock[0] == 0 && lastClock[0] > tClock;
    }

    /** Ports with a try earlier than t_i that no exit has granted yet (crit_i waits for them). */
    public long earlierPending() {
        long out = 0;
        for (int p = 1; p < reqClock.length; p++) {
            if (reqClock[p] != 0 && precedes(reqClock[p], reqId[p], tClock, tId)) out |= 1L << p;
        }
        return out;
    }

    /** Ports of {@link #expected} whose latest message is later than t_i. */
    public long laterHeard() {
        long out = 0;
        for (long p = expected; p != 0; p &= p - 1) {
            int l = Long.numberOfTrailingZeros(p);
            if (lastClock[l] != 0 && precedes(tClock, tId, lastClock[l], lastId[l])) out |= 1L << l;
        }
        return out;
    }

    @Override
    public LtState copy() {
        return new LtState(this);
    }

    @Override
    public List<Variable> variables() {
        return List.of(
                new Variable("clock", Integer.toString(clock)),
                new Variable("region", region.toString()),
                new Variable("t", tClock == 0 ? "⊥" : time(tClock, tId)),
                new Variable("expected", PortSet.format(expected)),
                new Variable("latest", perPort(lastClock, lastId)),
                new Variable("requests", perPort(reqClock, reqId)));
    }

    /** "1:(3,1) 2:(4,2)", or "∅": one logical time per port that has one. */
    private static String perPort(int[] c, int[] id) {
        StringBuilder b = new StringBuilder();
        for (int p = 0; p < c.length; p++) {
            if (c[p] == 0) continue;
            if (b.length() > 0) b.append(' ');
            b.append(p).append(':').append(time(c[p], id[p]));
        }
        return b.length() == 0 ? "∅" : b.toString();
    }

    static String time(int c, int id) {
        return "(" + c + "," + id + ")";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LtState s && clock == s.clock && region == s.region && tClock == s.tClock
                && tId == s.tId && expected == s.expected && Arrays.equals(lastClock, s.lastClock)
                && Arrays.equals(lastId, s.lastId) && Arrays.equals(reqClock, s.reqClock)
                && Arrays.equals(reqId, s.reqId);
    }

    @Override
    public int hashCode() {
        long h = clock * 31L + region.ordinal();
        h = h * 31 + tClock;
        h = h * 31 + tId;
        h = h * 1_000_003L + expected;
        h = h * 31 + Arrays.hashCode(lastClock);
        h = h * 31 + Arrays.hashCode(lastId);
        h = h * 31 + Arrays.hashCode(reqClock);
        h = h * 31 + Arrays.hashCode(reqId);
        return Long.hashCode(h);
    }

    @Override
    public String toString() {
        return variables().toString();
    }
}
