package dev.lockstep.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.session.Session;
import dev.lockstep.workspace.SessionFiles;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The narration told live (the Watcher) and told again from the history after a jump (SessionMoment) is the same. */
class NarrationOnceTest {
    @Test
    void theLiveNarrationIsTheOneTheHistoryTells() {
        Session s = Session.start(SessionFiles.defaultScenario());
        Watcher watcher = new Watcher(s.simulation());
        s.beginRound();
        for (int r = 0; r < 25; r++) s.stepRound();
        s.cut(0, 1);
        s.call(2, Call.LOCK);
        for (int r = 0; r < 10; r++) s.stepRound();
        s.link(0, 1);
        for (int r = 0; r < 10; r++) s.stepRound();
        List<NarrationEntry> live = watcher.drainEntries();
        List<NarrationEntry> told = SessionMoment.narration(s.simulation(), s.history().events(), Integer.MAX_VALUE);
        assertTrue(live.size() > 50, "entries: " + live.size());
        assertEquals(live, told);
    }
}
