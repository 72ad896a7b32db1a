package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PortSetTest {
    @Test
    void addRemoveAndQueriesActOnOnePortOnly() {
        long s = PortSet.of(0, 3);
        assertEquals(PortSet.of(0, 3, 63), PortSet.add(s, 63));
        assertEquals(s, PortSet.add(s, 3), "adding a member changes nothing");
        assertEquals(PortSet.of(3), PortSet.remove(s, 0));
        assertEquals(s, PortSet.remove(s, 5), "removing a non-member changes nothing");
        assertTrue(PortSet.contains(s, 3));
        assertFalse(PortSet.contains(s, 1));
        assertEquals(2, PortSet.size(s));
        assertEquals(0, PortSet.first(s));
        assertEquals(3, PortSet.first(PortSet.remove(s, 0)));
        assertEquals(-1, PortSet.first(PortSet.EMPTY));
        assertTrue(PortSet.isEmpty(PortSet.remove(PortSet.of(7), 7)));
        assertFalse(PortSet.isEmpty(PortSet.of(63)));
        assertEquals("{0,3,63}", PortSet.format(PortSet.of(63, 3, 0)));
        assertEquals("∅", PortSet.format(PortSet.EMPTY));
    }

    @Test
    void portsOutsideTheNodesRangeAreNamed() {
        assertNull(PortSet.outOfRange(0, 3));
        assertNull(PortSet.outOfRange(3, 3));
        assertEquals("port 4 is outside 0..3 (Δ = 3)", PortSet.outOfRange(4, 3));
        assertEquals("port -1 is outside 0..3 (Δ = 3)", PortSet.outOfRange(-1, 3));
        assertNull(PortSet.outOfLinkRange(1, 3));
        assertNull(PortSet.outOfLinkRange(3, 3));
        assertEquals("port 0 is outside 1..3 (Δ = 3; port 0 is the node itself)", PortSet.outOfLinkRange(0, 3));
        assertTrue(PortSet.outOfLinkRange(66, 3).startsWith("port 66 is outside"));
    }
}
