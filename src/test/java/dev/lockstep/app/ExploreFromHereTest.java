package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Configuration;
import dev.lockstep.core.Violation;
import dev.lockstep.session.Input;
import dev.lockstep.session.Session;
import dev.lockstep.workspace.Autosave;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Run › Explore from here… on LME's two-node scenarios (x–y, Δ = 1, K = 2): the printed variant's
 * flaw 1 is found with two Lock calls per node and no topology change, and Show plays it into the
 * session on a branch of its own; Cancel stops a long search and leaves the session as it was;
 * the corrected variant has no violation. Screenshots with the environment variable LOCKSTEP_SHOTS=DIR.
 */
class ExploreFromHereTest extends AppFixture {
    private Path scenario(String variant) throws Exception {
        Path f = home.resolve("pair-" + variant + ".json");
        Files.writeString(f, """
                {"format": "lockstep-scenario/1", "name": "x–y, %s", "protocol": "lme",
                  "params": {"K": 2, "variant": "%s"}, "delta": 1, "seed": 1, "rounds": 60,
                  "nodes": [{"id": "x", "x": 0, "y": 0}, {"id": "y", "x": 4, "y": 0}],
                  "edges": [["x", "y"]],
                  "scheduler": {"policy": "synchronous"},
                  "checks": {"lockoutBound": 1000000}}
                """.formatted(variant, variant));
        return f;
    }

