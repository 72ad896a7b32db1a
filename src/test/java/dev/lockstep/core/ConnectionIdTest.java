package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * An execution delivers what it sent only if the connection on the port is the one it began on:
 * the id must change with every re-link, also within one round, and stay put otherwise.
 */
class ConnectionIdTest {
    @Test
    void openPortsAndPortZeroHaveNoConnection() {
        TimeVaryingGraph g = new TimeVaryingGraph(3, 4);
        assertEquals(0, g.connectionId(0, 0));
        assertEquals(0, g.connectionId(0, 1));
        g.link(0, 1, 1, 2, 5);
        assertNotEquals(0, g.connectionId(0, 1));
        assertNotEquals(0, g.connectionId(1, 2));
        assertEquals(0, g.connectionId(0, 0), "port 0 is the node itself");
        g.cut(0, 1, 6);
        assertEquals(0, g.connectionId(0, 1));
    }

    @Test
    void everyRelinkOfAPortIsANewConnection_evenManyWithinOneRound() {
        TimeVaryingGraph g = new TimeVaryingGraph(3, 4);
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 254; i++) {
            g.link(0, 1, 1 + i % 2, 1, 7); // alternate peers, same ports, same round
            long id = g.connectionId(0, 1);
            assertEquals(id, g.copy().connectionId(0, 1), "a copy names the same connection");
            assertEquals(true, seen.add(id), "re-link " + i + " reused an id");
            g.cut(0, 1 + i % 2, 7);
        }
        g.link(0, 1, 1, 1, 8);
        assertEquals(true, seen.add(g.connectionId(0, 1)), "a later round is a new connection");
    }

    @Test
    void aConnectionKeepsItsIdWhileOtherPortsChange() {
        TimeVaryingGraph g = new TimeVaryingGraph(3, 4);
        g.link(0, 1, 1, 1, 1);
        long id = g.connectionId(0, 1);
        g.link(0, 2, 2, 1, 2);
        g.cut(0, 2, 3);
        g.link(0, 2, 2, 1, 3);
        assertEquals(id, g.connectionId(0, 1));
    }
}
