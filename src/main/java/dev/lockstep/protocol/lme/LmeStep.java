package dev.lockstep.protocol.lme;

import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.Message;
import dev.lockstep.protocol.lme.LmeState.State;

/**
 * One LME execution taken apart for the narration and the pseudocode highlight: the state before,
 * the state at the start of the action's body after its CleanUp() call ({@link #mid}), and the
 * state after. {@link #mid} is computed by replaying {@link LmeRules#cleanUp} on a copy of the
 * state before, so every branch the operation took can be read off it exactly as the operation
 * decided it.
 */
final class LmeStep {
    final ExecutionRecord record;
    final LmeVariant variant;
    final String label;
    /** Port the received message arrived on, or -1. */
    final int port;
    final Message message;
    /** The D snapshot the execution processed. */
    final long d;
    final LmeState before;
    /** The state CleanUp() started from: {@link #before}, or for ReceiveSetLock after l. 24. */
    final LmeState pre;
    /** The state right after CleanUp() (equal to {@link #pre} if CleanUp() was not called). */
    final LmeState mid;
    final LmeState after;
    /**
     * Whether the operation called CleanUp(): not when a Lock/Unlock call did not apply, except in
     * the corrected variant, which calls it before the l. 2 test.
     */
    final boolean cleaned;
    /** Whether a Lock/Unlock call applied (passed l. 2); true for every other action. */
    final boolean applied;
    /** Ports CleanUp()'s l. 28 sent ready() to. */
    final long ready;

    LmeStep(ExecutionRecord record, LmeState before, LmeVariant variant) {
        this.record = record;
        this.variant = variant;
        this.label = record.label();
        this.port = record.received() == null ? -1 : record.received().toPort();
        this.message = record.received() == null ? null : record.received().message();
        this.d = record.disconnected();
        this.before = before;
        this.after = (LmeState) record.state();
        LmeState p = before.copy();
        boolean a = true;
        switch (label) {
            case "InitLock" -> a = before.state() == State.BOTTOM;
            case "InitUnlock" -> a = before.state() == State.LOCKED;
            case "ReceiveSetLock" -> {                            // Alg. 2, l. 24 runs before CleanUp()
                p.lock(port);
                p.C(p.C() & ~(1L << port));
            }
            default -> { }
        }
        this.pre = p;
        this.applied = a;
        boolean c = a || variant.cleanUpOnEveryCall();
        this.cleaned = c;
        LmeState m = p.copy();
        this.ready = c ? LmeRules.cleanUp(m, d, variant) : 0;
        this.mid = m;
    }

    /** Whether CleanUp() found C = ∅ (l. 27) and so ran l. 28-31. */
    boolean competitionBranch() {
        return cleaned && mid.C() == 0;
    }

    /** Whether ReceiveRequest took the corrected variants' late branch. */
    boolean lateRequest() {
        return variant.lateApplicants() && (mid.late() & (1L << port)) != 0;
    }

    /** Whether CheckWin saw some win(false) (Alg. 2, l. 16). */
    boolean someLoss() {
        return (mid.W() & ~mid.wTrue()) != 0;
    }
}
