package dev.lockstep.protocol.ricartagrawala;

import dev.lockstep.core.Action;
import dev.lockstep.core.Call;
import dev.lockstep.core.Check;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Execution;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Requirements;
import dev.lockstep.core.SystemView;
import dev.lockstep.protocol.permission.GlobalExclusion;
import dev.lockstep.protocol.permission.RegionPresentation;
import dev.lockstep.protocol.ricartagrawala.RaMessages.Ok;
import dev.lockstep.protocol.ricartagrawala.RaMessages.Try;
import dev.lockstep.protocol.ricartagrawala.RaState.Region;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * RicartAgrawalaME as in the lecture slides (Lynch style: try/crit/exit/rem, reliable FIFO
 * channels, logical times (c, i) ordered lexicographically): 2n − 1 messages per request.
 *
 * <p>Classical, static-network protocol: it never reads the disconnection detector. A link cut
 * while a request is under way loses a try or an ok, and the requester waits forever.
 */
public final class RicartAgrawala implements Protocol<RaState> {
    public static final String NAME = "ricart-agrawala";

    private static final ProtocolPresentation<RaState> PRESENTATION = new RegionPresentation<>(
            s -> s.region.toString(), Region.values(), RaPseudocode.PSEUDOCODE, RaPseudocode::executed, RaNarration::sentence);

    private final List<Action<RaState>> actions = List.of(
            Action.onCall("Try", Call.LOCK, RicartAgrawala::tryRequest),
            Action.onReceive("ReceiveTry", Try.class, RicartAgrawala::receiveTry),
            Action.onReceive("ReceiveOk", Ok.class, RicartAgrawala::receiveOk),
            Action.when("Crit", s -> s.region == Region.TRY && (s.oks & s.expected) == s.expected,
                    RicartAgrawala::crit),
            Action.onCall("Exit", Call.UNLOCK, RicartAgrawala::exit));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Requirements requirements() {
        // ids: logical times are (c, i) pairs; fifo: slide "Assumptions"; complete graph: a
        // request needs an ok from every other process.
        return new Requirements(true, true, true, false);
    }

    @Override
    public RaState initialState(int delta) {
        return new RaState();
    }

    @Override
    public List<Action<RaState>> actions() {
        return actions;
    }

    /** Colours by region, the slides' rules as pseudocode, sentences. */
    @Override
    public ProtocolPresentation<RaState> presentation() {
        return PRESENTATION;
    }

    /** Global mutual exclusion: a process in C holds every node, so two in C clash. */
    @Override
    public void lockSet(int holder, SystemView view, IntConsumer member) {
        GlobalExclusion.lockSet(((RaState) view.state(holder)).region == Region.CRIT, view, member);
    }

    @Override
    public List<Check> checks(CheckSettings settings) {
        return GlobalExclusion.checks(this, settings);
    }

    /**
     * try_i. Slide "Mutual Exclusion - RicartAgrawalaME": "After a try_i, P_i broadcasts try
     * messages just as in LogicalTimeME". The broadcast includes port 0, so the request costs n
     * try messages as slide "Complexity Analysis (1)" counts them.
     */
    private static void tryRequest(RaState s, Execution x) {
        if (s.region != Region.REM) return;                       // well-formedness: one request at a time
        s.clock++;                                                // the try_i event's logical time
        s.tClock = s.clock;
        s.tId = x.id();
        s.expected = x.ports() & ~1L;                             // every other process must answer
        s.oks = 0;
        s.region = Region.TRY;
        x.lockRequested();
        Try m = new Try(s.tClock, s.tId);
        for (long p = x.ports(); p != 0; p &= p - 1) x.send(Long.numberOfTrailingZeros(p), m);
    }

    /**
     * Slides "RicartAgrawalaME - ok Messages (1)" and "(2)": the priority scheme.
     * Choice: the broadcast is part of the atomic Try action, so a process is never "in T prior
     * to broadcasting the try message for its current request"; that case needs no code.
     */
    private static void receiveTry(RaState s, Execution x) {
        Try m = (Try) x.receivedMessage();
        int port = x.receivedPort();
        s.clock = Math.max(s.clock, m.clock()) + 1;               // Lamport receive rule
        if (port == 0) return;                                    // own try: nobody to answer
        boolean answer = switch (s.region) {
            case REM -> true;                                     // "(1)": in E or R, reply with ok
            case CRIT -> false;                                   // "(1)": in C, defer until E
            // "(2)": t_i > t_j means P_i's own request has lower priority: reply with ok
            case TRY -> RaState.precedes(m.clock(), m.id(), s.tClock, s.tId);
        };
        if (answer) x.send(port, new Ok(s.clock));
        else s.deferred |= 1L << port;
    }

    /** Slide "Mutual Exclusion - RicartAgrawalaME": P_i "can go to C after it receives subsequent ok messages". */
    private static void receiveOk(RaState s, Execution x) {
        s.clock = Math.max(s.clock, ((Ok) x.receivedMessage()).clock()) + 1;
        // Without topology changes every ok answers the current request: each try is answered
        // exactly once, and the next request starts only after all oks of this one arrived.
        s.oks |= 1L << x.receivedPort();
    }

    /** crit_i: every other process has answered the current request. */
    private static void crit(RaState s, Execution x) {
        s.region = Region.CRIT;
        x.lockAcquired();
    }

    /**
     * exit_i followed at once by rem_i. Slide "ok Messages (2)": on reaching E, P_i "immediately
     * sends any deferred oks", and "P_i can perform a rem_i at any time after it receives an
     * exit_i". Choice: rem_i is performed in the same step, so E is never observable.
     */
    private static void exit(RaState s, Execution x) {
        if (s.region != Region.CRIT) return;                      // well-formedness: exit only from C
        x.unlockRequested();
        s.clock++;                                                // the exit_i event's logical time
        Ok ok = new Ok(s.clock);
        for (long p = s.deferred; p != 0; p &= p - 1) x.send(Long.numberOfTrailingZeros(p), ok);
        s.deferred = 0;
        s.region = Region.REM;
        s.tClock = 0;
        s.tId = 0;
        s.expected = 0;
        s.oks = 0;
        x.unlockCompleted();
    }
}
