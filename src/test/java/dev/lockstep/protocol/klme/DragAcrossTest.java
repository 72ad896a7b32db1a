package dev.lockstep.protocol.klme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Configuration;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.Session;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A node dragged across an area's boundary in the window (a session's move input) leaves one
 * neighbourhood and joins the other, in CS too; the session saves, reloads and replays to the
 * same configuration, the move call re-derived from the move.
 */
class DragAcrossTest {
    @Test
    void aLeaderInCsDraggedIntoTheOtherAreaHandsOverAndWaitsThere_andTheSessionReplays() throws Exception {
        Session s = Session.start(ScenarioLoader.load(Path.of("sample-runs", "klme-leader-walks-away.json")));
        s.runUntil(10);                                               // 1 leads A and is in CS (rounds 9–11)
        int one = s.simulation().indexOf("1");
        assertEquals(KlmeState.Phase.CS, ((KlmeState) s.simulation().state(one)).state());
        s.move(one, 9, 2);                                            // the drag, into B
        s.runUntil(30);
        KlmeState after = (KlmeState) s.simulation().state(one);
        assertEquals("B", after.region());
        assertEquals("A", after.left());
        int two = s.simulation().indexOf("2");
        assertTrue(s.simulation().stats().locksAcquired() >= 3, "1 re-requested in B and was served");
        assertEquals("A", ((KlmeState) s.simulation().state(two)).region());
        assertTrue(s.simulation().violations().isEmpty(), s.simulation().violations().toString());
        Configuration here = s.simulation().configuration();
        String json = s.toJson();
        Session again = Session.parse(json, "drag.session.json");
        again.runUntil(30);
        assertEquals(here, again.simulation().configuration(), "the saved session replays exactly");
    }
}
