package dev.lockstep.app.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import dev.lockstep.session.Session;
import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Pictures (saved in target/ for people to look at), the legend per protocol, lecture mode, the
 * animation between steps and the frame counter.
 */
@ExtendWith(ApplicationExtension.class)
class GraphViewLookTest {
    Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void midRunPicturesAndLectureMode(FxRobot robot) throws Exception {
        Session session = Fx.session("unit-disk-swarm-30.json");
        Simulation sim = session.simulation();
        // run until a lock set with neighbours in it is held while messages are in transit
        for (int i = 0; i < 400; i++) {
            session.stepRound();
            boolean held = false;
            for (int u = 0; u < sim.nodeCount() && !held; u++) {
                held = dev.lockstep.core.check.LockSets.of(sim.protocol(), sim, u).length >= 3;
            }
            if (held && sim.totalInTransit() >= 8 && sim.round() > 30) break;
        }
        GraphView view = Fx.show(robot, stage, session, 1260, 790);
        robot.interact(() -> view.setSelected(sim.indexOf("s13")));
        Fx.frames(3);
        assertFalse(view.drawnLockSets().isEmpty(), "lock sets drawn at round " + sim.round());
        assertTrue(view.drawnTokens().size() >= 8, "tokens drawn");
        assertTrue(view.detailed(), "at this size the labels are drawn");
        WritableImage normal = shot(robot, stage);
        Fx.save(normal, "graph-view-midrun.png");
        assertTrue(new File("target/graph-view-midrun.png").length() > 10_000);

        robot.interact(() -> view.setLectureMode(true));
        Fx.frames(3);
        WritableImage lecture = shot(robot, stage);
        Fx.save(lecture, "graph-view-lecture.png");
        // lecture mode: thicker lines and larger type, so more dark pixels in the same picture
        assertTrue(dark(lecture) > dark(normal) * 1.15, "lecture mode is bolder: " + dark(normal) + " -> " + dark(lecture));
        robot.interact(() -> view.zoom(1.8));
        Fx.frames(3);
        Fx.save(shot(robot, stage), "graph-view-lecture-zoomed.png");
    }

    @Test
    void theLegendFollowsTheProtocol(FxRobot robot) throws Exception {
        Session lme = Fx.session("ring-8.json");
        GraphView lmeView = Fx.show(robot, stage, lme, 1000, 700);
        Set<String> lmeText = texts(lmeView.legend());
        assertTrue(lmeText.containsAll(List.of("prepare", "compete", "win", "locked", "unlock", "Node ring: phase")), lmeText.toString());

        Session ra = Fx.session("ricart-agrawala-complete-5.json");
        for (int i = 0; i < 60; i++) ra.stepRound();
        GraphView raView = Fx.show(robot, stage, ra, 1000, 700);
        Set<String> raText = texts(raView.legend());
        assertTrue(raText.containsAll(List.of("rem", "try", "crit", "Node fill: region")), raText.toString());
        assertFalse(raText.contains("compete"), "no LME values in Ricart-Agrawala's legend");
        // the caption comes from the protocol's presentation, so Lamport's says "region" too (it said "state")
        GraphView ltView = Fx.show(robot, stage, Fx.session("lamport-complete-5.json"), 1000, 700);
        Set<String> ltText = texts(ltView.legend());
        assertTrue(ltText.containsAll(List.of("rem", "try", "crit", "exit", "Node fill: region")), ltText.toString());
        assertFalse(raText.stream().anyMatch(t -> t.startsWith("Node ring")), "Ricart-Agrawala has no ring values");
        Simulation sim = ra.simulation();
        for (int u = 0; u < sim.nodeCount(); u++) {
            String region = ra.simulation().protocol().presentation().fill(sim.state(u));
            assertEquals(Palette.fill(sim.protocol().presentation().fillValues(), region), raView.fillOf(u));
        }
        // run until someone is in its critical section: its lock set (every node) is drawn
        robot.interact(() -> {
            for (int i = 0; i < 300 && raView.drawnLockSets().isEmpty(); i++) {
                ra.stepRound();
                raView.update(false);
            }
        });
        assertFalse(raView.drawnLockSets().isEmpty(), "a process in crit holds every node");
        assertEquals(sim.nodeCount(), raView.drawnLockSets().get(0).members().length);
        Fx.frames(3);
        Fx.save(shot(robot, stage), "graph-view-ricart-agrawala.png");
    }

