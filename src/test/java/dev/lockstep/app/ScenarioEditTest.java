package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.json.JsonValue;
import dev.lockstep.session.Session;
import java.nio.file.Path;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/** Δ, K and the seed edit the scenario and start over, asking first when inputs would be lost. */
class ScenarioEditTest extends AppFixture {
    @SuppressWarnings("unchecked")
    Spinner<Integer> spinner(String id) {
        return (Spinner<Integer>) robot().lookup(id).query();
    }

    int k() {
        return fx(() -> ((JsonValue.Num) ((JsonValue.Obj) window.session().scenario().json().get("params")).get("K")).doubleValue() > 0
                ? (int) ((JsonValue.Num) ((JsonValue.Obj) window.session().scenario().json().get("params")).get("K")).doubleValue() : -1);
    }

    @Test
    void changingKWithoutInputsStartsOverAtOnce() {
        fx(() -> window.runRounds(5));
        fx(() -> spinner("#k").increment());
        assertTrue(dialogs().isEmpty(), "no inputs: nothing to ask");
        assertEquals(9, k());
        assertEquals(0, round());
        assertEquals("corrected", fx(() -> ((JsonValue.Str) ((JsonValue.Obj) window.session().scenario().json().get("params"))
                .get("variant")).value()), "the other parameters are kept");
    }

    @Test
    void changingDeltaWithInputsAsksFirst() {
        fx(() -> window.call(node("d"), Call.LOCK));
        fx(() -> window.runRounds(3));
        Session before = fx(() -> window.session());

        fx(() -> spinner("#delta").increment());
        DialogPane ask = onlyDialog();
        assertTrue(fx(() -> ask.getContentText()).contains("discards this session's 1 input"), fx(() -> ask.getContentText()));
        press(ask, "Cancel");
        assertSame(before, fx(() -> window.session()));
        assertEquals(4, (int) fx(() -> spinner("#delta").getValue()), "the spinner shows the session's Δ again");

        fx(() -> spinner("#delta").increment());
        press(onlyDialog(), "Set Δ = 5");
        assertNotSame(before, fx(() -> window.session()));
        assertEquals(5, sim().delta());
        assertEquals(0, round());
        assertEquals(0, (int) fx(() -> window.session().inputs().size()));
    }

    /** Found by the monkey test: File › Open the default scenario dropped the inputs without a word. */
    @Test
    void openingTheDefaultScenarioWithInputsAsksFirst() {
        fx(() -> window.call(node("d"), Call.LOCK));
        fx(() -> window.runRounds(2));
        Session before = fx(() -> window.session());
        fx(() -> window.openDefault());
        DialogPane ask = onlyDialog();
        assertEquals("Open the default scenario?", fx(() -> ask.getHeaderText()));
        assertTrue(fx(() -> ask.getContentText()).contains("discards its 1 input"), fx(() -> ask.getContentText()));
        press(ask, "Cancel");
        assertSame(before, fx(() -> window.session()), "Cancel keeps the session and its input");

        fx(() -> window.openDefault());
        press(onlyDialog(), "Open the default scenario");
        assertNotSame(before, fx(() -> window.session()));
        assertEquals(0, round());
        assertEquals(0, (int) fx(() -> window.session().inputs().size()));
    }

    @Test
    void openingTheDefaultScenarioWithoutInputsAsksNothing() {
        fx(() -> window.runRounds(3));
        Session before = fx(() -> window.session());
        fx(() -> window.openDefault());
        assertTrue(dialogs().isEmpty(), "no inputs: nothing to lose");
        assertNotSame(before, fx(() -> window.session()));
        assertEquals(0, round());
    }

    @Test
    void anImpossibleDeltaIsExplainedAndChangesNothing() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "ring-8.json"))));
        Session before = fx(() -> window.session());
        fx(() -> spinner("#delta").decrement()); // a ring needs Δ ≥ 2
        DialogPane d = onlyDialog();
        String problems = fx(() -> ((TextArea) d.lookup("#problems-text")).getText());
        assertTrue(problems.contains("$.edges"), problems);
        assertSame(before, fx(() -> window.session()));
        assertEquals(2, (int) fx(() -> spinner("#delta").getValue()));
    }

    @Test
    void aNewSeedStartsOver() {
        fx(() -> window.runRounds(4));
        TextField seed = (TextField) robot().lookup("#seed").query();
        robot().doubleClickOn(seed);
        fx(() -> seed.setText("12345"));
        robot().type(KeyCode.ENTER);
        assertEquals(12345L, (long) fx(() -> window.session().seed()));
        assertEquals(0, round());
        robot().type(KeyCode.RIGHT); // the keyboard is back to the shortcuts
        assertEquals(1, round());
    }

    @Test
    void theSchedulerChooserIsARecordedInput() {
        @SuppressWarnings("unchecked")
        ComboBox<String> policy = (ComboBox<String>) robot().lookup("#policy").query();
        assertEquals("semi-synchronous", fx(() -> policy.getValue()));
        fx(() -> window.runRounds(2));
        fx(() -> policy.setValue("sequential"));
        assertEquals("sequential", fx(() -> window.session().policy().name()));
        assertTrue(fx(() -> window.session().inputs()).stream().anyMatch(i -> i instanceof dev.lockstep.session.Input.Policy));
        // sequential: at most one execution per round
        long before = fx(() -> window.session().simulation().stats().actions());
        fx(() -> window.stepRound());
        long after = fx(() -> window.session().simulation().stats().actions());
        assertTrue(after - before <= 1, "sequential ran " + (after - before));
    }
}
