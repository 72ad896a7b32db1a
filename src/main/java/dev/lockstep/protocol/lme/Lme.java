package dev.lockstep.protocol.lme;

import static dev.lockstep.protocol.lme.LmeMessages.ACK_LOCK;
import static dev.lockstep.protocol.lme.LmeMessages.ACK_UNLOCK;
import static dev.lockstep.protocol.lme.LmeMessages.PREPARE;
import static dev.lockstep.protocol.lme.LmeMessages.READY;
import static dev.lockstep.protocol.lme.LmeMessages.RELEASE_LOCK;
import static dev.lockstep.protocol.lme.LmeMessages.SET_LOCK;
import static dev.lockstep.protocol.lme.LmeMessages.WIN_FALSE;
import static dev.lockstep.protocol.lme.LmeMessages.WIN_TRUE;

import dev.lockstep.core.Action;
import dev.lockstep.core.ActionOperations;
import dev.lockstep.core.Call;
import dev.lockstep.core.Check;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Execution;
import dev.lockstep.core.Message;
import dev.lockstep.core.MessageCodec;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.ProtocolPresentation;
import dev.lockstep.core.Requirements;
import dev.lockstep.core.StateEffects;
import dev.lockstep.core.StateGuards;
import dev.lockstep.core.SystemView;
import dev.lockstep.core.check.DeadlockCheck;
import dev.lockstep.core.check.LockoutCheck;
import dev.lockstep.core.check.MutualExclusionCheck;
import dev.lockstep.core.check.PersistentLockSetCheck;
import dev.lockstep.core.check.TransitBoundCheck;
import dev.lockstep.protocol.lme.LmeMessages.AckLock;
import dev.lockstep.protocol.lme.LmeMessages.AckUnlock;
import dev.lockstep.protocol.lme.LmeMessages.Prepare;
import dev.lockstep.protocol.lme.LmeMessages.Ready;
import dev.lockstep.protocol.lme.LmeMessages.ReleaseLock;
import dev.lockstep.protocol.lme.LmeMessages.RequestLock;
import dev.lockstep.protocol.lme.LmeMessages.SetLock;
import dev.lockstep.protocol.lme.LmeMessages.Win;
import dev.lockstep.protocol.lme.LmeState.Phase;
import dev.lockstep.protocol.lme.LmeState.State;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Local mutual exclusion (Daymude, Richa, Scheideler, SAND 2022), Algorithms 1-3. Comments cite
 * the printed line numbers; interpretation choices are marked "Choice:" and listed in README.
 */
public final class Lme implements Protocol<LmeState> {
    public static final String NAME = "lme";
    public static final int DEFAULT_K = 8;
    private static final int MAX_SHARED_REQUESTS = 1024;

    private final int k;
    private final LmeVariant variant;
    private final List<Action<LmeState>> actions;
    /**
     * request-lock(p) for each priority p: a message is a value (a record), so every sender of p
     * shares one, already in the cache of whoever lists the inboxes holding it, and no send allocates.
     * Empty for a K too large to keep them all.
     */
    private final RequestLock[] requests;
    /** The state actions' guards, one by one for the actions and all at once for listing. */
    private final LmeGuards guards;
    /** Which enabled state actions change something, for listing effective choices without dry runs. */
    private final LmeEffects effects;
    private final LmePresentation presentation;
    /** The messages as codes: {@link #requests} and the other seven types' instances. */
    private final LmeCodec codec;
    /** The operations of {@link #actions} as one switch ({@link #operate}). */
    private final ActionOperations<LmeState> operations;

