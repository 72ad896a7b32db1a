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

/**
 * A copy of Ricart-Agrawala with one planted bug, the kind a student makes: ReceiveTry compares
 * logical times with {@code <=} on the clock alone, forgetting the process id that breaks ties.
 * Two requests with equal clocks then each answer the other, and both processes enter C.
 */
final class PlantedTieBreak implements Protocol<RaState> {
    private final RicartAgrawala ra = new RicartAgrawala();
    private final List<Action<RaState>> actions;

    PlantedTieBreak() {
        actions = ra.actions().stream()
                .map(a -> a.label().equals("ReceiveTry") ? a.withOperation(PlantedTieBreak::receiveTry) : a)
                .toList();
    }

    private static void receiveTry(RaState s, Execution x) {
        Try m = (Try) x.received().message();
        int port = x.receivedPort();
        s.clock = Math.max(s.clock, m.clock()) + 1;
        if (port == 0) return;
        boolean answer = switch (s.region) {
            case REM -> true;
            case CRIT -> false;
            case TRY -> m.clock() <= s.tClock; // the planted bug: RaState.precedes also compares ids
        };
        if (answer) x.send(port, new Ok(s.clock));
        else s.deferred |= 1L << port;
    }

    @Override public String name() { return "ricart-agrawala-planted-tie-break"; }

    @Override public Requirements requirements() { return ra.requirements(); }

    @Override public RaState initialState(int delta) { return ra.initialState(delta); }

    @Override public List<Action<RaState>> actions() { return actions; }

    @Override public void lockSet(int holder, SystemView view, IntConsumer member) { ra.lockSet(holder, view, member); }

    @Override public List<Check> checks(CheckSettings settings) { return ra.checks(settings); }
}
