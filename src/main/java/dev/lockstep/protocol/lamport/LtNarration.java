package dev.lockstep.protocol.lamport;

import static dev.lockstep.core.Narration.from;
import static dev.lockstep.core.Narration.lost;
import static dev.lockstep.core.Narration.ports;
import static dev.lockstep.core.Narration.sentPorts;
import static dev.lockstep.protocol.lamport.LtState.time;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.SystemView;
import dev.lockstep.protocol.lamport.LtMessages.Ack;
import dev.lockstep.protocol.lamport.LtMessages.Exit;
import dev.lockstep.protocol.lamport.LtMessages.Try;
import dev.lockstep.protocol.lamport.LtState.Region;

/**
 * One sentence per LogicalTimeME execution, e.g. "p2 ran ReceiveTry from p1 (port 1): try(3,1)
 * enters p2's history of p1, and p2 answers ack(5,2)".
 */
final class LtNarration {
    private LtNarration() {}

    /** The sentence; throws on an execution it does not understand (the caller falls back). */
    static String sentence(ExecutionRecord r, LtState before, SystemView view) {
        int u = r.node();
        String me = view.nodeName(u);
        LtState after = (LtState) r.state();
        if (r.label().equals("Crit")) {
            int n = Long.bitCount(before.expected);
            return me + " entered its critical section: its try" + time(before.tClock, before.tId)
                    + " is in its own history, no earlier request is pending, and "
                    + (n == 0 ? "there is no other process" : n == 1 ? "the other process has sent a later message"
                    : n == 2 ? "both others have sent a later message" : "all " + n + " others have sent a later message");
        }
        if (r.label().equals("Rem")) {
            return me + " ran Rem: its own exit is in its history, so it is back in its remainder region";
        }
        String head = me + " ran " + r.label() + (r.received() != null ? " " + from(r, view) : "") + ": ";
        String body = switch (r.label()) {
            case "Try" -> before.region != Region.REM
                    ? "try was called, but " + me + " is already in " + before.region + ", so the call had no effect"
                    : me + " asked for its critical section with logical time " + time(after.tClock, after.tId)
                            + " and sent try" + time(after.tClock, after.tId) + " on "
                            + ports(sentPorts(r, m -> m instanceof Try));
            case "ReceiveTry" -> receiveTry(r, before, after, view);
            case "ReceiveAck" -> "ack" + stamp(r) + " enters " + me + "'s history" + waiting(after, me);
            case "ReceiveExit" -> r.received().toPort() == 0
                    ? "its own exit" + stamp(r) + " is in its history: its request is granted"
                    : view.nodeName(r.received().from()) + "'s request is granted by exit" + stamp(r)
                            + waiting(after, me);
            case "Exit" -> before.region != Region.CRIT
                    ? "exit was called, but " + me + " is not in its critical section (" + before.region
                            + "), so the call had no effect"
                    : me + " left its critical section and sent exit" + time(after.clock, idOf(r))
                            + " on " + ports(sentPorts(r, m -> m instanceof Exit));
            default -> throw new IllegalArgumentException("no narration for " + r.label());
        };
        return head + body + lost(r);
    }

    private static int idOf(ExecutionRecord r) {
        return r.sent().stream().filter(s -> s.message() instanceof Exit).map(s -> ((Exit) s.message()).id())
                .findFirst().orElseThrow();
    }

    private static String receiveTry(ExecutionRecord r, LtState before, LtState after, SystemView view) {
        Try m = (Try) r.received().message();
        String clock = "clock " + before.clock + " → " + after.clock;
        if (r.received().toPort() == 0) {
            return "its own try" + time(m.clock(), m.id()) + " is in its history and needs no ack (" + clock + ")";
        }
        String ack = r.sent().stream().filter(s -> s.message() instanceof Ack).map(s -> s.message().label())
                .findFirst().orElse("ack");
        return view.nodeName(r.received().from()) + "'s request " + time(m.clock(), m.id())
                + " enters the history and " + view.nodeName(r.node()) + " answers " + ack + " (" + clock + ")";
    }

    private static String stamp(ExecutionRecord r) {
        Object m = r.received().message();
        if (m instanceof Ack a) return time(a.clock(), a.id());
        if (m instanceof Exit e) return time(e.clock(), e.id());
        throw new IllegalArgumentException("not an ack or exit");
    }

    /** While in try: how many of the others have sent a message later than t, e.g. "; 2 of 4 later". */
    private static String waiting(LtState s, String me) {
        if (s.region != Region.TRY) return "";
        int have = Long.bitCount(s.laterHeard());
        int of = Long.bitCount(s.expected);
        int pending = Long.bitCount(s.earlierPending());
        return "; " + me + " has a later message from " + have + " of " + of
                + (pending == 0 ? " and no earlier request pending" : " and waits for " + pending
                        + (pending == 1 ? " earlier request" : " earlier requests"));
    }
}