    public Lme(int k, LmeVariant variant) {
        if (k < 2) throw new IllegalArgumentException("K must be at least 2 (with K = 1 every trial is a tie)");
        this.k = k;
        this.variant = variant;
        this.guards = new LmeGuards(variant);
        this.requests = new RequestLock[k <= MAX_SHARED_REQUESTS ? k : 0];
        for (int p = 0; p < requests.length; p++) requests[p] = new RequestLock(p);
        this.codec = new LmeCodec(requests);
        this.actions = List.of(
                // Algorithm 1: preparation phase
                Action.onCall("InitLock", Call.LOCK, this::initLock),
                Action.onReceive("ReceivePrepare", Prepare.class, this::receivePrepare),
                Action.onReceive("ReceiveReady", Ready.class, this::receiveReady),
                Action.when("CheckStart", guards.checkStart, this::checkStart),                 // Alg. 1, l. 15
                Action.when("CleanUp", guards.cleanUp, (s, x) -> cleanUp(s, x)),               // Alg. 1, l. 20
                // Algorithm 2: competition phase
                Action.onReceive("ReceiveRequest", RequestLock.class, this::receiveRequest),
                Action.when("CheckPriorities", guards.checkPriorities, this::checkPriorities),   // Alg. 2, l. 5
                Action.onReceive("ReceiveWin", Win.class, this::receiveWin),
                Action.when("CheckWin", guards.checkWin, this::checkWin),                       // Alg. 2, l. 14
                Action.onReceive("ReceiveSetLock", SetLock.class, this::receiveSetLock),
                Action.onReceive("ReceiveAckLock", AckLock.class, this::receiveAckLock),
                Action.when("CheckDone", guards.checkDone, this::checkDone),                    // Alg. 2, l. 30
                // Algorithm 3: unlock
                Action.onCall("InitUnlock", Call.UNLOCK, this::initUnlock),
                Action.onReceive("ReceiveRelease", ReleaseLock.class, this::receiveRelease),
                Action.onReceive("ReceiveAckUnlock", AckUnlock.class, this::receiveAckUnlock),
                Action.when("CheckUnlocked", guards.checkUnlocked, this::checkUnlocked));       // Alg. 3, l. 12
        this.effects = new LmeEffects(variant, actions);
        List<Action.Operation<LmeState>> own = actions.stream().map(Action::operation).toList();
        this.operations = new ActionOperations<>() {
            @Override public List<Action.Operation<LmeState>> operations() { return own; }

            @Override public void run(int action, LmeState s, Execution x) { operate(action, s, x); }
        };
        this.presentation = new LmePresentation(variant);
    }

    public Lme() {
        this(DEFAULT_K, LmeVariant.CORRECTED);
    }

    public int k() {
        return k;
    }

