package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.Configuration;
import dev.lockstep.session.Session;
import dev.lockstep.workspace.Autosave;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.control.DialogPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;

/** Every input is autosaved; a start after a crash offers to restore; a clean exit removes it. */
class AutosaveTest extends AppFixture {
    Path autosave() {
        return home.resolve(Autosave.FILE);
    }

    /** What a start would restore now: the snapshot with the journal's lines applied. */
    String savedText() throws Exception {
        return Autosave.current(autosave(), home.resolve(Autosave.JOURNAL));
    }

    Session saved() throws Exception {
        return Session.parse(savedText(), autosave().toString());
    }

    @Test
    void anInputIsAutosavedAndANewStartOffersToRestoreIt() throws Exception {
        fx(() -> window.runRounds(5));
        fx(() -> window.call(node("e"), Call.LOCK));
        assertTrue(Files.exists(autosave()), "autosaved after the input");
        Session saved = saved();
        assertEquals(1, saved.inputs().size() + saved.waiting().size());
        assertTrue(savedText().contains("\"node\":\"e\",\"call\":\"lock\""));

        fx(() -> window.runRounds(4));
        fx(() -> window.call(node("b"), Call.LOCK));
        fx(() -> window.stepRound());
        int round = round();
        Configuration config = fx(() -> window.session().simulation().copy().configuration());
        // the process "crashes" here: no clean exit, the autosave stays

        // a new start with the same home offers to restore it
        Stage second = fx(() -> new Stage());
        LockstepApp again = new LockstepApp(LockstepApp.Options.defaults().withHome(home));
        fx(() -> again.start(second));
        DialogPane offer = onlyDialog();
        assertTrue(fx(() -> offer.getHeaderText()).contains("Restore"), fx(() -> offer.getHeaderText()));
        assertTrue(fx(() -> offer.getContentText()).contains("round " + (round - 1)) || fx(() -> offer.getContentText()).contains("round " + round),
                fx(() -> offer.getContentText()));
        // nothing was overwritten while the question is open
        assertEquals(2, Session.load(autosave()).inputs().size() + Session.load(autosave()).waiting().size());
        press(offer, "Restore");

        MainWindow restored = again.window();
        assertEquals(2, (int) fx(() -> restored.session().inputs().size() + restored.session().waiting().size()));
        // the autosave holds the round of the last input; step on to where the first window was
        fx(() -> restored.runRounds(round - restored.session().round()));
        assertEquals(round, (int) fx(() -> restored.session().round()));
        assertEquals(config, fx(() -> restored.session().simulation().configuration()));

        // a clean exit removes the autosave
        fx(() -> restored.closedCleanly());
        assertFalse(Files.exists(autosave()));
        assertFalse(Files.exists(home.resolve(Autosave.JOURNAL)));
        fx(() -> second.close());
    }

    @Test
    void declinedRestoreKeepsTheDefaultScenario() throws Exception {
        fx(() -> window.call(node("a"), Call.LOCK));
        fx(() -> window.runRounds(3));
        Stage second = fx(() -> new Stage());
        LockstepApp again = new LockstepApp(LockstepApp.Options.defaults().withHome(home));
        fx(() -> again.start(second));
        press(onlyDialog(), "Cancel");
        assertEquals(0, (int) fx(() -> again.window().session().round()));
        assertEquals(0, (int) fx(() -> again.window().session().inputs().size()));
        // from now on the autosave is the new window's
        assertTrue(saved().inputs().isEmpty());
        fx(() -> second.close());
    }

    @Test
    void aCleanExitDeletesTheAutosave() {
        fx(() -> window.call(node("a"), Call.LOCK));
        assertTrue(Files.exists(autosave()));
        fx(() -> window.closedCleanly());
        assertFalse(Files.exists(autosave()));
    }
}
