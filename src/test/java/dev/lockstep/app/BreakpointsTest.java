package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.app.window.panel.BreakpointsPanel;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/**
 * Breakpoints built in the panel (no code): Play pauses at the first step where an enabled one
 * holds; several at once, each toggled off by its check box, and the run goes on.
 */
class BreakpointsTest extends AppFixture {
    static final String LABEL = "win(true)";

    /** The first step of a fresh run of the same scenario at which a message labelled LABEL… is sent, after {@code after}. */
    static long firstSend(Session like, long after) {
        Session f = Session.start(like.scenario(), like.seed());
        for (int i = 0; i < 100_000; i++) {
            assertTrue(f.stepAction(1000));
            History.Executed x = f.history().execution(f.simulation().executionsBegun());
            if (x != null && x.step() > after && x.sent().stream().anyMatch(m -> m.label().startsWith(LABEL))) return x.step();
        }
        throw new AssertionError("no " + LABEL + " is ever sent");
    }

    long step() {
        return fx(() -> window.session().simulation().executionsBegun());
    }

    void play() {
        robot().clickOn("#play");
        waitUntil("the run pauses at a breakpoint", () -> !fx(() -> window.playing()));
    }

    CheckBox box(String text) {
        return fx(() -> robot().lookup(".breakpoint-check").match((Node n) -> n instanceof CheckBox c && text.equals(c.getText()))
                .<CheckBox>query());
    }

    @Test
    void aBreakpointBuiltInThePanelPausesAtTheFirstMatchAndToggledOffTheRunGoesOn() {
        robot().clickOn("#tab-breakpoints");
        // "round ≥ 5": the kind, the number, Add
        @SuppressWarnings("unchecked")
        ComboBox<BreakpointsPanel.Kind> kind = (ComboBox<BreakpointsPanel.Kind>) robot().lookup("#breakpoint-kind").query();
        fx(() -> kind.setValue(BreakpointsPanel.Kind.ROUND));
        robot().doubleClickOn("#breakpoint-number").eraseText(6).write("5").type(KeyCode.ENTER);
        robot().clickOn("#breakpoint-add");
        // "message sent: win(true) by any node"
        fx(() -> kind.setValue(BreakpointsPanel.Kind.SENT));
        robot().clickOn("#breakpoint-label").write(LABEL);
        robot().clickOn("#breakpoint-add");
        assertEquals(2, fx(() -> window.breakpoints().entries()).size(), fx(() -> window.breakpoints().problemText()));
        String roundText = fx(() -> window.breakpoints().entries().get(0).text);
        String sentText = fx(() -> window.breakpoints().entries().get(1).text);
        assertEquals("round >= 5", roundText);
        assertEquals("sent " + LABEL, sentText);
        root();

        // the first to hold: round 5
        play();
        assertEquals(5, round(), "paused as round 5 began");
        assertTrue(fx(() -> window.statusMessage()).contains("Breakpoint"), fx(() -> window.statusMessage()));

        // off with its check box: the run goes on to the first win(true) sent
        robot().clickOn(box(roundText));
        assertFalse(fx(() -> window.breakpoints().entries().get(0).enabled));
        root();
        Session s = fx(() -> window.session());
        long expected = firstSend(s, 0);
        play();
        assertEquals(expected, step(), "paused right after the first execution that sends " + LABEL);
        History.Executed x = fx(() -> s.history().execution(step()));
        assertTrue(x.sent().stream().anyMatch(m -> m.label().startsWith(LABEL)), x.narration());
        assertTrue(fx(() -> window.breakpoints().entries().get(1).lastHit).contains("step " + expected),
                fx(() -> window.breakpoints().entries().get(1).lastHit));
        assertTrue(fx(() -> window.narration().selectedEntry()) != null, "the narration points at the hit");

        // and off too: Play runs on past the next win(true)
        long next = firstSend(s, expected);
        robot().clickOn(box(sentText));
        root();
        robot().clickOn("#play");
        waitUntil("the run passes the next " + LABEL, () -> step() > next + 20);
        assertTrue(fx(() -> window.playing()), "no enabled breakpoint: still playing");
        robot().clickOn("#play");
        assertTrue(fx(() -> window.errors()).isEmpty());
    }

    /**
     * Flaw 2 goes quiet after its deadlock (no execution, message or call for many rounds): a
     * round breakpoint must still pause when its round comes, not at the next event.
     */
    @Test
    void aRoundBreakpointPausesInAQuietRound() throws Exception {
        assertTrue(fx(() -> window.open(java.nio.file.Path.of("sample-runs/flaw-2-stuck-in-win.json"))));
        Session s = fx(() -> window.session());
        // the reference: a fresh run, event rounds after round 12 are checked to be none up to 30
        Session f = Session.start(s.scenario(), s.seed());
        while (f.round() < 31) f.stepAction(1000);
        int target = 30;
        boolean quiet = f.history().events().stream().noneMatch(e -> e.round() >= 20 && e.round() <= target);
        assertTrue(quiet, "flaw 2 is quiet from round 20 to 30 (else this test does not test quiet rounds)");

        robot().clickOn("#tab-breakpoints");
        @SuppressWarnings("unchecked")
        ComboBox<BreakpointsPanel.Kind> kind = (ComboBox<BreakpointsPanel.Kind>) robot().lookup("#breakpoint-kind").query();
        fx(() -> kind.setValue(BreakpointsPanel.Kind.ROUND));
        robot().doubleClickOn("#breakpoint-number").eraseText(6).write(String.valueOf(target)).type(KeyCode.ENTER);
        robot().clickOn("#breakpoint-add");
        root();
        // the run also pauses at flaw 2's violations (rounds 12 and 51); play on past those
        for (int i = 0; i < 5 && !fx(() -> window.statusMessage()).contains("Breakpoint"); i++) play();
        assertTrue(fx(() -> window.statusMessage()).contains("Breakpoint"), fx(() -> window.statusMessage()));
        assertEquals(target, round(), "paused when round " + target + " came, though nothing happened in it");
    }

    /** Keys back to the window's shortcuts (a picker may hold the focus). */
    void root() {
        fx(() -> window.root().requestFocus());
    }
}
