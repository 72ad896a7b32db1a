package dev.lockstep.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.Session;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The application's steps are narrated live and, after a jump, again from the history, the same. */
class ApplicationNarrationTest {
    @Test
    void interactionsAreToldLiveAndFromTheHistory() throws Exception {
        Session s = Session.start(ScenarioLoader.load(Path.of("sample-runs", "majority-without-locks-moving-16.json")));
        Watcher watcher = new Watcher(s.simulation());
        s.beginRound();
        for (int r = 0; r < 4; r++) s.stepRound();
        List<NarrationEntry> live = watcher.drainEntries();
        assertTrue(live.stream().anyMatch(e -> e.text().equals("p04 (B) meets p08 (A): B+A → b+a; p08 was a by now: stale")
                && e.round() == 2 && e.nodes().equals(List.of(s.simulation().indexOf("p04"), s.simulation().indexOf("p08")))), live.toString());
        assertEquals(live, SessionMoment.narration(s.simulation(), s.history().events(), Integer.MAX_VALUE));
    }
}
