package dev.lockstep.protocol.lme;

import dev.lockstep.core.Message;

/**
 * The eight message types of Algorithms 1-3; only request-lock and win carry data (Lemma 4.18),
 * so a run's messages are a few values, each sent as one shared instance and kept in transit as
 * its code ({@link LmeCodec}).
 */
public final class LmeMessages {
    private LmeMessages() {}

    /** Alg. 1, l. 5: an initiator announces that it intends to lock the receiver. */
    public record Prepare() implements Message {
        @Override public String label() { return "prepare()"; }
    }

    /** Alg. 1, l. 11 and l. 28: the participant admits the initiator as an applicant. */
    public record Ready() implements Message {
        @Override public String label() { return "ready()"; }
    }

    /** Alg. 1, l. 19 and Alg. 2, l. 18: the initiator's priority for one competition trial. */
    public record RequestLock(int priority) implements Message {
        @Override public String label() { return "request-lock(" + priority + ")"; }
    }

    /** Alg. 2, l. 8-9: the outcome of a trial at one participant. */
    public record Win(boolean won) implements Message {
        @Override public String label() { return "win(" + won + ")"; }
    }

    /** Alg. 2, l. 21: the winner asks its participants to set their lock pointers. */
    public record SetLock() implements Message {
        @Override public String label() { return "set-lock()"; }
    }

    /** Alg. 2, l. 26. */
    public record AckLock() implements Message {
        @Override public String label() { return "ack-lock()"; }
    }

    /** Alg. 3, l. 5. */
    public record ReleaseLock() implements Message {
        @Override public String label() { return "release-lock()"; }
    }

    /** Alg. 3, l. 8. */
    public record AckUnlock() implements Message {
        @Override public String label() { return "ack-unlock()"; }
    }

    static final Prepare PREPARE = new Prepare();
    static final Ready READY = new Ready();
    static final Win WIN_TRUE = new Win(true);
    static final Win WIN_FALSE = new Win(false);
    static final SetLock SET_LOCK = new SetLock();
    static final AckLock ACK_LOCK = new AckLock();
    static final ReleaseLock RELEASE_LOCK = new ReleaseLock();
    static final AckUnlock ACK_UNLOCK = new AckUnlock();
}
