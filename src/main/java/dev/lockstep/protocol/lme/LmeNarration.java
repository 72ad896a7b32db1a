package dev.lockstep.protocol.lme;

import static dev.lockstep.core.Narration.and;
import static dev.lockstep.core.Narration.from;
import static dev.lockstep.core.Narration.lost;
import static dev.lockstep.core.Narration.nodes;
import static dev.lockstep.core.Narration.ports;
import static dev.lockstep.core.Narration.sentPorts;
import static dev.lockstep.core.Narration.who;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Narration;
import dev.lockstep.core.SystemView;
import dev.lockstep.protocol.lme.LmeMessages.Prepare;
import dev.lockstep.protocol.lme.LmeMessages.ReleaseLock;
import dev.lockstep.protocol.lme.LmeMessages.RequestLock;
import dev.lockstep.protocol.lme.LmeMessages.SetLock;
import dev.lockstep.protocol.lme.LmeMessages.Win;
import dev.lockstep.protocol.lme.LmeState.Phase;
import java.util.ArrayList;
import java.util.List;

/**
 * One plain-English sentence per LME execution, e.g. "v3 ran CheckWin: win(false) on port 2, so it
 * drew priority 5 and sent request-lock(5) on ports 0, 1, 2". Every branch is read off
 * {@link LmeStep}, so the sentence says what the operation actually decided; what CleanUp()
 * did on the way (cuts processed, a competition ended, nodes released from hold) follows after a
 * semicolon.
 */
final class LmeNarration {
    private LmeNarration() {}

    /** The sentence; throws on an execution it does not understand (the caller falls back). */
    static String sentence(LmeStep x, SystemView view) {
        ExecutionRecord r = x.record;
        int u = r.node();
        String me = view.nodeName(u);
        StringBuilder sb = new StringBuilder(me).append(" ran ").append(x.label);
        if (x.port >= 0) sb.append(' ').append(from(r, view));
        sb.append(": ");
        // The sender as a subject ("w waits on hold") and as an object ("locked by itself").
        String sender = x.port < 0 ? null : view.nodeName(r.received().from());
        String senderObj = x.port == 0 ? "itself" : sender;
        LmeState m = x.mid;
        LmeState a = x.after;
        String cutVerb = "it first processed";
        String main;
        switch (x.label) {
            case "InitLock" -> {
                main = x.applied
                        ? "Lock was called, so " + me + " entered prepare with L = " + nodes(view, u, a.L())
                                + " and sent prepare() on " + ports(sentPorts(r, msg -> msg instanceof Prepare))
                        : "Lock was called, but " + me + " is already in state " + x.before.state()
                                + " (one locking operation at a time), so " + ignored(x, view);
                if (!x.applied) cutVerb = "it processed";
            }
            case "ReceivePrepare" -> main = m.phase() == Phase.COMPETE
                    ? "a competition for " + me + " is under way, so " + sender + " waits on hold"
                    : "no competition for " + me + " is under way, so " + sender + " became an applicant and got ready()";
            case "ReceiveReady" -> main = count(a.R() & a.L(), a.L(), "ready() reply", "ready() replies");
            case "CheckStart" -> {
                int p = r.draws()[0];
                main = count(m.R() & m.L(), m.L(), "ready() reply", "ready() replies") + ", so " + me
                        + " entered compete, drew priority " + p + " and sent request-lock(" + p + ") on "
                        + ports(sentPorts(r, msg -> msg instanceof RequestLock));
            }
            case "CleanUp" -> {
                cutVerb = "processed";
                main = null;
            }
            case "ReceiveRequest" -> main = receiveRequest(x, sender, me);
            case "CheckPriorities" -> main = checkPriorities(x, view, me);
            case "ReceiveWin" -> {
                boolean won = ((Win) x.message).won();
                main = me + (won ? " won" : " lost") + " the trial at " + senderObj + " (win(" + won + ")); "
                        + count(a.W() & a.L(), a.L(), "reply", "replies");
            }
            case "CheckWin" -> {
                if (x.someLoss()) {
                    int p = r.draws()[0];
                    main = "win(false) on " + ports(m.W() & ~m.wTrue()) + ", so it drew priority " + p
                            + " and sent request-lock(" + p + ") on " + ports(sentPorts(r, msg -> msg instanceof RequestLock));
                } else {
                    int n = Long.bitCount(m.L());
                    main = "win(true) from " + (n == 1 ? "its only participant" : n == 2 ? "both participants" : "all " + n + " participants")
                            + ", so " + me + " entered win and sent set-lock() on "
                            + ports(sentPorts(r, msg -> msg instanceof SetLock));
                }
            }
            case "ReceiveSetLock" -> {
                main = me + " is now locked by " + senderObj + " (lock = " + x.port + ") and answered ack-lock()";
                cutVerb = "then it processed";
            }
            case "ReceiveAckLock" -> main = count(a.R() & a.L(), a.L(), "acknowledgement", "acknowledgements");
            case "CheckDone" -> main = "all acknowledgements in, " + me + " now holds " + nodes(view, u, a.L());
            case "InitUnlock" -> {
                main = x.applied
                        ? "Unlock was called, so " + me + " entered unlock and sent release-lock() on "
                                + ports(sentPorts(r, msg -> msg instanceof ReleaseLock))
                        : "Unlock was called, but " + me + " is not locked (state " + x.before.state()
                                + "), so " + ignored(x, view);
                if (!x.applied) cutVerb = "it processed";
            }
            case "ReceiveRelease" -> {
                if (m.lock() == x.port) main = me + " is no longer locked by " + senderObj + " and answered ack-unlock()";
                else if (m.lock() == LmeState.UNLOCKED) main = me + " was not locked (lock = ⊥) and answered ack-unlock()";
                else main = me + " reset lock " + m.lock() + " → ⊥ and answered ack-unlock()";
            }
            case "ReceiveAckUnlock" -> main = count(a.R() & a.L(), a.L(), "unlock acknowledgement", "unlock acknowledgements");
            case "CheckUnlocked" -> main = "all unlock acknowledgements in, so " + me + " released "
                    + nodes(view, u, m.L()) + " and is idle again (state ⊥)";
            default -> throw new IllegalArgumentException("no narration for " + x.label);
        }
        List<String> parts = new ArrayList<>();
        if (main != null) parts.add(main);
        parts.addAll(cleanUp(x, view, cutVerb));
        if (main == null && parts.isEmpty()) parts.add("nothing to clean up");
        sb.append(String.join("; ", parts));
        return sb.append(lost(r)).toString();
    }

