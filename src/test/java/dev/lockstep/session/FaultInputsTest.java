package dev.lockstep.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.Simulation;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A crash and a lost message given by hand are session inputs: saved, reloaded, replayed exactly. */
class FaultInputsTest {
    @Test
    void crashAndLoseSurviveSaveAndLoad(@TempDir Path dir) throws Exception {
        Session s = Session.start(SessionTest.ring(), 77);
        s.runUntil(4);
        s.crash(2);
        Simulation sim = s.simulation();
        int to = -1;
        for (int round = 5; round < 60 && to < 0; round++) {
            s.runUntil(round);
            for (int v = 0; v < sim.nodeCount() && to < 0; v++) if (sim.channels().size(v) > 0) to = v;
        }
        assertTrue(to >= 0, "a message in transit at some round boundary");
        Envelope e = sim.channels().get(to, 0);
        s.lose(to, e.id());
        assertEquals(-1, sim.channels().indexOf(to, e.id()));
        s.runUntil(80);
        assertTrue(s.inputs().stream().anyMatch(in -> in instanceof Input.Crash c && c.node() == 2));
        assertTrue(s.inputs().stream().anyMatch(in -> in instanceof Input.Lose l && l.message() == e.id()));

        Path file = dir.resolve("f.lockstep-session.json");
        s.save(file);
        Session back = Session.load(file);
        assertEquals(s.inputs(), back.inputs());
        assertTrue(back.simulation().crashed(2));
        assertEquals(sim.configuration(), back.simulation().configuration());
        assertEquals(sim.stats().messagesLost(), back.simulation().stats().messagesLost());
        assertEquals(s.toJson(), back.toJson());
    }
}
