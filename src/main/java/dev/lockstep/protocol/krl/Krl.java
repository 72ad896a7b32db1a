package dev.lockstep.protocol.krl;

import dev.lockstep.core.Action;
import dev.lockstep.core.Call;
import dev.lockstep.core.Check;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Requirements;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.check.LockoutCheck;
import dev.lockstep.protocol.krl.KrlMessages.LinkInfo;
import dev.lockstep.protocol.krl.KrlMessages.Request;
import dev.lockstep.protocol.krl.KrlMessages.Token;
import dev.lockstep.protocol.krl.KrlState.Status;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * KRL, k-mutual exclusion with k tokens on a dynamic graph (Walter, Cao and Mohanty, "A
 * k-mutual exclusion algorithm for wireless ad hoc networks"), and KRLF, its variant that
 * forwards idle tokens (Sec. 4.4). The modules follow the appendix line by line in
 * {@link KrlAlgorithm}; comments {@code // App., Module l. N} cite the printed lines.
 *
 * <p>Lockstep's model against the paper's: LinkDown and LinkUp are the disconnection and
 * connection detectors, read at the node's next execution (any action; {@code LinkChange} runs
 * when nothing else would). The initial graph forms in round 0, so the initial DAG is built by
 * the LinkUp/LinkInfo exchange. A cut loses the messages in transit on its edge, where the paper
 * assumes reliable delivery while a link is up: a Token lost on a cut edge is gone for good (the
 * algorithm has no regeneration), which the token-conservation check allows for through
 * {@link SystemView#tokensLost()}.
 */
public final class Krl implements Protocol<KrlState> {
    public static final String NAME = "krl";
    public static final String NAME_FORWARDING = "krlf";
    public static final int DEFAULT_K = 2;

    private final int k;
    private final KrlVariant variant;
    private final List<Action<KrlState>> actions;
    private final KrlPresentation presentation;

    public Krl(int k, KrlVariant variant) {
        if (k < 1) throw new IllegalArgumentException("k must be at least 1");
        this.k = k;
        this.variant = variant;
        this.actions = List.of(
                Action.onCall(KrlEvents.REQUEST_CS, Call.LOCK, op(KrlEvents.REQUEST_CS)),
                Action.onCall(KrlEvents.RELEASE_CS, Call.UNLOCK, op(KrlEvents.RELEASE_CS)),
                Action.onReceive(KrlEvents.RECEIVE_REQUEST, Request.class, op(KrlEvents.RECEIVE_REQUEST)),
                Action.onReceive(KrlEvents.RECEIVE_TOKEN, Token.class, op(KrlEvents.RECEIVE_TOKEN)),
                Action.onReceive(KrlEvents.RECEIVE_LINK_INFO, LinkInfo.class, op(KrlEvents.RECEIVE_LINK_INFO)),
                // A no-op unless the detectors hold a failure or a formation (the scheduler skips no-ops).
                Action.when(KrlEvents.LINK_CHANGE, s -> true, op(KrlEvents.LINK_CHANGE)));
        this.presentation = new KrlPresentation(variant);
    }

    public int k() {
        return k;
    }

    public KrlVariant variant() {
        return variant;
    }

    private Action.Operation<KrlState> op(String label) {
        return (s, x) -> KrlEvents.run(label, s, x, KrlTrace.OFF, variant);
    }

    @Override
    public String name() {
        return variant.forwarding() ? NAME_FORWARDING : NAME;
    }

    @Override
    public Requirements requirements() {
        // ids: heights end in the node id and tokens start at nodes 0..k−1; FIFO: the receivedLI
        // handshake needs the LinkInfo reply to follow the token's earlier messages; any graph.
        return new Requirements(true, true, false, false);
    }

    @Override
    public KrlState initialState(int delta) {
        return new KrlState(delta, -1, 0);
    }

    @Override
    public KrlState initialState(int delta, int id) {
        return new KrlState(delta, id, k);
    }

    @Override
    public List<Action<KrlState>> actions() {
        return actions;
    }

    /**
     * Several sends on one port in one atomic module: GiveTokenToNext sends a Token and then a
     * Request to next (App., GiveTokenToNext l. 8, 10), ReceiveToken's LinkInfo precedes them
     * (Token l. 8-9), RaiseHeight's LinkInfo precedes a Request (RaiseHeight l. 4, 7), and the
     * link events processed first add their own LinkInfo. Three or more means no limit.
     */
    @Override
    public int sendsPerPort() {
        return 3;
    }

    @Override
    public ProtocolPresentation<KrlState> presentation() {
        return presentation;
    }

    /** A node in its CS holds itself (k of them may be in the CS at once; the k-exclusion check counts). */
    @Override
    public void lockSet(int holder, SystemView view, IntConsumer member) {
        if (((KrlState) view.state(holder)).status == Status.CRITICAL) member.accept(holder);
    }

    /** A holder's lock set is itself or nothing, by its own state. */
    @Override
    public boolean localLockSets() {
        return true;
    }

    @Override
    public List<Check> checks(CheckSettings settings) {
        return List.of(
                new KrlExclusionCheck(k),
                new KrlTokensCheck(k),
                new KrlDagCheck(),
                new LockoutCheck(settings.lockoutBound()));
    }
}
