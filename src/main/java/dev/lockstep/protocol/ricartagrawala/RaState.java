package dev.lockstep.protocol.ricartagrawala;

import dev.lockstep.core.NodeState;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.Variable;
import java.util.List;

/** The local state of process P_i of RicartAgrawalaME, with sets of ports as bitsets. */
public final class RaState implements NodeState {
    /**
     * The user's region. There is no exit value: the Exit action performs exit_i and rem_i in one
     * atomic step, so no other action can ever observe a process in E.
     */
    public enum Region {
        REM("rem"), TRY("try"), CRIT("crit");

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
    /** Clock part of the current request's logical time t = (tClock, tId); 0 means t = ⊥. */
    public int tClock;
    public int tId;
    /** Ports the current request must hear ok from: the neighbours when try was broadcast. */
    public long expected;
    /** Ports an ok has arrived on for the current request. */
    public long oks;
    /** Ports whose try this process answers only when it leaves C. */
    public long deferred;

    public RaState() {}

    private RaState(RaState o) {
        clock = o.clock;
        region = o.region;
        tClock = o.tClock;
        tId = o.tId;
        expected = o.expected;
        oks = o.oks;
        deferred = o.deferred;
    }

    /** Whether the logical time (c1, i1) is lexicographically smaller, i.e. has higher priority. */
    public static boolean precedes(int c1, int i1, int c2, int i2) {
        return c1 < c2 || (c1 == c2 && i1 < i2);
    }

    @Override
    public RaState copy() {
        return new RaState(this);
    }

    @Override
    public List<Variable> variables() {
        return List.of(
                new Variable("clock", Integer.toString(clock)),
                new Variable("region", region.toString()),
                new Variable("t", tClock == 0 ? "⊥" : "(" + tClock + "," + tId + ")"),
                new Variable("expected", PortSet.format(expected)),
                new Variable("oks", PortSet.format(oks)),
                new Variable("deferred", PortSet.format(deferred)));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RaState s && clock == s.clock && region == s.region && tClock == s.tClock
                && tId == s.tId && expected == s.expected && oks == s.oks && deferred == s.deferred;
    }

    @Override
    public int hashCode() {
        long h = clock * 31L + region.ordinal();
        h = h * 31 + tClock;
        h = h * 31 + tId;
        h = h * 1_000_003L + expected;
        h = h * 1_000_003L + oks;
        h = h * 1_000_003L + deferred;
        return Long.hashCode(h);
    }

    @Override
    public String toString() {
        return variables().toString();
    }
}