    /**
     * The end of a sentence about a call that did not apply: in the corrected variant CleanUp()
     * still ran before the l. 2 test, and the sentence says so when it did something.
     */
    private static String ignored(LmeStep x, SystemView view) {
        return cleanUp(x, view, "").isEmpty() ? "the call had no effect" : "only CleanUp() ran";
    }

    private static String receiveRequest(LmeStep x, String sender, String me) {
        if (x.lateRequest()) return sender + " missed the decided trial (late), so it loses at once: win(false)";
        int p = ((RequestLock) x.message).priority();
        LmeState m = x.mid;
        LmeState a = x.after;
        long bit = 1L << x.port;
        String progress = count(a.P() & a.C(), a.C(), "priority", "priorities");
        if ((m.A() & bit) != 0) {
            return sender + " joined the competition for " + me + " as a candidate with priority " + p
                    + (m.phase() != Phase.COMPETE ? ", closing it to newcomers" : "") + "; " + progress;
        }
        if ((m.C() & bit) != 0) return "candidate " + sender + " tries again with priority " + p + "; " + progress;
        return sender + " is neither an applicant nor a candidate, yet its priority " + p + " was recorded in P";
    }

    private static String checkPriorities(LmeStep x, SystemView view, String me) {
        ExecutionRecord r = x.record;
        int u = r.node();
        LmeState m = x.mid;
        long yes = sentPorts(r, msg -> msg instanceof Win w && w.won());
        long no = sentPorts(r, msg -> msg instanceof Win w && !w.won());
        String answers = and(List.of(yes != 0 ? "win(true) to " + ports(yes) : "", no != 0 ? "win(false) to " + ports(no) : "")
                .stream().filter(s -> !s.isEmpty()).toList());
        String out;
        int winner = LmeRules.winner(m);
        if (m.C() == 0) {
            out = "no candidates left, so no trial was decided";
        } else if (winner >= 0) {
            out = "unique highest priority " + m.priority(winner) + " from " + who(view, u, 1L << winner) + ", so "
                    + (answers.isEmpty() ? "nobody is answered" : answers);
        } else if (m.lock() != LmeState.UNLOCKED) {
            out = me + " is locked by " + (m.lock() == 0 ? "itself" : who(view, u, 1L << m.lock()))
                    + ", so every candidate loses: " + answers;
        } else if (m.P() == 0) {
            out = "no priorities, so every candidate loses: " + answers;
        } else {
            int best = -1;
            for (long q = m.P(); q != 0; q &= q - 1) best = Math.max(best, m.priority(Long.numberOfTrailingZeros(q)));
            long tied = 0;
            for (long q = m.P(); q != 0; q &= q - 1) {
                int port = Long.numberOfTrailingZeros(q);
                if (m.priority(port) == best) tied |= 1L << port;
            }
            String names = Narration.names(view, u, tied);
            out = "tie at priority " + best + (names == null ? "" : " between " + names)
                    + ", so every candidate loses: " + answers;
        }
        long late = x.after.late() & ~m.late();
        if (late != 0) {
            boolean one = Long.bitCount(late) == 1;
            out += "; " + (one ? "applicant " : "applicants ") + who(view, u, late) + (m.C() != 0
                    ? (one ? " missed this trial and is now late" : " missed this trial and are now late")
                    // corrected-unscoped marks the applicants even when no trial is decided
                    : (one ? " is marked late all the same" : " are marked late all the same"));
        }
        return out;
    }

