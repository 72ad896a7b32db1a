package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.figure.spacetime.Arrow;
import dev.lockstep.figure.spacetime.ArrowKind;
import dev.lockstep.figure.spacetime.Exec;
import dev.lockstep.figure.spacetime.Mark;
import dev.lockstep.session.History;
import dev.lockstep.watch.NarrationEntry;
import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.canvas.Canvas;
import org.junit.jupiter.api.Test;

/**
 * The space-time diagram: one tick per execution of the history, one arrow per message, lost
 * messages ending at their cut; a click on a tick jumps the timeline there, hovering tells it.
 */
class SpaceTimeDiagramTest extends AppFixture {

    /** A tick fully on the canvas (not under the lane names), the middle one of those. */
    Exec visibleTick(SpaceTimeDiagram d, long notStep) {
        return fx(() -> {
            Canvas c = d.canvas();
            List<Exec> ok = d.executions().stream().filter(e -> {
                Point2D p = d.tickPosition(e);
                return p.getX() > 80 && p.getX() < c.getWidth() - 20 && p.getY() > 20 && p.getY() < c.getHeight() - 10
                        && e.event().step() != notStep && d.execAt(p.getX(), p.getY()) == e;
            }).toList();
            return ok.isEmpty() ? null : ok.get(ok.size() / 2);
        });
    }

    Point2D screen(SpaceTimeDiagram d, Exec e) {
        return fx(() -> {
            Point2D p = d.tickPosition(e);
            return d.canvas().localToScreen(p.getX(), p.getY());
        });
    }

