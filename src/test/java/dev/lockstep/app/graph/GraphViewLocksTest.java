package dev.lockstep.app.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.check.LockSets;
import dev.lockstep.session.Session;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Lock pointers and lock-set hulls appear while a node holds its locks and go when it unlocks. */
@ExtendWith(ApplicationExtension.class)
class GraphViewLocksTest {
    Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void lockPointersAndHullAppearForALockedNodeAndDisappearAfterUnlock(FxRobot robot) throws Exception {
        // No random workload: only a locks, so nothing else holds a's neighbours.
        Session session = Fx.sessionWithoutWorkload("ring-8.json");
        Simulation sim = session.simulation();
        int a = sim.indexOf("a");
        GraphView view = Fx.show(robot, stage, session, 900, 700);
        int before = tinted(robot, view, a);

        robot.interact(() -> {
            session.call(a, Call.LOCK);
            for (int i = 0; i < 300 && sim.status(a) != OperationStatus.LOCKED; i++) session.stepRound();
            view.update(false);
        });
        Fx.frames(2);
        assertEquals(OperationStatus.LOCKED, sim.status(a), "a got its locks");
        int[] members = LockSets.of(sim.protocol(), sim, a);
        assertTrue(members.length >= 2, "a's lock set has neighbours in it");
        LockSet drawn = null;
        for (LockSet ls : view.drawnLockSets()) if (ls.holder() == a) drawn = ls;
        assertTrue(drawn != null, "a's lock set is drawn");
        assertArrayEquals(members, drawn.members());
        List<String> pointers = new ArrayList<>();
        for (int[] p : view.drawnPointers()) if (p[1] == a) pointers.add(sim.nodeName(p[0]));
        List<String> expected = new ArrayList<>();
        for (int m : members) if (m != a) expected.add(sim.nodeName(m));
        assertEquals(expected, pointers, "one pointer from each locked member to a, none from a itself");
        int locked = tinted(robot, view, a);
        assertTrue(locked > before + 150, "a's hull is painted in its colour around a and its members: " + before
                + " -> " + locked + " pixels");
        assertTrue(pointerPixels(robot, view, members, a) > 0, "the pointers are painted in a's colour");

        robot.interact(() -> {
            session.call(a, Call.UNLOCK);
            for (int i = 0; i < 300 && sim.status(a) != OperationStatus.IDLE; i++) session.stepRound();
            view.update(false);
        });
        Fx.frames(2);
        assertEquals(OperationStatus.IDLE, sim.status(a));
        assertTrue(view.drawnLockSets().stream().noneMatch(ls -> ls.holder() == a), "a's lock set is gone");
        assertTrue(view.drawnPointers().stream().noneMatch(p -> p[1] == a), "and so are the pointers to a");
        int after = tinted(robot, view, a);
        assertTrue(after < before + 20, "no hull left: " + after + " pixels (before the lock: " + before + ")");
    }

    /** Pixels, in a box around the holder, of its hull colour over white. */
    private static int tinted(FxRobot robot, GraphView view, int holder) {
        WritableImage[] shot = new WritableImage[1];
        robot.interact(() -> shot[0] = view.snapshot());
        Color c = Palette.holder(holder);
        double alpha = 0.33;
        Color blend = new Color(c.getRed() * alpha + 1 - alpha, c.getGreen() * alpha + 1 - alpha, c.getBlue() * alpha + 1 - alpha, 1);
        Point2D p = view.nodePosition(holder);
        PixelReader px = shot[0].getPixelReader();
        int count = 0;
        int box = 140;
        for (int x = (int) p.getX() - box; x <= p.getX() + box; x++) {
            for (int y = (int) p.getY() - box; y <= p.getY() + box; y++) {
                if (x < 0 || y < 0 || x >= shot[0].getWidth() || y >= shot[0].getHeight()) continue;
                Color k = px.getColor(x, y);
                if (Math.abs(k.getRed() - blend.getRed()) < 0.03 && Math.abs(k.getGreen() - blend.getGreen()) < 0.03
                        && Math.abs(k.getBlue() - blend.getBlue()) < 0.03) count++;
            }
        }
        return count;
    }

    /** Pixels of the holder's opaque colour on the first third of the segments member -> holder. */
    private static int pointerPixels(FxRobot robot, GraphView view, int[] members, int holder) {
        WritableImage[] shot = new WritableImage[1];
        robot.interact(() -> shot[0] = view.snapshot());
        Color c = Palette.holder(holder);
        int count = 0;
        Point2D h = view.nodePosition(holder);
        for (int m : members) {
            if (m == holder) continue;
            Point2D p = view.nodePosition(m);
            for (double t = 0.05; t < 0.4; t += 0.005) {
                Point2D q = p.add(h.subtract(p).multiply(t));
                Color k = shot[0].getPixelReader().getColor((int) q.getX(), (int) q.getY());
                if (GraphViewModelTest.close(c, k)) count++;
            }
        }
        return count;
    }
}