    public LmeVariant variant() {
        return variant;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Requirements requirements() {
        return Requirements.NONE; // anonymous nodes, reordering channels, any graph
    }

    /**
     * LME's nodes are anonymous: its actions see only their own state, ports, disconnections and
     * the received message (its {@link Requirements} ask for no ids and no regions, so the
     * execution context refuses {@code id()}, {@code peerId}, {@code nodeCount()} and
     * {@code region()}), its state and messages hold ports and priorities, never node ids, and it
     * reads no position. Node ids appear only in its checks, which ask a question of the whole
     * configuration (a cycle of dependencies, intersecting lock sets) whose answer a renaming of
     * the nodes does not change, and in narration.
     */
    @Override
    public boolean anonymous() {
        return true;
    }

    @Override
    public LmeState initialState(int delta) {
        return new LmeState(delta, variant.lateApplicants());
    }

    @Override
    public List<Action<LmeState>> actions() {
        return actions;
    }

    /**
     * Choice: two. The CleanUp helper (Alg. 1, l. 28) sends ready() to the ports on hold when C has
     * become empty, and CheckStart, CheckWin, InitLock and InitUnlock then send to every port of
     * L. When a disconnection empties C at such an execution, a port can be in both H and L, so
     * the printed pseudocode makes two sends on it — against the model's one per port. The two
     * messages belong to different Lock operations (the neighbour's preparation and this node's
     * own), so Lemma 4.18's two messages per edge still hold; the transit-bound check verifies it.
     */
    @Override
    public int sendsPerPort() {
        return 2;
    }

    /** The six state guards of Algorithms 1-3 in one pass: see {@link LmeGuards}. */
    @Override
    public StateGuards<LmeState> stateGuards() {
        return guards;
    }

    /**
     * The operations as one switch on the action index, for the executions nobody listens to: one
     * call the JIT follows instead of one through each action's lambda (see {@link ActionOperations}).
     */
    @Override
    public ActionOperations<LmeState> operations() {
        return operations;
    }

    /** Runs the operation of {@code actions.get(a)}: the cases are in the order of {@link #actions}. */
    private void operate(int a, LmeState s, Execution x) {
        switch (a) {
            case 0 -> initLock(s, x);
            case 1 -> receivePrepare(s, x);
            case 2 -> receiveReady(s, x);
            case 3 -> checkStart(s, x);
            case 4 -> cleanUp(s, x);
            case 5 -> receiveRequest(s, x);
            case 6 -> checkPriorities(s, x);
            case 7 -> receiveWin(s, x);
            case 8 -> checkWin(s, x);
            case 9 -> receiveSetLock(s, x);
            case 10 -> receiveAckLock(s, x);
            case 11 -> checkDone(s, x);
            case 12 -> initUnlock(s, x);
            case 13 -> receiveRelease(s, x);
            case 14 -> receiveAckUnlock(s, x);
            case 15 -> checkUnlocked(s, x);
            default -> throw new IllegalArgumentException("LME has no action " + a);
        }
    }

    /** Which enabled state actions change something, read off the pseudocode: see {@link LmeEffects}. */
    @Override
    public StateEffects<LmeState> stateEffects() {
        return effects;
    }

    /** Colours by state and phase, Algorithms 1-3 with the branches each execution took, sentences. */
    @Override
    public ProtocolPresentation<LmeState> presentation() {
        return presentation;
    }

    /**
     * Sec. 2.2: L(u) = {v ∈ N(u) : lock(v) = ℓ_v(u)}, plus u itself if lock(u) = 0.
     * Choice: a pointer into a port whose disconnection v has not processed yet is stale and counts
     * in no lock set (otherwise a new neighbour attached to that port would "inherit" v).
     */
    @Override
    public void lockSet(int u, SystemView view, IntConsumer member) {
        LmeState su = (LmeState) view.state(u);
        if (su.lock() == 0) member.accept(u);
        for (long s = view.ports(u) & ~1L; s != 0; s &= s - 1) {
            int p = Long.numberOfTrailingZeros(s);
            int v = view.peer(u, p);
            int lock = ((LmeState) view.state(v)).lock();
            if (lock <= 0) continue; // ⊥ or v itself: never a port ≥ 1 back to u, so no peer port to read
            int pv = view.peerPort(u, p);
            if (lock == pv && (view.unprocessedDisconnections(v) & (1L << pv)) == 0) member.accept(v);
        }
    }

    /**
     * InitLock reads the scope (l. 4, L ← N[u] ∩ scope): every later step of Algorithms 1-3 sends
     * only to L and counts replies only from L, so a neighbour outside the scope takes no part,
     * and on success lock(v) = ℓ_v(u) only for the persistent members of L: L(u) = {u, v} or {u}.
     */
    @Override
    public boolean lockScopes() {
        return true;
    }

    /** L(u) holds u and neighbours only, read from their states, ports and detectors. */
    @Override
    public boolean localLockSets() {
        return true;
    }

    /** lock(v) names one port (0: v itself) and a port leads to one neighbour: v is in one L(u) at most. */
    @Override
    public boolean disjointLockSets() {
        return true;
    }

    @Override
    public List<Check> checks(CheckSettings settings) {
        return List.of(
                new MutualExclusionCheck(this),
                new PersistentLockSetCheck(this),
                new TransitBoundCheck(2),
                new AcyclicDependenciesCheck(),
                new LockoutCheck(settings.lockoutBound()),
                new DeadlockCheck());
    }

    @Override
    public MessageCodec messageCodec() {
        return codec;
    }

    /**
     * Sends {@code m} to every port of {@code ports}: the several sends of Algorithms 1-3 through
     * one loop, so the compiled operations hold one send's code, not one for each.
     */
    private static void sendEach(Execution x, long ports, Message m) {
        for (long p = ports; p != 0; p &= p - 1) x.send(Long.numberOfTrailingZeros(p), m);
    }

    private RequestLock request(int priority) {
        return priority < requests.length ? requests[priority] : new RequestLock(priority);
    }

    // ---------------------------------------------------------------- Algorithm 1

    /**
     * Alg. 1, l. 1-5. The corrected variant calls CleanUp() before l. 2 (l. 1′) instead of at
     * l. 3: the model (Sec. 2.1) hands every execution the ports cut since the node's last one and
     * resets that set, and a Lock call that does not apply (state ≠ ⊥) is still an execution. As
     * printed it consumes D without processing it, and a locking node then waits forever for a
     * reply over the cut port (flaw 4 in README). When the call applies nothing changes: CleanUp()
     * runs first in both orders.
     */
    private void initLock(LmeState s, Execution x) {
        boolean early = variant.cleanUpOnEveryCall();
        if (early) cleanUp(s, x);                                 // corrected: l. 1′
        if (s.state() != State.BOTTOM) return;                   // l. 2: one locking operation at a time
        if (!early) cleanUp(s, x);                                // l. 3
        s.state(State.PREPARE);                                   // l. 4
        // l. 4: L ← N[u], port 0 included; a scoped Lock (Sec. 6, "lock only u and v") takes
        // L ← N[u] ∩ scope, and the rest of Algorithms 1-3 runs unchanged over L. Choice: the
        // paper only sketches this; see README, Interpretation choices.
        s.L(x.ports() & x.lockScope());
        x.lockRequested();
        sendEach(x, s.L(), PREPARE);                              // l. 5
    }

    /** Alg. 1, l. 6-11. */
    private void receivePrepare(LmeState s, Execution x) {
        int l = x.receivedPort();
        cleanUp(s, x);                                            // l. 7
        if (s.phase() == Phase.COMPETE) {
            s.H(s.H() | 1L << l);                                 // l. 8: on hold, a competition is under way
        } else {
            s.A(s.A() | 1L << l);                                 // l. 10
            s.phase(Phase.PREPARE);
            x.send(l, READY);                                     // l. 11
        }
    }

    /** Alg. 1, l. 12-14. */
    private void receiveReady(LmeState s, Execution x) {
        cleanUp(s, x);                                            // l. 13
        s.R(s.R() | 1L << x.receivedPort());                      // l. 14
    }

    /** Alg. 1, l. 15-19. */
    private void checkStart(LmeState s, Execution x) {
        cleanUp(s, x);                                            // l. 16
        s.state(State.COMPETE);                                   // l. 17
        s.R(0);
        s.W(0);
        s.wTrue(0);
        int p = x.random(k);                                      // l. 18
        sendEach(x, s.L(), request(p));                           // l. 19
    }

    /** Alg. 1, l. 22-31: the CleanUp() helper, processing the D snapshot of this execution. */
    void cleanUp(LmeState s, Execution x) {
        long ready = LmeRules.cleanUp(s, x.disconnected(), variant);
        if (ready != 0) sendEach(x, ready, READY);                // l. 28
    }

    // ---------------------------------------------------------------- Algorithm 2

    /** Alg. 2, l. 1-4 (plus the corrected variant's late applicants). */
    private void receiveRequest(LmeState s, Execution x) {
        int l = x.receivedPort();
        int p = ((RequestLock) x.receivedMessage()).priority();
        cleanUp(s, x);                                            // l. 2
        if (variant.lateApplicants() && (s.late() & (1L << l)) != 0) {
            receiveLateRequest(s, x, l);                          // corrected: it missed the trial it would have joined
            return;
        }
        if ((s.A() & (1L << l)) != 0) {                           // l. 3
            s.A(s.A() & ~(1L << l));
            s.C(s.C() | 1L << l);
        }
        // l. 4. Choice: P holds one priority per port (a map). Two entries for one port cannot
        // arise: an initiator resends only after the win() that followed P's reset.
        s.P(s.P() | 1L << l);
        s.priority(l, p);
        s.phase(Phase.COMPETE);                                   // l. 4: close the competition
    }

    /**
     * Corrected: ℓ's request-lock was in transit when the trial it would have joined was decided.
     * Make it a candidate now and let it lose this trial; it resends for the next. Rare, so out of
     * {@link #receiveRequest}'s line.
     */
    private static void receiveLateRequest(LmeState s, Execution x, int l) {
        s.late(s.late() & ~(1L << l));
        s.A(s.A() & ~(1L << l));
        s.C(s.C() | 1L << l);
        s.phase(Phase.COMPETE);
        x.send(l, WIN_FALSE);
    }

    /** Alg. 2, l. 5-10. */
    private void checkPriorities(LmeState s, Execution x) {
        cleanUp(s, x);                                            // l. 6
        if (variant == LmeVariant.CORRECTED_UNSCOPED) {
            s.late(s.late() | s.A());                             // the first correction: applicants miss this trial
        } else if (variant == LmeVariant.CORRECTED && s.C() != 0) {
            s.late(s.late() | s.A());                             // only if a trial is decided (C ≠ ∅ after CleanUp)
        }
        int winner = LmeRules.winner(s);                          // l. 7
        for (long q = s.C(); q != 0; q &= q - 1) {                // l. 8-9
            int port = Long.numberOfTrailingZeros(q);
            x.send(port, port == winner ? WIN_TRUE : WIN_FALSE);
        }
        s.P(0);                                                   // l. 10: the trial is over
    }

    /** Alg. 2, l. 11-13. */
    private void receiveWin(LmeState s, Execution x) {
        int l = x.receivedPort();
        boolean b = ((Win) x.receivedMessage()).won();
        cleanUp(s, x);                                            // l. 12
        s.W(s.W() | 1L << l);                                     // l. 13
        if (b) s.wTrue(s.wTrue() | 1L << l);
        else s.wTrue(s.wTrue() & ~(1L << l));
    }

    /** Alg. 2, l. 14-22. */
    private void checkWin(LmeState s, Execution x) {
        cleanUp(s, x);                                            // l. 15
        if ((s.W() & ~s.wTrue()) != 0) {                          // l. 16: some win(false)
            int p = x.random(k);                                  // l. 17
            sendEach(x, s.L(), request(p));                       // l. 18
        } else {
            s.state(State.WIN);                                   // l. 20
            s.R(0);
            sendEach(x, s.L(), SET_LOCK);                         // l. 21
        }
        s.W(0);                                                   // l. 22
        s.wTrue(0);
    }

    /** Alg. 2, l. 23-26. Note the printed order: lock and C are set before CleanUp(). */
    private void receiveSetLock(LmeState s, Execution x) {
        int l = x.receivedPort();
        s.lock(l);                                                // l. 24
        s.C(s.C() & ~(1L << l));
        cleanUp(s, x);                                            // l. 25
        x.send(l, ACK_LOCK);                                      // l. 26
    }

    /** Alg. 2, l. 27-29. */
    private void receiveAckLock(LmeState s, Execution x) {
        cleanUp(s, x);                                            // l. 28
        s.R(s.R() | 1L << x.receivedPort());                      // l. 29
    }

    /** Alg. 2, l. 30-33. */
    private void checkDone(LmeState s, Execution x) {
        cleanUp(s, x);                                            // l. 31
        s.state(State.LOCKED);                                    // l. 32
        s.R(0);
        x.lockAcquired();                                         // l. 33: return L
    }

    // ---------------------------------------------------------------- Algorithm 3

    /**
     * Alg. 3, l. 1-5; the corrected variant calls CleanUp() before l. 2 (l. 1′) for the reason
     * given at {@link #initLock}. An Unlock call at a node that is not locked would otherwise drop
     * D too: a locking node waits forever for the cut port, and an idle node keeps a lock pointer
     * into the cut port, so its participant answers win(false) to every request from then on.
     */
    private void initUnlock(LmeState s, Execution x) {
        boolean early = variant.cleanUpOnEveryCall();
        if (early) cleanUp(s, x);                                 // corrected: l. 1′
        if (s.state() != State.LOCKED) return;                   // l. 2: one Unlock per successful Lock
        if (!early) cleanUp(s, x);                                // l. 3
        s.state(State.UNLOCK);                                    // l. 4
        s.R(0);
        x.unlockRequested();
        sendEach(x, s.L(), RELEASE_LOCK);                         // l. 5
    }

    /** Alg. 3, l. 6-8. */
    private void receiveRelease(LmeState s, Execution x) {
        int l = x.receivedPort();
        cleanUp(s, x);                                            // l. 7
        s.lock(LmeState.UNLOCKED);                                // l. 8
        x.send(l, ACK_UNLOCK);
    }

    /** Alg. 3, l. 9-11. */
    private void receiveAckUnlock(LmeState s, Execution x) {
        cleanUp(s, x);                                            // l. 10
        s.R(s.R() | 1L << x.receivedPort());                      // l. 11
    }

    /** Alg. 3, l. 12-14. */
    private void checkUnlocked(LmeState s, Execution x) {
        cleanUp(s, x);                                            // l. 13
        s.state(State.BOTTOM);                                    // l. 14
        s.R(0);
        x.unlockCompleted();
    }
}
