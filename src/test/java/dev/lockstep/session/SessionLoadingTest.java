package dev.lockstep.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

/** Loading a session replays it to its round: each round is reported, and the load can be stopped. */
class SessionLoadingTest {
    static String json(int round) throws Exception {
        Session s = Session.start(ScenarioLoader.load(Path.of("sample-runs/ring-8.json")), 3);
        s.call(s.simulation().indexOf("c"), Call.LOCK);
        s.runUntil(4);
        String text = s.toJson();
        String top = "\"seed\":3,\"round\":4,";
        assertTrue(text.contains(top), text);
        return text.replace(top, "\"seed\":3,\"round\":" + round + ",");
    }

    @Test
    void everyRoundOfTheReplayIsReported() throws Exception {
        List<String> seen = new ArrayList<>();
        Session s = Session.parse(json(12), "s.json", (done, total) -> seen.add(done + "/" + total));
        assertEquals(12, s.round());
        assertEquals(12, seen.size());
        assertEquals("1/12", seen.get(0));
        assertEquals("12/12", seen.get(11));
    }

    /** Before: a session at round 2^31-2 replayed every round with no way to stop it. */
    @Test
    void aLoadIsStoppedByCancellingFromTheCallback() throws Exception {
        int[] rounds = {0};
        assertThrows(CancellationException.class, () -> Session.parse(json(Integer.MAX_VALUE - 1), "s.json", (done, total) -> {
            rounds[0] = done;
            if (done == 50) throw new CancellationException();
        }), "the cancellation is not turned into a bad-file message");
        assertEquals(50, rounds[0]);
    }
}
