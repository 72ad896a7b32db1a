package dev.lockstep.protocol.ricartagrawala;

import dev.lockstep.core.Action;
import dev.lockstep.core.Check;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Execution;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Requirements;
import dev.lockstep.core.SystemView;
import dev.lockstep.protocol.ricartagrawala.RaMessages.Ok;
import dev.lockstep.protocol.ricartagrawala.RaMessages.Try;
import java.util.List;
import java.util.function.IntConsumer;

/** A broken RA whose ReceiveTry answers every try at once: it ignores the priority scheme. */
final class NeverDefers implements Protocol<RaState> {
    private final RicartAgrawala ra = new RicartAgrawala();
    private final List<Action<RaState>> actions;

    NeverDefers() {
        actions = ra.actions().stream()
                .map(a -> a.label().equals("ReceiveTry") ? a.withOperation(NeverDefers::answerAtOnce) : a)
                .toList();
    }

    private static void answerAtOnce(RaState s, Execution x) {
        Try m = (Try) x.received().message();
        s.clock = Math.max(s.clock, m.clock()) + 1;
        if (x.receivedPort() != 0) x.send(x.receivedPort(), new Ok(s.clock));
    }

    @Override public String name() { return "ricart-agrawala-never-defers"; }

    @Override public Requirements requirements() { return ra.requirements(); }

    @Override public RaState initialState(int delta) { return ra.initialState(delta); }

    @Override public List<Action<RaState>> actions() { return actions; }

    @Override public void lockSet(int holder, SystemView view, IntConsumer member) { ra.lockSet(holder, view, member); }

    @Override public List<Check> checks(CheckSettings settings) { return ra.checks(settings); }
}