    /** Opens the dialog with its keyboard shortcut and sets the Lock calls and, if asked, the topology bounds. */
    private DialogPane openDialog(int lockCalls, int topologyChanges, int maxStates) {
        robot().press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.K).release(KeyCode.SHIFT, KeyCode.CONTROL);
        DialogPane d = onlyDialog();
        assertEquals("explore-dialog", d.getId());
        fx(() -> {
            spinner(d, "#explore-lock-calls").getValueFactory().setValue(lockCalls);
            spinner(d, "#explore-topology").getValueFactory().setValue(topologyChanges);
            spinner(d, "#explore-states").getValueFactory().setValue(maxStates);
        });
        return d;
    }

    @SuppressWarnings("unchecked")
    private static Spinner<Integer> spinner(DialogPane d, String id) {
        return (Spinner<Integer>) d.lookup(id);
    }

    private String label(DialogPane d, String id) {
        return fx(() -> {
            Label l = (Label) d.lookup(id);
            return l.isVisible() ? l.getText() : "";
        });
    }

    private static void waitLong(String what, Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(180, TimeUnit.SECONDS, condition);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting until " + what);
        }
    }

    private void shot(Node n, String name) throws Exception {
        String dir = System.getenv("LOCKSTEP_SHOTS");
        if (dir == null) return;
        var img = fx(() -> n.getScene().snapshot(null));
        LockstepApp.writePng(img, Path.of(dir, name));
    }

    @Test
    void paperPairShowsFlawOneOnABranchAndItReplays() throws Exception {
        Path file = scenario("paper");
        assertTrue(fx(() -> window.open(file)));
        Configuration before = fx(() -> window.session().simulation().configuration());
        DialogPane d = openDialog(2, 0, 200_000);
        assertEquals("x–y", fx(() -> ((javafx.scene.control.TextField) d.lookup("#explore-linkable")).getText()),
                "the pairs that may be linked default to the current edges");
        robot().clickOn(fx(() -> d.lookup("#explore-run")));
        waitLong("the search ends", () -> !label(d, "#explore-verdict").isEmpty());
        String verdict = label(d, "#explore-verdict");
        System.out.println("paper pair: " + verdict + " / " + label(d, "#explore-progress"));
        assertTrue(verdict.contains("violat"), verdict);
        assertTrue(label(d, "#explore-progress").contains("states"), label(d, "#explore-progress"));
        shot(d, "explore-result.png");
        // the search changed nothing in the session
        assertEquals(0, round());
        assertEquals(before, fx(() -> window.session().simulation().configuration()));
        assertEquals(1, fx(() -> window.session().branches().size()));

        String check = fx(() -> d.lookup("#explore-show-acyclic-dependencies") != null) ? "acyclic-dependencies" : "deadlock";
        Node show = fx(() -> d.lookup("#explore-show-" + check));
        assertNotNull(show, verdict);
        robot().clickOn(show);
        waitUntil("the dialog closes", () -> dialogs().isEmpty());

        Session s = fx(() -> window.session());
        List<Violation> vs = fx(() -> s.simulation().violations());
        Violation v = vs.stream().filter(x -> x.check().equals(check)).findFirst().orElseThrow(() -> new AssertionError(vs.toString()));
        assertEquals(v.round() + 1, round(), "paused right after the violating round");
        assertTrue(vs.stream().allMatch(x -> x.round() == v.round()), "nothing violated before: " + vs);
        assertFalse(fx(() -> window.playing()));
        assertTrue(fx(() -> window.checks().violations()).contains(v), "the checks panel lists it");
        assertTrue(fx(() -> window.checks().status(check)).startsWith("violated"));
        Session.Branch current = fx(() -> s.branches().stream().filter(Session.Branch::current).findFirst().orElseThrow());
        assertEquals(check + " (explored from round 0)", current.name());
        assertEquals(2, fx(() -> s.branches().size()), "main is kept");
        assertTrue(fx(() -> s.manual()), "the scheduler is manual from round 0");
        assertFalse(fx(() -> s.workload()));
        List<Input> inputs = fx(() -> s.inputs());
        assertTrue(inputs.stream().anyMatch(i -> i instanceof Input.Execute), inputs.toString());
        assertTrue(inputs.stream().filter(i -> i instanceof Input.CallInput).count() >= 2, inputs.toString());
        assertTrue(fx(() -> window.statusMessage()).contains(check), fx(() -> window.statusMessage()));
        assertTrue(fx(() -> window.errors()).isEmpty(), fx(() -> window.errors()).toString());
        shot(window.graphView().node(), "explore-shown.png");

        // the inputs replay: save and load the session, same configuration, same violation
        Path saved = home.resolve("shown.lockstep-session.json");
        fx(() -> {
            try {
                window.saveSessionTo(saved);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        Session loaded = Session.load(saved);
        assertEquals(fx(() -> s.simulation().configuration()), loaded.simulation().configuration());
        assertEquals(round(), loaded.round());
        assertEquals(vs, loaded.simulation().violations());
        assertEquals(inputs, loaded.inputs());

        // autosave kept it: what a start after a crash would restore is the same branch
        Session restored = Session.parse(Autosave.current(home.resolve(Autosave.FILE), home.resolve(Autosave.JOURNAL)), "autosave");
        assertEquals(fx(() -> List.copyOf(s.recorded())), List.copyOf(restored.recorded()));
        restored.runUntil(round());
        assertEquals(fx(() -> s.simulation().configuration()), restored.simulation().configuration());

        // time travel: main is still there, at round 0
        fx(() -> window.switchBranch(1));
        assertEquals(0, round());
        assertEquals(before, fx(() -> window.session().simulation().configuration()));
    }

    @Test
    void cancelStopsALongSearchAndChangesNothing() throws Exception {
        Path file = scenario("paper");
        assertTrue(fx(() -> window.open(file)));
        Configuration before = fx(() -> window.session().simulation().configuration());
        List<Input> inputsBefore = fx(() -> window.session().recorded().stream().toList());
        DialogPane d = openDialog(3, 6, 50_000_000);
        fx(() -> spinner(d, "#explore-depth").getValueFactory().setValue(100_000));
        robot().clickOn(fx(() -> d.lookup("#explore-run")));
        waitLong("the search reports progress", () -> label(d, "#explore-progress").contains("states/s"));
        assertTrue(fx(() -> ((Button) d.lookup("#explore-run")).isDisabled()), "one search at a time");
        shot(d, "explore-running.png");
        // the window's thread stays free while the search runs: it keeps taking the progress in
        String seen = label(d, "#explore-progress");
        waitLong("the progress line moves on", () -> !label(d, "#explore-progress").equals(seen));
        assertEquals(0, round());
        robot().clickOn(fx(() -> d.lookup("#explore-cancel")));
        waitLong("the search stops", () -> !label(d, "#explore-verdict").isEmpty());
        assertTrue(label(d, "#explore-verdict").contains("The search stopped: interrupted at "), label(d, "#explore-verdict"));
        assertFalse(fx(() -> ((Button) d.lookup("#explore-run")).isDisabled()), "it can run again");
        press(d, "Close");

        assertEquals(0, round());
        assertEquals(before, fx(() -> window.session().simulation().configuration()));
        assertEquals(inputsBefore, fx(() -> window.session().recorded().stream().toList()));
        assertEquals(1, fx(() -> window.session().branches().size()));
        // and the window goes on as usual
        fx(() -> window.stepRound());
        assertEquals(1, round());
        assertTrue(fx(() -> window.errors()).isEmpty(), fx(() -> window.errors()).toString());
    }

    @Test
    void aRoundUnderWayIsRefusedAndFinishingItHelps() throws Exception {
        Path file = scenario("paper");
        assertTrue(fx(() -> window.open(file)));
        fx(() -> window.setManual(true));
        fx(() -> window.call(node("x"), dev.lockstep.core.Call.LOCK));
        fx(() -> window.stepRound());
        fx(() -> window.execute(window.session().simulation().choices(node("x")).get(0)));
        assertEquals(1, fx(() -> window.session().simulation().executionsThisRound()));
        DialogPane d = openDialog(1, 0, 1000);
        assertTrue(label(d, "#explore-problem").contains("under way"), label(d, "#explore-problem"));
        assertTrue(fx(() -> ((Button) d.lookup("#explore-run")).isDisabled()));
        robot().clickOn(fx(() -> d.lookup("#explore-finish")));
        assertEquals(2, round());
        assertEquals("", label(d, "#explore-problem"));
        assertFalse(fx(() -> ((Button) d.lookup("#explore-run")).isDisabled()));
        assertFalse(fx(() -> d.lookup("#explore-finish").isVisible()));
        press(d, "Close");
        assertTrue(fx(() -> window.errors()).isEmpty(), fx(() -> window.errors()).toString());
    }

    @Test
    void correctedPairHasNoViolation() throws Exception {
        Path file = scenario("corrected");
        assertTrue(fx(() -> window.open(file)));
        DialogPane d = openDialog(2, 0, 200_000);
        robot().clickOn(fx(() -> d.lookup("#explore-run")));
        waitLong("the search ends", () -> !label(d, "#explore-verdict").isEmpty());
        String verdict = label(d, "#explore-verdict");
        System.out.println("corrected pair: " + verdict + " / " + label(d, "#explore-progress"));
        assertTrue(verdict.startsWith("No violation within the bounds; bounds reached: depth 60; complete to depth 60: "), verdict);
        assertTrue(verdict.endsWith("; states equal up to a renaming of the nodes counted once (symmetry)."), verdict);
        assertTrue(fx(() -> ((javafx.scene.layout.VBox) d.lookup("#explore-findings")).getChildren().isEmpty()));
        shot(d, "explore-corrected.png");
        press(d, "Close");
        assertEquals(1, fx(() -> window.session().branches().size()));
    }
}
