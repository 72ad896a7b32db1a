package dev.lockstep.protocol.lamport;

import dev.lockstep.core.Action;
import dev.lockstep.core.Call;
import dev.lockstep.core.Check;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Execution;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Requirements;
import dev.lockstep.core.SystemView;
import dev.lockstep.protocol.lamport.LtMessages.Ack;
import dev.lockstep.protocol.lamport.LtMessages.Exit;
import dev.lockstep.protocol.lamport.LtMessages.Try;
import dev.lockstep.protocol.lamport.LtState.Region;
import dev.lockstep.protocol.permission.GlobalExclusion;
import dev.lockstep.protocol.permission.RegionPresentation;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Lamport's LogicalTimeME as in the lecture slides (Lynch style: try/crit/exit/rem, reliable FIFO
 * channels, logical times (c, i) ordered lexicographically): try and exit are broadcast, each try
 * is acked, 3n − 1 messages per request (slide "Complexity Analysis (1)").
 *
 * <p>Classical, static-network protocol: it never reads the disconnection detector. A link cut
 * while a request is under way loses a try, an ack or an exit, and a requester waits forever.
 */
public final class LogicalTimeMe implements Protocol<LtState> {
    public static final String NAME = "lamport";

    private static final ProtocolPresentation<LtState> PRESENTATION = new RegionPresentation<>(
            s -> s.region.toString(), Region.values(), LtPseudocode.PSEUDOCODE, LtPseudocode::executed, LtNarration::sentence);

    private final List<Action<LtState>> actions = List.of(
            Action.onCall("Try", Call.LOCK, LogicalTimeMe::tryRequest),
            Action.onReceive("ReceiveTry", Try.class, LogicalTimeMe::receiveTry),
            Action.onReceive("ReceiveAck", Ack.class, LogicalTimeMe::receiveAck),
            Action.onReceive("ReceiveExit", Exit.class, LogicalTimeMe::receiveExit),
            Action.when("Crit", LogicalTimeMe::critEnabled, LogicalTimeMe::crit),
            Action.onCall("Exit", Call.UNLOCK, LogicalTimeMe::exit),
            Action.when("Rem", LtState::ownExitArrived, LogicalTimeMe::rem));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Requirements requirements() {
        // ids: logical times are (c, i) pairs; fifo: slide "Assumptions" (and the mutual-exclusion
        // proof, "FIFO property implies ..."); complete graph: a message from every other process.
        return new Requirements(true, true, true, false);
    }

    @Override
    public LtState initialState(int delta) {
        return new LtState(delta);
    }

    @Override
    public List<Action<LtState>> actions() {
        return actions;
    }

    /** Colours by region, the slides' rules as pseudocode, sentences. */
    @Override
    public ProtocolPresentation<LtState> presentation() {
        return PRESENTATION;
    }

    /** Global mutual exclusion: a process in C holds every node, so two in C clash. */
    @Override
    public void lockSet(int holder, SystemView view, IntConsumer member) {
        GlobalExclusion.lockSet(((LtState) view.state(holder)).region == Region.CRIT, view, member);
    }

    @Override
    public List<Check> checks(CheckSettings settings) {
        return GlobalExclusion.checks(this, settings);
    }

    /**
     * try_i (slide "LogicalTimeME (2)": "The try and exit messages are broadcasted"). The
     * broadcast includes port 0, so P_i's own try reaches history(i)_i like everybody else's and
     * the request costs n messages (slide "Complexity Analysis (1)").
     */
    private static void tryRequest(LtState s, Execution x) {
        if (s.region != Region.REM) return;                       // well-formedness: one request at a time
        s.clock++;                                                // the try_i event's logical time
        s.tClock = s.clock;
        s.tId = x.id();
        s.expected = x.ports() & ~1L;                             // "every other process"
        s.region = Region.TRY;
        x.lockRequested();
        Try m = new Try(s.tClock, s.tId);
        for (long p = x.ports(); p != 0; p &= p - 1) x.send(Long.numberOfTrailingZeros(p), m);
    }

    /**
     * A try enters history(j)_i (slide "LogicalTimeME (2)") and "is acknowledged by an ack
     * message". Choice: the receive and the ack's send are one event, so the ack carries the
     * clock after the receive rule, later than the try (slide "Lockout-Freedom (2)" needs that).
     * Its own try (port 0) is not acked: n − 1 acks per request.
     */
    private static void receiveTry(LtState s, Execution x) {
        Try m = (Try) x.receivedMessage();
        int port = x.receivedPort();
        s.clock = Math.max(s.clock, m.clock()) + 1;               // Lamport receive rule
        heard(s, port, m.clock(), m.id());
        s.reqClock[port] = m.clock();                             // a request not granted yet
        s.reqId[port] = m.id();
        if (port != 0) x.send(port, new Ack(s.clock, x.id()));
    }

    /** An ack enters history(j)_i: a message from P_j, later than the try it answers. */
    private static void receiveAck(LtState s, Execution x) {
        Ack m = (Ack) x.receivedMessage();
        s.clock = Math.max(s.clock, m.clock()) + 1;
        heard(s, x.receivedPort(), m.clock(), m.id());
    }

    /** An exit enters history(j)_i: P_j's latest request is granted (FIFO: it follows that try). */
    private static void receiveExit(LtState s, Execution x) {
        Exit m = (Exit) x.receivedMessage();
        int port = x.receivedPort();
        s.clock = Math.max(s.clock, m.clock()) + 1;
        heard(s, port, m.clock(), m.id());
        s.reqClock[port] = 0;
        s.reqId[port] = 0;
    }

    private static void heard(LtState s, int port, int clock, int id) {
        s.lastClock[port] = clock;
        s.lastId[port] = id;
    }

    /**
     * crit_i's precondition, slides "LogicalTimeME (2)" and "(3)": (a) its latest try has reached
     * history(i)_i; (b) every other request it has heard of with a smaller logical time has been
     * granted; (c) it has received a message with a greater logical time from every other process.
     */
    static boolean critEnabled(LtState s) {
        return s.region == Region.TRY
                && s.ownTryArrived()                              // (a)
                && s.earlierPending() == 0                        // (b)
                && s.laterHeard() == s.expected;                  // (c)
    }

    /** crit_i. */
    private static void crit(LtState s, Execution x) {
        s.region = Region.CRIT;
        x.lockAcquired();
    }

    /** exit_i: broadcast exit (slide "LogicalTimeME (2)"), port 0 included: n messages. */
    private static void exit(LtState s, Execution x) {
        if (s.region != Region.CRIT) return;                      // well-formedness: exit only from C
        x.unlockRequested();
        s.clock++;                                                // the exit_i event's logical time
        s.region = Region.EXIT;
        Exit m = new Exit(s.clock, x.id());
        for (long p = x.ports(); p != 0; p &= p - 1) x.send(Long.numberOfTrailingZeros(p), m);
    }

    /** rem_i: slide "LogicalTimeME (3)", "as soon as its latest exit request has reached its history(i)". */
    private static void rem(LtState s, Execution x) {
        s.region = Region.REM;
        s.tClock = 0;
        s.tId = 0;
        s.expected = 0;
        x.unlockCompleted();
    }
}
