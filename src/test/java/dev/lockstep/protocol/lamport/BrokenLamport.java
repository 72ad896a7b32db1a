package dev.lockstep.protocol.lamport;

import dev.lockstep.core.Action;
import dev.lockstep.core.Check;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Execution;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Requirements;
import dev.lockstep.core.SystemView;
import dev.lockstep.protocol.lamport.LtMessages.Try;
import dev.lockstep.protocol.lamport.LtState.Region;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Deliberately broken LogicalTimeMEs, for the checks to catch: {@link #IGNORES_EARLIER} enters C
 * without condition (b) ("every earlier request granted"), {@link #NEVER_ACKS} records tries but
 * never acknowledges them, so condition (c) can fail for good.
 */
enum BrokenLamport {
    IGNORES_EARLIER, NEVER_ACKS;

    Protocol<LtState> protocol() {
        LogicalTimeMe lt = new LogicalTimeMe();
        List<Action<LtState>> actions = lt.actions().stream().map(a -> switch (this) {
            case IGNORES_EARLIER -> a.label().equals("Crit")
                    ? Action.<LtState>when("Crit", s -> s.region == Region.TRY && s.ownTryArrived()
                            && s.laterHeard() == s.expected, (s, x) -> {
                                s.region = Region.CRIT;
                                x.lockAcquired();
                            })
                    : a;
            case NEVER_ACKS -> a.label().equals("ReceiveTry") ? a.withOperation(BrokenLamport::recordOnly) : a;
        }).toList();
        String name = "lamport-" + name().toLowerCase().replace('_', '-');
        return new Protocol<>() {
            @Override public String name() { return name; }

            @Override public Requirements requirements() { return lt.requirements(); }

            @Override public LtState initialState(int delta) { return lt.initialState(delta); }

            @Override public List<Action<LtState>> actions() { return actions; }

            @Override public void lockSet(int holder, SystemView view, IntConsumer member) { lt.lockSet(holder, view, member); }

            @Override public List<Check> checks(CheckSettings settings) { return lt.checks(settings); }
        };
    }

    private static void recordOnly(LtState s, Execution x) {
        Try m = (Try) x.received().message();
        int port = x.receivedPort();
        s.clock = Math.max(s.clock, m.clock()) + 1;
        s.lastClock[port] = m.clock();
        s.lastId[port] = m.id();
        s.reqClock[port] = m.clock();
        s.reqId[port] = m.id();
    }
}
