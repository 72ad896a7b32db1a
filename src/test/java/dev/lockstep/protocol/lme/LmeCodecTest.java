package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.lockstep.core.Message;
import dev.lockstep.core.MessageCodec;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * LME's codec gives each of its messages its own code, fresh instances the code of their equal
 * canonical one: the six without data, win(true) and win(false), and request-lock(p) for every
 * priority a trial can draw (0 ≤ p < K) while K ≤ 1,024; beyond, a request-lock keeps its object.
 */
class LmeCodecTest {
    private static List<Message> fixed() {
        return List.of(new LmeMessages.Prepare(), new LmeMessages.Ready(), new LmeMessages.Win(true), new LmeMessages.Win(false),
                new LmeMessages.SetLock(), new LmeMessages.AckLock(), new LmeMessages.ReleaseLock(), new LmeMessages.AckUnlock());
    }

    @Test
    void everyMessageHasItsOwnCodeAndReadsBackEqual() {
        for (int k : new int[] {2, 8, 1024}) {
            MessageCodec codec = new Lme(k, LmeVariant.CORRECTED).messageCodec();
            assertEquals(8 + k, codec.codes());
            assertEquals(codec.codes(), MessageCodec.table(codec).length); // the table checks out
            Set<Integer> codes = new HashSet<>();
            for (Message m : fixed()) {
                int c = codec.code(m);
                assertEquals(m, codec.message(c));
                codes.add(c);
            }
            for (int p = 0; p < k; p++) {
                int c = codec.code(new LmeMessages.RequestLock(p));
                assertEquals(new LmeMessages.RequestLock(p), codec.message(c));
                codes.add(c);
            }
            assertEquals(8 + k, codes.size(), "distinct codes");
            assertEquals(-1, codec.code(new LmeMessages.RequestLock(k)));
            assertEquals(-1, codec.code(new LmeMessages.RequestLock(-1)));
            assertEquals(-1, codec.code(null));
        }
        assertSame(LmeMessages.WIN_TRUE, new Lme().messageCodec().message(new Lme().messageCodec().code(new LmeMessages.Win(true))));
    }

    @Test
    void aLargeKCodesAllButTheRequests() {
        MessageCodec codec = new Lme(2000, LmeVariant.CORRECTED).messageCodec();
        assertEquals(8, codec.codes());
        for (Message m : fixed()) assertEquals(m, codec.message(codec.code(m)));
        assertEquals(-1, codec.code(new LmeMessages.RequestLock(0)));
    }
}
