package dev.lockstep.protocol.ricartagrawala;

import static dev.lockstep.core.Narration.from;
import static dev.lockstep.core.Narration.lost;
import static dev.lockstep.core.Narration.ports;
import static dev.lockstep.core.Narration.sentPorts;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.SystemView;
import dev.lockstep.protocol.ricartagrawala.RaMessages.Ok;
import dev.lockstep.protocol.ricartagrawala.RaMessages.Try;
import dev.lockstep.protocol.ricartagrawala.RaState.Region;

/**
 * One sentence per Ricart-Agrawala execution, e.g. "p2 ran ReceiveTry from p1 (port 1): p2 is in
 * its critical section, so it defers its ok".
 */
final class RaNarration {
    private RaNarration() {}

    /** The sentence; throws on an execution it does not understand (the caller falls back). */
    static String sentence(ExecutionRecord r, RaState before, SystemView view) {
        int u = r.node();
        String me = view.nodeName(u);
        RaState after = (RaState) r.state();
        if (r.label().equals("Crit")) {
            int n = Long.bitCount(after.expected);
            return me + " entered its critical section: " + (n == 0 ? "there is no other process"
                    : n == 1 ? "the ok of the only other process is in" : n == 2 ? "oks from both others"
                    : "oks from all " + n + " others");
        }
        String head = me + " ran " + r.label() + (r.received() != null ? " " + from(r, view) : "") + ": ";
        String body = switch (r.label()) {
            case "Try" -> before.region != Region.REM
                    ? "try was called, but " + me + " is already in " + before.region + ", so the call had no effect"
                    : me + " asked for its critical section with logical time " + time(after.tClock, after.tId)
                            + " and sent try" + time(after.tClock, after.tId) + " on "
                            + ports(sentPorts(r, m -> m instanceof Try));
            case "ReceiveTry" -> receiveTry(r, before, after, view);
            case "ReceiveOk" -> count(after.oks & after.expected, after.expected);
            case "Exit" -> before.region != Region.CRIT
                    ? "exit was called, but " + me + " is not in its critical section (" + before.region
                            + "), so the call had no effect"
                    : me + " left its critical section and "
                            + (r.sent().isEmpty() ? "had no deferred oks to send"
                                    : "sent its deferred oks on " + ports(sentPorts(r, m -> m instanceof Ok)));
            default -> throw new IllegalArgumentException("no narration for " + r.label());
        };
        return head + body + lost(r);
    }

    private static String receiveTry(ExecutionRecord r, RaState before, RaState after, SystemView view) {
        Try m = (Try) r.received().message();
        String me = view.nodeName(r.node());
        String other = view.nodeName(r.received().from());
        String clock = "clock " + before.clock + " → " + after.clock;
        if (r.received().toPort() == 0) return "its own try" + time(m.clock(), m.id()) + " needs no ok (" + clock + ")";
        boolean ok = r.sent().stream().anyMatch(s -> s.message() instanceof Ok);
        String okLabel = r.sent().stream().filter(s -> s.message() instanceof Ok).map(s -> s.message().label())
                .findFirst().orElse("ok");
        return switch (before.region) {
            case REM -> me + " is not competing (rem), so it answers " + okLabel;
            case CRIT -> me + " is in its critical section, so it defers its ok";
            case TRY -> ok
                    ? other + "'s request " + time(m.clock(), m.id()) + " is earlier than " + me + "'s "
                            + time(before.tClock, before.tId) + ", so " + me + " answers " + okLabel
                    : me + "'s own request " + time(before.tClock, before.tId) + " is earlier than " + other + "'s "
                            + time(m.clock(), m.id()) + ", so it defers its ok";
        };
    }

    private static String time(int c, int id) {
        return "(" + c + "," + id + ")";
    }

    /** "3 of 4 oks in", "all 4 oks in". */
    private static String count(long have, long of) {
        int k = Long.bitCount(have);
        int n = Long.bitCount(of);
        if (k == n) return n == 1 ? "the only ok is in" : n == 2 ? "both oks in" : "all " + n + " oks in";
        return k + " of " + n + (n == 1 ? " ok in" : " oks in");
    }
}
