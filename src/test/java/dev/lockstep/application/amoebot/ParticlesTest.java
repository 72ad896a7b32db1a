package dev.lockstep.application.amoebot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.SystemView;
import dev.lockstep.core.Violation;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/** A particle system's steps: what a move reads, what it writes, what it says, and what the checks see. */
class ParticlesTest {
    private static final IntFunction<String> NAME = u -> "p0" + u;

    private static Particles two() {
        return new Particles(List.of(new Cell(0, 0), new Cell(2, 0)));
    }

    @Test
    void anExpansionReadsWhenItBeginsAndWritesWhenItEnds() {
        Particles p = two();
        assertEquals("contracted", p.label(0));
        assertEquals("p00 (contracted on (0,0)) reads (1,0) empty and begins to expand into it", p.step(3, NAME, 0, Particles.expand(0), -1));
        assertTrue(p.moving(0));
        assertEquals(3, p.since(0));
        assertEquals(new Cell(1, 0), p.claim(0));
        assertFalse(p.expanded(0), "nothing is written before the end");
        assertEquals("p00 expands from (0,0) into (1,0)", p.step(5, NAME, 0, Particles.END, -1));
        assertTrue(p.expanded(0));
        assertEquals("expanded", p.label(0));
        assertEquals(new Cell(0, 0), p.tail(0));
        assertEquals(new Cell(1, 0), p.head(0));
        assertEquals(0.5, p.x(0), 1e-12);
        assertEquals(0, p.y(0), 1e-12);
        assertFalse(p.moving(0));
        assertNull(p.claim(0));
        assertEquals("p00 (expanded on (0,0) and (1,0)) begins to contract into (1,0), its head", p.step(6, NAME, 0, Particles.CONTRACT_HEAD, -1));
        assertNull(p.claim(0), "a contraction claims no cell");
        assertEquals("p00 contracts into (1,0)", p.step(6, NAME, 0, Particles.END, -1));
        assertEquals(new Cell(1, 0), p.tail(0));
        assertFalse(p.expanded(0));
        assertEquals(1, p.expansions());
        assertEquals(1, p.contractions());
        // contracting into the tail keeps the cell it came from
        p.step(7, NAME, 1, Particles.expand(1), -1);
        p.step(7, NAME, 1, Particles.END, -1);
        assertEquals("p01 (expanded on (2,0) and (2,1)) begins to contract into (2,0), its tail", p.step(8, NAME, 1, Particles.CONTRACT_TAIL, -1));
        assertEquals("p01 contracts into (2,0)", p.step(8, NAME, 1, Particles.END, -1));
    }

    @Test
    void aTakenCellMeansNoMove() {
        Particles p = new Particles(List.of(new Cell(0, 0), new Cell(1, 0)));
        assertEquals("p00 finds (1,0) taken: no move", p.step(0, NAME, 0, Particles.expand(0), -1));
        assertFalse(p.moving(0));
        assertEquals(1, p.blocked());
        assertEquals(0, p.expansions());
    }

    @Test
    void overlappingExpansionsActOnStaleReadsAndTheCheckSeesIt() {
        Particles p = two();
        List<Violation> out = new ArrayList<>();
        p.step(0, NAME, 0, Particles.expand(0), -1);
        p.step(0, NAME, 1, Particles.expand(3), -1); // both read (1,0) empty
        new NoCollisionCheck().endOfRound(view(p, 0), out);
        assertEquals(1, out.size());
        assertEquals("p00 and p01 are both expanding into (1,0)", out.get(0).message());
        assertEquals(List.of(0, 1), out.get(0).nodes());
        assertEquals("p00 expands from (0,0) into (1,0)", p.step(2, NAME, 0, Particles.END, -1));
        assertEquals("p01 expands from (2,0) into (1,0); p00 is there by now: collision", p.step(2, NAME, 1, Particles.END, -1));
        assertArrayEquals(new int[] {0, 1}, p.occupants(new Cell(1, 0)));
        out.clear();
        new NoCollisionCheck().endOfRound(view(p, 2), out);
        assertEquals(List.of("cell (1,0) is occupied by p00 and p01"), out.stream().map(Violation::message).toList());
    }

    @Test
    void badStepsAreRefused() {
        Particles p = two();
        assertThrows(IllegalArgumentException.class, () -> p.step(0, NAME, 0, Particles.END, -1), "no move under way");
        assertThrows(IllegalArgumentException.class, () -> p.step(0, NAME, 0, Particles.CONTRACT_HEAD, -1), "contracted");
        assertThrows(IllegalArgumentException.class, () -> p.step(0, NAME, 0, "expand-6", -1));
        assertThrows(IllegalArgumentException.class, () -> p.step(0, NAME, 0, "jump", -1));
        assertThrows(IllegalArgumentException.class, () -> p.step(0, NAME, 0, Particles.expand(0), 1), "no partner");
        assertThrows(IllegalArgumentException.class, () -> p.step(0, NAME, 2, Particles.expand(0), -1), "no particle 2");
        p.step(0, NAME, 0, Particles.expand(0), -1);
        assertThrows(IllegalArgumentException.class, () -> p.step(0, NAME, 0, Particles.expand(1), -1), "already moving");
        p.step(0, NAME, 0, Particles.END, -1);
        assertThrows(IllegalArgumentException.class, () -> p.step(0, NAME, 0, Particles.expand(1), -1), "expanded");
    }

    @Test
    void aCopyIsIndependent() {
        Particles p = two();
        p.step(0, NAME, 0, Particles.expand(0), -1);
        Particles c = p.copy();
        p.step(1, NAME, 0, Particles.END, -1);
        assertTrue(p.expanded(0));
        assertFalse(c.expanded(0));
        assertTrue(c.moving(0));
        assertFalse(c.occupied(new Cell(1, 0)));
        c.step(1, NAME, 0, Particles.END, -1);
        assertTrue(c.occupied(new Cell(1, 0)));
    }

    /** A view of the particles alone (what the checks read of it). */
    private static SystemView view(Particles p, int round) {
        return (SystemView) Proxy.newProxyInstance(SystemView.class.getClassLoader(), new Class<?>[] {SystemView.class},
                (proxy, m, args) -> switch (m.getName()) {
                    case "application" -> p;
                    case "round" -> round;
                    case "nodeName" -> NAME.apply((Integer) args[0]);
                    case "nodeCount" -> p.particles();
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }
}