    @Test
    void stepsAnimateTokensGlideAndColoursFade(FxRobot robot) throws Exception {
        Session session = Fx.session("ring-8.json");
        Simulation sim = session.simulation();
        GraphView view = Fx.show(robot, stage, session, 900, 700);
        robot.interact(() -> view.setAnimationMillis(1500));
        Map<Long, GraphView.TokenView> rest = new HashMap<>();
        for (GraphView.TokenView t : view.drawnTokens()) rest.put(t.id(), t);
        robot.interact(() -> {
            session.stepRound();
            view.update(true);
        });
        // early in the animation: new tokens near their sender, received ones still shown, leaving
        WaitForAsyncUtils.sleep(150, TimeUnit.MILLISECONDS);
        Fx.frames(1);
        List<GraphView.TokenView> early = view.drawnTokens();
        assertTrue(view.animating(), "animating");
        Set<Long> inTransit = new TreeSet<>();
        for (int v = 0; v < sim.nodeCount(); v++) {
            for (int i = 0; i < sim.channels().size(v); i++) inTransit.add(sim.channels().get(v, i).id());
        }
        int fresh = 0;
        int leaving = 0;
        List<double[]> starts = new ArrayList<>();
        for (GraphView.TokenView t : early) {
            if (t.leaving()) {
                leaving++;
                assertFalse(inTransit.contains(t.id()), "a leaving token was received");
            } else if (!rest.containsKey(t.id()) && t.from() != t.to()) {
                fresh++;
                var from = view.nodePosition(t.from());
                var to = view.nodePosition(t.to());
                starts.add(new double[] {t.id(), Math.hypot(t.x() - from.getX(), t.y() - from.getY()),
                    Math.hypot(t.x() - to.getX(), t.y() - to.getY())});
            }
        }
        assertTrue(fresh > 0 && leaving > 0, "some messages were sent and some received: " + fresh + ", " + leaving);
        for (double[] s : starts) assertTrue(s[1] < s[2], "a sent token starts at its sender's side: " + s[1] + " vs " + s[2]);
        WaitForAsyncUtils.sleep(1700, TimeUnit.MILLISECONDS);
        Fx.frames(2);
        assertFalse(view.animating());
        GraphViewModelTest.assertTokensMatch(sim, view);
        for (GraphView.TokenView t : view.drawnTokens()) {
            for (double[] s : starts) {
                if (s[0] == t.id()) {
                    var from = view.nodePosition(t.from());
                    assertTrue(Math.hypot(t.x() - from.getX(), t.y() - from.getY()) > s[1] + 5, "the token glided away from its sender");
                }
            }
        }

        // colours fade: half-way, a node whose state changed shows a colour between the two
        robot.interact(() -> view.setAnimationMillis(4000));
        Color[] from = new Color[sim.nodeCount()];
        for (int u = 0; u < sim.nodeCount(); u++) from[u] = view.fillOf(u);
        int changed = -1;
        for (int i = 0; i < 20 && changed < 0; i++) {
            robot.interact(() -> {
                session.stepRound();
                view.update(true);
            });
            for (int u = 0; u < sim.nodeCount() && changed < 0; u++) {
                Color target = Palette.fill(sim.protocol().presentation().fillValues(), sim.protocol().presentation().fill(sim.state(u)));
                if (!target.equals(from[u])) changed = u;
            }
            if (changed < 0) robot.interact(() -> view.update(false));
        }
        assertTrue(changed >= 0, "some node changed state");
        WaitForAsyncUtils.sleep(1500, TimeUnit.MILLISECONDS);
        Fx.frames(1);
        Color mid = view.fillOf(changed);
        Color target = Palette.fill(sim.protocol().presentation().fillValues(), sim.protocol().presentation().fill(sim.state(changed)));
        assertFalse(mid.equals(target) || mid.equals(from[changed]), "a colour between " + from[changed] + " and "
                + target + ": " + mid);
        assertTrue(view.framesPerSecond() > 10, "frames are drawn while animating: " + view.framesPerSecond());
        robot.interact(() -> view.update(false));
        assertEquals(target, view.fillOf(changed), "update(false) jumps to the end");
    }

    @Test
    void refusalBadgeAndHighlights(FxRobot robot) throws Exception {
        Session session = Fx.session("ring-8.json");
        Simulation sim = session.simulation();
        GraphView view = Fx.show(robot, stage, session, 900, 700);
        int e = sim.indexOf("e");
        robot.interact(() -> {
            view.showRefusal(e, "e has no open port (Δ = 2)");
            view.setHighlighted(List.of(sim.indexOf("c"), sim.indexOf("d")));
            view.setSelected(sim.indexOf("a"));
        });
        Fx.frames(2);
        assertEquals(List.of("e has no open port (Δ = 2)"), view.refusalsShown(e));
        Fx.save(shot(robot, stage), "graph-view-refusal-and-violation.png");
        WaitForAsyncUtils.sleep(3000, TimeUnit.MILLISECONDS);
        Fx.frames(1);
        assertTrue(view.refusalsShown(e).isEmpty(), "the badge is short-lived");
    }

    static WritableImage shot(FxRobot robot, Stage stage) {
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> img[0] = stage.getScene().getRoot().snapshot(null, null));
        return img[0];
    }

    static long dark(WritableImage img) {
        long n = 0;
        for (int x = 0; x < img.getWidth(); x++) {
            for (int y = 0; y < img.getHeight(); y++) if (img.getPixelReader().getColor(x, y).getBrightness() < 0.35) n++;
        }
        return n;
    }

    static Set<String> texts(Node n) {
        Set<String> out = new TreeSet<>();
        if (n instanceof Label l) out.add(l.getText());
        if (n instanceof Parent p) for (Node c : p.getChildrenUnmodifiable()) out.addAll(texts(c));
        return out;
    }
}
