package dev.lockstep.protocol.klme;

import dev.lockstep.core.Action;
import dev.lockstep.core.Call;
import dev.lockstep.core.Check;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Requirements;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.check.DeadlockCheck;
import dev.lockstep.core.check.LockoutCheck;
import dev.lockstep.protocol.klme.KlmeMessages.IAmHere;
import dev.lockstep.protocol.klme.KlmeMessages.IAmLeaving;
import dev.lockstep.protocol.klme.KlmeMessages.LeaderInfo;
import dev.lockstep.protocol.klme.KlmeMessages.PerGrant;
import dev.lockstep.protocol.klme.KlmeMessages.Release;
import dev.lockstep.protocol.klme.KlmeMessages.ReqAck;
import dev.lockstep.protocol.klme.KlmeMessages.ReqCs;
import dev.lockstep.protocol.klme.KlmeMessages.TokenAck;
import dev.lockstep.protocol.klme.KlmeMessages.TokenLost;
import dev.lockstep.protocol.klme.KlmeMessages.TokenMsg;
import dev.lockstep.protocol.klme.KlmeState.Phase;
import java.util.List;
import java.util.function.IntConsumer;
import static dev.lockstep.protocol.klme.KlmeActions.*;

/**
 * KLME, k-local mutual exclusion in MANETs with a leader and a token per neighbourhood (seed 002):
 * the data structures of Sec. 3.2, the messages of Sec. 3.3, events A–L of Sec. 3.4 and the
 * token-loss handling of Sec. 7. Neighbourhoods are the scenario's regions (named areas of the
 * plane, or a region per node); a move across an area's boundary is the core's {@link Call#MOVE}.
 */
public final class Klme implements Protocol<KlmeState> {
    public static final String NAME = "klme";
    public static final int DEFAULT_K = 2;
    public static final int DEFAULT_L_DEADLOCK_BOUND = 100;


    private final int k;
    private final KlmeVariant variant;
    private final int lDeadlockBound;
    private final List<Action<KlmeState>> actions;

    public Klme(int k, KlmeVariant variant, int lDeadlockBound) {
        if (k < 1) throw new IllegalArgumentException("k ≥ 1");
        this.k = k;
        this.variant = variant;
        this.lDeadlockBound = lDeadlockBound;
        KlmeLeader leader = new KlmeLeader(k, variant);
        KlmeEvents ev = new KlmeEvents(leader);
        KlmeMobility mob = new KlmeMobility(leader, ev);
        actions = List.of(
                Action.when(INIT, s -> !s.ready, ev::init),
                Action.when(ELECT, KlmeEvents::electable, ev::elect),
                Action.onReceive(A, LeaderInfo.class, (s, m) -> s.ready, ev::leaderInfo),
                Action.onCall(B, Call.LOCK, ev::request).withGuard(KlmeState::ready),
                Action.onReceive(C, ReqCs.class, (s, m) -> s.ready, ev::reqCs),
                Action.onReceive(D, ReqAck.class, (s, m) -> s.ready, ev::reqAck),
                Action.onReceive(E, PerGrant.class, (s, m) -> s.ready, ev::perGrant),
                Action.onCall(F, Call.UNLOCK, ev::exit).withGuard(KlmeState::ready),
                Action.onReceive(G, Release.class, (s, m) -> s.ready, ev::release),
                Action.onReceive(H, TokenMsg.class, (s, m) -> s.ready, ev::token),
                Action.onCall(MOVE, Call.MOVE, mob::move).withGuard(KlmeState::ready),
                Action.onReceive(J, IAmLeaving.class, (s, m) -> s.ready, mob::leaving),
                Action.onReceive(L, IAmHere.class, (s, m) -> s.ready, mob::here),
                Action.onReceive(LOST, TokenLost.class, (s, m) -> s.ready, mob::tokenLost),
                Action.onReceive(ACK, TokenAck.class, (s, m) -> s.ready, mob::tokenAck));
    }

    public Klme(int k, KlmeVariant variant) {
        this(k, variant, DEFAULT_L_DEADLOCK_BOUND);
    }

    public int k() { return k; }

    public KlmeVariant variant() { return variant; }

    @Override
    public String name() {
        return NAME;
    }

    /**
     * ids: the paper's node ids (Sec. 3, assumption 7); FIFO: Sec. 7, assumption 4; complete graph:
     * a routing protocol delivers between any two nodes (assumption 6); regions: the neighbourhoods.
     */
    @Override
    public Requirements requirements() {
        return new Requirements(true, true, true, true);
    }

    /**
     * Up to four messages to one node in one execution: a leader walking away (I then K) sends the
     * node it hands over to the Token, Leader_info, I_am_leaving and I_am_here.
     */
    @Override
    public int sendsPerPort() {
        return 4;
    }

    @Override
    public KlmeState initialState(int delta) {
        return new KlmeState();
    }

    @Override
    public List<Action<KlmeState>> actions() {
        return actions;
    }

    /** k-local: a node in CS holds one of its neighbourhood's k resources, nothing of its neighbours'. */
    @Override
    public void lockSet(int holder, SystemView view, IntConsumer member) {
        if (((KlmeState) view.state(holder)).state == Phase.CS) member.accept(holder);
    }

    /** A holder's lock set is itself or nothing, by its own state. */
    @Override
    public boolean localLockSets() {
        return true;
    }

    @Override
    public List<Check> checks(CheckSettings settings) {
        return List.of(new KExclusionCheck(k), new LDeadlockCheck(k, lDeadlockBound), new OneTokenCheck(),
                new LeaderNumberCheck(), new LockoutCheck(settings.lockoutBound()), new DeadlockCheck());
    }

    @Override
    public ProtocolPresentation<KlmeState> presentation() {
        return KlmePresentation.INSTANCE;
    }
}
