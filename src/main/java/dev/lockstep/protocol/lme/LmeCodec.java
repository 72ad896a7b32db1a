package dev.lockstep.protocol.lme;

import static dev.lockstep.protocol.lme.LmeMessages.ACK_LOCK;
import static dev.lockstep.protocol.lme.LmeMessages.ACK_UNLOCK;
import static dev.lockstep.protocol.lme.LmeMessages.PREPARE;
import static dev.lockstep.protocol.lme.LmeMessages.READY;
import static dev.lockstep.protocol.lme.LmeMessages.RELEASE_LOCK;
import static dev.lockstep.protocol.lme.LmeMessages.SET_LOCK;
import static dev.lockstep.protocol.lme.LmeMessages.WIN_FALSE;
import static dev.lockstep.protocol.lme.LmeMessages.WIN_TRUE;

import dev.lockstep.core.Message;
import dev.lockstep.core.MessageCodec;
import dev.lockstep.protocol.lme.LmeMessages.AckLock;
import dev.lockstep.protocol.lme.LmeMessages.AckUnlock;
import dev.lockstep.protocol.lme.LmeMessages.Prepare;
import dev.lockstep.protocol.lme.LmeMessages.Ready;
import dev.lockstep.protocol.lme.LmeMessages.ReleaseLock;
import dev.lockstep.protocol.lme.LmeMessages.RequestLock;
import dev.lockstep.protocol.lme.LmeMessages.SetLock;
import dev.lockstep.protocol.lme.LmeMessages.Win;

/**
 * LME's messages as codes: the six without data and win(true), win(false) first, then
 * request-lock(p) for each priority p the protocol shares an instance of (0 ≤ p < K, the draws'
 * bound, when K ≤ 1,024; a priority outside, from a test or a larger K, keeps its object).
 */
final class LmeCodec implements MessageCodec {
    private static final int FIXED = 8;
    private final Message[] table;

    LmeCodec(RequestLock[] requests) {
        table = new Message[FIXED + requests.length];
        Message[] fixed = {PREPARE, READY, WIN_TRUE, WIN_FALSE, SET_LOCK, ACK_LOCK, RELEASE_LOCK, ACK_UNLOCK};
        System.arraycopy(fixed, 0, table, 0, FIXED);
        System.arraycopy(requests, 0, table, FIXED, requests.length);
    }

    @Override
    public int codes() {
        return table.length;
    }

    @Override
    public int code(Message m) {
        // the most frequent first: a trial sends a request-lock and gets a win back on every port
        if (m instanceof RequestLock r) {
            int p = r.priority();
            return p >= 0 && p < table.length - FIXED ? FIXED + p : -1;
        }
        if (m instanceof Win w) return w.won() ? 2 : 3;
        if (m instanceof Prepare) return 0;
        if (m instanceof Ready) return 1;
        if (m instanceof SetLock) return 4;
        if (m instanceof AckLock) return 5;
        if (m instanceof ReleaseLock) return 6;
        if (m instanceof AckUnlock) return 7;
        return -1;
    }

    @Override
    public Message message(int code) {
        return table[code];
    }
}
