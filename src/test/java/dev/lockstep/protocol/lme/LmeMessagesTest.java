package dev.lockstep.protocol.lme;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lockstep.core.Message;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The eight messages carry the names of Algorithms 1-3 into traces, the narration and the window. */
class LmeMessagesTest {
    @Test
    void everyMessageIsLabelledAsInThePaper() {
        List<Message> all = List.of(LmeMessages.PREPARE, LmeMessages.READY, new LmeMessages.RequestLock(3), LmeMessages.WIN_TRUE,
                LmeMessages.WIN_FALSE, LmeMessages.SET_LOCK, LmeMessages.ACK_LOCK, LmeMessages.RELEASE_LOCK, LmeMessages.ACK_UNLOCK);
        assertEquals(List.of("prepare()", "ready()", "request-lock(3)", "win(true)", "win(false)", "set-lock()", "ack-lock()",
                "release-lock()", "ack-unlock()"), all.stream().map(Message::label).toList());
    }
}