    @Test
    void everyExecutionAndMessageIsDrawnAndLostOnesEndAtTheirCut() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "figure-1-persistent-neighbourhood.json"))));
        fx(() -> window.runRounds(30));
        robot().clickOn("#tab-space-time");
        settle();
        SpaceTimeDiagram d = fx(() -> window.spaceTime());
        List<History.Event> events = fx(() -> window.session().history().events());
        long executions = events.stream().filter(e -> e instanceof History.Executed).count();
        long sent = events.stream().filter(e -> e instanceof History.Executed).mapToLong(e -> ((History.Executed) e).sent().size()).sum();
        assertEquals(executions, fx(() -> d.executions()).size());
        assertEquals(sent, fx(() -> d.arrows()).stream().filter(a -> a.kind() != ArrowKind.LOST_SEND).count());
        // the cut of u–v6 in round 2 lost a message in transit: its arrow ends at the cut
        List<Long> lostAtCut = events.stream().filter(e -> e instanceof History.Cut).flatMap(e -> ((History.Cut) e).lost().stream())
                .map(History.Msg::id).toList();
        assertTrue(!lostAtCut.isEmpty(), "the scenario loses a message at its cut");
        for (long id : lostAtCut) {
            Arrow a = fx(() -> d.arrows()).stream().filter(x -> x.id() == id).findFirst().orElseThrow();
            assertEquals(ArrowKind.LOST_CUT, a.kind());
        }
        fx(() -> d.fitAll());
        assertTrue(fx(() -> d.lostDrawn()) >= lostAtCut.size(), "the lost message is drawn");
        assertEquals(executions, (long) fx(() -> d.ticksDrawn()), "fit: every tick on screen");
    }

    @Test
    void clickingATickJumpsThereAndHoveringTellsIt() {
        fx(() -> window.runRounds(15));
        robot().clickOn("#tab-space-time");
        settle();
        SpaceTimeDiagram d = fx(() -> window.spaceTime());
        long end = fx(() -> window.session().simulation().executionsBegun());

        Exec tick = visibleTick(d, end);
        assertTrue(tick != null, "a tick is in view");
        robot().moveTo(screen(d, tick));
        waitUntil("the hover shows the narration", () -> fx(() -> d.infoText()).contains(tick.event().narration()));
        String said = fx(() -> d.tooltipText());
        assertEquals("round " + tick.event().round() + ", step " + tick.event().step() + ": " + tick.event().narration(), said);
        assertTrue(fx(() -> d.tooltipInstalled()), "the tooltip is on the canvas");
        History.Executed told = fx(() -> window.session().history().execution(tick.event().step()));
        assertEquals(told.narration(), tick.event().narration(), "the narration of that execution");

        robot().clickOn(screen(d, tick));
        long step = tick.event().step();
        assertEquals(step, (long) fx(() -> window.session().simulation().executionsBegun()), "jumped right after it");
        assertEquals(step, (long) fx(() -> window.timeline().sliderStep()), "the timeline is there too");
        assertTrue(fx(() -> window.timeline().positionText()).contains("step " + step + " of " + end));
        // the cursor stands right after the clicked tick
        double cursor = fx(() -> d.cursorPx());
        double x = fx(() -> d.tickPosition(tick).getX());
        assertTrue(cursor > x && cursor < x + fx(() -> d.unitPx()), "cursor " + cursor + " right after the tick at " + x);
        // and the narration panel ends with that execution's sentence
        List<NarrationEntry> shown = fx(() -> window.narration().shownEntries());
        NarrationEntry lastAction = shown.stream().filter(e -> e.kind() == NarrationEntry.Kind.ACTION).reduce((a, b) -> b).orElseThrow();
        assertEquals(tick.event().narration(), lastAction.text());

        // another tick: jumps again
        Exec other = visibleTick(d, step);
        robot().clickOn(screen(d, other));
        assertEquals(other.event().step(), (long) fx(() -> window.session().simulation().executionsBegun()));
        assertNotEquals(step, other.event().step());
        assertTrue(fx(() -> window.errors()).isEmpty());
    }

    @Test
    void applicationStepsAreMarkedOnTheirLanesWithALegendEntryAndTheirSentence() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "majority-with-locks-moving-16.json"))));
        fx(() -> window.runRounds(80));
        robot().clickOn("#tab-space-time");
        settle();
        SpaceTimeDiagram d = fx(() -> window.spaceTime());
        List<History.AppStep> steps = fx(() -> window.session().history().events()).stream().filter(e -> e instanceof History.AppStep)
                .map(e -> (History.AppStep) e).toList();
        assertTrue(steps.size() > 10, "the sample's agents interact: " + steps.size());
        assertEquals(steps, fx(() -> d.applicationSteps()).stream().map(Mark::event).toList(), "a mark per step, in order");
        javafx.scene.Node entry = fx(() -> d.key().lookup("#space-time-key-application"));
        assertTrue(fx(() -> entry.isVisible() && entry.isManaged()), "the legend names the application's steps");
        // steps in view are drawn
        assertTrue(fx(() -> d.appStepsDrawn()) > 0, "drawn: " + fx(() -> d.appStepsDrawn()));

        // hovering a step's diamond (clear of any tick) tells its sentence
        Mark step = fx(() -> {
            Canvas c = d.canvas();
            for (Mark m : d.applicationSteps()) {
                Point2D p = d.stepPosition(m);
                if (p.getX() > 80 && p.getX() < c.getWidth() - 20 && p.getY() > 20 && p.getY() < c.getHeight() - 10
                        && d.execAt(p.getX(), p.getY()) == null && d.applicationStepAt(p.getX(), p.getY()) == m) return m;
            }
            return null;
        });
        assertTrue(step != null, "a step in view");
        History.AppStep a = (History.AppStep) step.event();
        robot().moveTo(fx(() -> {
            Point2D p = d.stepPosition(step);
            return d.canvas().localToScreen(p.getX(), p.getY());
        }));
        waitUntil("the hover tells the step", () -> fx(() -> d.infoText()).equals("round " + a.round() + ": " + a.sentence()));
        assertTrue(fx(() -> d.tooltipInstalled()));
        fx(() -> d.fitAll());
        assertEquals(steps.size(), (int) fx(() -> d.appStepsDrawn()), "fit: every step on screen");

        // a run without an application: no steps, no legend entry
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "figure-1-persistent-neighbourhood.json"))));
        fx(() -> window.runRounds(10));
        settle();
        SpaceTimeDiagram plain = fx(() -> window.spaceTime());
        assertEquals(List.of(), fx(() -> plain.applicationSteps()));
        javafx.scene.Node none = fx(() -> plain.key().lookup("#space-time-key-application"));
        assertTrue(fx(() -> !none.isVisible() && !none.isManaged()), "no application, no entry");
        assertTrue(fx(() -> window.errors()).isEmpty());
    }
}