    /** What CleanUp() did, as phrases: the cuts processed, the end of a competition, releases from hold. */
    private static List<String> cleanUp(LmeStep x, SystemView view, String cutVerb) {
        List<String> out = new ArrayList<>();
        if (!x.cleaned) return out;
        LmeState pre = x.pre;
        LmeState m = x.mid;
        int u = x.record.node();
        long d = x.d;
        if (d != 0) {
            List<String> sets = new ArrayList<>();
            if ((pre.L() & d) != 0) sets.add("L");
            if ((pre.R() & d) != 0) sets.add("R");
            if ((pre.W() & d) != 0) sets.add("W");
            if ((pre.H() & d) != 0) sets.add("H");
            if ((pre.A() & d) != 0) sets.add("A");
            if ((pre.C() & d) != 0) sets.add("C");
            if ((pre.P() & d) != 0) sets.add("P");
            if ((pre.late() & d) != 0) sets.add("Late");
            List<String> details = new ArrayList<>();
            if (pre.lock() > 0 && m.lock() == LmeState.UNLOCKED) details.add("lock " + pre.lock() + " → ⊥");
            if (!sets.isEmpty()) details.add("dropped " + (Long.bitCount(d) == 1 ? "it" : "them") + " from " + and(sets));
            out.add(cutVerb + " the cut of " + ports(d)
                    + (details.isEmpty() ? " (" + (Long.bitCount(d) == 1 ? "it was" : "they were") + " in no set)"
                            : " (" + String.join(", ", details) + ")"));
        }
        if (x.competitionBranch()) {
            if (x.before.C() != 0) out.add("C is now empty, so the competition for " + view.nodeName(u) + " is over");
            if (x.ready != 0) out.add(who(view, u, x.ready) + " left hold and got ready()");
            if (x.variant == LmeVariant.CORRECTED && (pre.late() & ~d) != 0) out.add("Late cleared");
        }
        if (pre.phase() != m.phase()) out.add("phase " + pre.phase() + " → " + m.phase());
        return out;
    }

    /** "2 of 3 replies in", "all 3 replies in", "both replies in", "the only reply is in". */
    private static String count(long have, long of, String one, String many) {
        int k = Long.bitCount(have);
        int n = Long.bitCount(of);
        if (k == n) return n == 1 ? "the only " + one + " is in" : (n == 2 ? "both " : "all " + n + " ") + many + " in";
        return k + " of " + n + " " + (n == 1 ? one : many) + " in";
    }
}
