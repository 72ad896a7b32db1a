package dev.lockstep.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.lockstep.core.NeighbourhoodArea;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * View › Layout is offered only where positions are free: not on a unit disk (position is the
 * topology) and not with areas of the plane (position is the neighbourhood), each with its reason.
 */
class LayoutOfferTest {
    private static final List<NeighbourhoodArea> AREAS = List.of(new NeighbourhoodArea("A", 0, 0, 5, 5));

    @Test
    void explicitEdgesWithoutAreasOfferTheLayouts() {
        assertNull(LayoutOffer.whyNot(0, List.of()));
    }

    @Test
    void aUnitDiskOrAreasOfThePlaneDoNotAndSayWhy() {
        assertEquals(Controls.NOT_ON_A_UNIT_DISK, LayoutOffer.whyNot(1.5, List.of()));
        assertEquals(LayoutOffer.NOT_WITH_AREAS, LayoutOffer.whyNot(0, AREAS));
        assertEquals(LayoutOffer.NOT_WITH_AREAS, LayoutOffer.whyNot(1.5, AREAS), "the neighbourhoods are the first reason (KLME on a wide unit disk)");
        assertEquals(true, LayoutOffer.NOT_WITH_AREAS.contains("areas of the plane"));
    }
}
