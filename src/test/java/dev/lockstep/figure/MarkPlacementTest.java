package dev.lockstep.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Where the protocol marks go around a node (pixels, y down), shared by the window and the figures. */
class MarkPlacementTest {
    private static final double R = 11;
    private final double[] px = {100, 300, 100};
    private final double[] py = {100, 100, 392};
    private final LabelPlacement p = new LabelPlacement(px, py, R, 1, 0, 0, 400, 400);
    private final double[] at = new double[4];

    @Test
    void theBadgeAndTheLeaderSitOnTheUpperRimMostlyOutsideTheNode() {
        p.badge(0, at);
        assertTrue(at[0] > px[0] && at[1] < py[0], "upper right");
        assertTrue(Math.hypot(at[0] - px[0], at[1] - py[0]) > R, "its centre outside the fill");
        p.leader(0, at);
        assertTrue(at[0] < px[0] && at[1] < py[0], "upper left");
    }

    @Test
    void theLabelStacksBeyondTheNameAndTheQueueBesideIt() {
        double nameW = 20;
        double nameH = 13;
        double[] name = new double[2];
        p.name(0, 0, nameW, nameH, name);
        p.label(0, 0, nameW, nameH, 30, 11, at);
        assertEquals(name[0], at[0], 1e-9);
        assertTrue(at[1] > name[1] + nameH / 2, "under the name, which is under the node");
        p.label(0, 1, nameW, nameH, 30, 11, at);
        p.name(0, 1, nameW, nameH, name);
        assertTrue(at[1] < name[1] - nameH / 2, "above the name above the node");
        double labelY = at[1];
        p.queue(0, 1, nameW, nameH, 30, 12, 11, at);
        assertEquals(labelY, at[1], 1e-9);
        assertTrue(at[0] - 6 >= px[0] + 15, "right of the label");
        p.label(0, 2, nameW, nameH, 40, 11, at);
        assertTrue(at[0] - 20 >= px[0], "a label right of its node grows away from it");
    }

    @Test
    void aLabelThatWouldLeaveTheDrawingGoesToTheOtherSide() {
        p.label(2, 0, 20, 13, 30, 11, at);
        assertTrue(at[1] < py[2], "above the node at the bottom border: " + at[1]);
        assertTrue(at[1] - 5.5 >= 0, "inside");
    }

    @Test
    void anArrowheadPointsAlongItsEdgePastTheMiddleOnlyWhenThereIsRoom() {
        assertTrue(p.arrow(0, 1, 10, at));
        assertEquals(1, at[2], 1e-9);
        assertEquals(0, at[3], 1e-9);
        assertTrue(at[0] > 200 && at[0] < px[1] - R, "past the middle, before the rim: " + at[0]);
        assertTrue(p.arrow(1, 0, 10, at));
        assertEquals(-1, at[2], 1e-9);
        assertTrue(at[0] < 200, "the other way");
        LabelPlacement close = new LabelPlacement(new double[] {0, 30}, new double[] {0, 0}, R, 1, 0, 0, 400, 400);
        assertFalse(close.arrow(0, 1, 10, at), "no room between rims 8 px apart");
    }
}
