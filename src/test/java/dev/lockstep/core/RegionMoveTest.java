package dev.lockstep.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.protocol.klme.Klme;
import dev.lockstep.protocol.klme.KlmeVariant;
import dev.lockstep.protocol.ricartagrawala.RicartAgrawala;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Regions are dynamic: a move across an area's boundary changes {@link SystemView#region} and
 * raises {@link Call#MOVE} at the node, for a protocol that declares regions; a move within an
 * area, or any move under a protocol without regions, does neither.
 */
class RegionMoveTest {
    private static final List<NeighbourhoodArea> AREAS = List.of(new NeighbourhoodArea("A", 0, 0, 5, 5),
            new NeighbourhoodArea("B", 5, 0, 5, 5));

    private static Simulation sim(Protocol<?> p) {
        return new Simulation(new SimulationConfig(p, List.of("u", "v"), new double[] {1, 6}, new double[] {1, 1}, null, 1,
                ChannelDiscipline.FIFO, PortAssignment.LOWEST, CheckSettings.DEFAULTS, 1, AREAS));
    }

    @Test
    void aMoveAcrossTheBoundaryChangesTheRegionAndQueuesTheMoveCall_silently() {
        Simulation s = sim(new Klme(1, KlmeVariant.CORRECTED));
        List<Call> heard = new ArrayList<>();
        s.addListener(new SimulationListener() {
            @Override
            public void called(int round, int u, Call c) {
                heard.add(c);
            }
        });
        assertEquals("A", s.region(0));
        assertEquals("B", s.region(1));
        s.endRound();
        s.endRound();
        s.move(0, 7, 2);
        assertEquals("B", s.region(0));
        assertEquals(2, s.regionSince(0));
        assertEquals(List.of(Call.MOVE), s.pendingCalls(0));
        assertTrue(heard.isEmpty(), "the call follows from the move; listeners hear only the move: " + heard);
        s.move(0, 20, 20);
        assertEquals("", s.region(0), "outside every area");
        assertEquals(List.of(Call.MOVE, Call.MOVE), s.pendingCalls(0));
    }

    @Test
    void aMoveWithinTheAreaChangesNothing() {
        Simulation s = sim(new Klme(1, KlmeVariant.CORRECTED));
        s.move(0, 4.9, 4.9);
        assertEquals("A", s.region(0));
        assertEquals(0, s.regionSince(0));
        assertEquals(List.of(), s.pendingCalls(0));
    }

    @Test
    void aProtocolWithoutRegionsNeverSeesTheCall() {
        Simulation s = sim(new RicartAgrawala());
        s.move(0, 7, 2);
        assertEquals(List.of(), s.pendingCalls(0));
    }

    @Test
    void aCopyAndARestoreCarryTheRegions() {
        Simulation s = sim(new Klme(1, KlmeVariant.CORRECTED));
        Simulation before = s.copy();
        s.move(0, 7, 2);
        Simulation after = s.copy();
        assertEquals("B", after.region(0));
        s.restore(before);
        assertEquals("A", s.region(0));
        assertEquals(List.of(), s.pendingCalls(0));
    }

    /** The region arrays are made only once a node has a region other than "": before, every node reads "" since round 0. */
    @Test
    void nodesOutsideEveryAreaReadTheEmptyRegionUntilOneMovesIn() {
        Simulation s = new Simulation(new SimulationConfig(new Klme(1, KlmeVariant.CORRECTED), List.of("u", "v"),
                new double[] {20, 30}, new double[] {20, 30}, null, 1, ChannelDiscipline.FIFO, PortAssignment.LOWEST,
                CheckSettings.DEFAULTS, 1, AREAS));
        Simulation before = s.copy();
        assertEquals("", s.region(0));
        assertEquals("", s.region(1));
        s.endRound();
        s.move(1, 6, 1);
        assertEquals("", s.region(0));
        assertEquals(0, s.regionSince(0));
        assertEquals("B", s.region(1));
        assertEquals(1, s.regionSince(1));
        assertEquals(List.of(Call.MOVE), s.pendingCalls(1));
        assertEquals("B", s.copy().region(1));
        s.restore(before);
        assertEquals("", s.region(1));
        assertEquals(0, s.regionSince(1));
    }

    @Test
    void regionsOfNodeSetsAndNoneReadAsGiven() {
        Simulation none = new Simulation(new SimulationConfig(new RicartAgrawala(), List.of("u", "v"),
                new double[2], new double[2], null, 1, ChannelDiscipline.FIFO, PortAssignment.LOWEST, CheckSettings.DEFAULTS, 1));
        assertEquals("", none.region(1));
        assertEquals("", none.copy().region(0));
        Simulation sets = new Simulation(new SimulationConfig(new Klme(1, KlmeVariant.CORRECTED), List.of("u", "v", "w"),
                new double[3], new double[3], List.of("", "R", "S"), 1, ChannelDiscipline.FIFO, PortAssignment.LOWEST,
                CheckSettings.DEFAULTS, 1));
        assertEquals(List.of("", "R", "S"), List.of(sets.region(0), sets.region(1), sets.region(2)));
        assertEquals("R", sets.copy().region(1));
    }
}
