package dev.lockstep.app.window;

import dev.lockstep.core.NeighbourhoodArea;
import java.util.List;

/**
 * Whether View › Layout is offered: only where positions are free. Not on a unit disk, where a
 * node's position is the topology (moving it links and cuts edges), and not with areas of the
 * plane, where a node's position decides its region (a layout would move nodes between
 * neighbourhoods).
 */
final class LayoutOffer {
    private LayoutOffer() {}

    static final String NOT_WITH_AREAS =
            "Not offered with areas of the plane: there a node's position decides its region (neighbourhood)";

    /** Why the layouts are not offered (a unit disk, or areas of the plane), or null when they are. */
    static String whyNot(double unitDisk, List<NeighbourhoodArea> areas) {
        // areas first: a KLME scenario may also be a unit disk (a wide one, for a complete graph that
        // follows the nodes), and its neighbourhoods are the reason a lecturer needs to hear
        if (!areas.isEmpty()) return NOT_WITH_AREAS;
        if (unitDisk > 0) return Controls.NOT_ON_A_UNIT_DISK;
        return null;
    }
}
