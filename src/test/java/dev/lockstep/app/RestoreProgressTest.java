package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.session.Session;
import dev.lockstep.workspace.Autosave;
import dev.lockstep.workspace.SessionFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;

/**
 * Restoring an autosave replays it to its round, off the JavaFX thread: a session at round 2^31-2
 * shows a progress dialog with Cancel while the window keeps answering; Cancel leaves the default
 * scenario and the autosave untouched. An autosave holding nothing is not offered at all.
 */
class RestoreProgressTest extends AppFixture {
    Path autosave() {
        return home.resolve(Autosave.FILE);
    }

    /** The default scenario with one Lock call, saved as if it had reached {@code round}. */
    void writeAutosave(String round) throws Exception {
        Session s = Session.start(SessionFiles.defaultScenario());
        s.call(0, Call.LOCK);
        String text = s.toJson();
        String top = ",\"round\":0,\"inputs\":";
        assertTrue(text.contains(top), text);
        Files.writeString(autosave(), text.replace(top, ",\"round\":" + round + ",\"inputs\":"));
    }

    LockstepApp startAgain(Stage second) {
        LockstepApp again = new LockstepApp(LockstepApp.Options.defaults().withHome(home));
        fx(() -> again.start(second));
        return again;
    }

    /** Before: the replay ran on the JavaFX thread before any dialog, so the window froze. */
    @Test
    void aHugeSessionRestoresBehindAProgressDialogAndCancelLeavesTheDefault() throws Exception {
        fx(() -> window.closedCleanly());
        writeAutosave("2147483646");
        byte[] before = Files.readAllBytes(autosave());
        Stage second = fx(() -> new Stage());
        LockstepApp again = startAgain(second);
        DialogPane progress = onlyDialog();
        assertEquals("Restoring the last session", fx(() -> progress.getHeaderText()));
        Label rounds = (Label) fx(() -> progress.lookup("#loading-rounds"));
        waitUntil("rounds are counted", () -> fx(() -> rounds.getText()).matches("Round [0-9,]+ of 2,147,483,646"));

        // the JavaFX thread answers while the replay runs
        CountDownLatch answered = new CountDownLatch(1);
        Platform.runLater(answered::countDown);
        assertTrue(answered.await(5, TimeUnit.SECONDS), "a runLater completes during the load");
        assertTrue(fx(() -> again.window().restoring().running()));
        int seen = roundOf(fx(() -> rounds.getText()));
        waitUntil("the count moves on", () -> roundOf(fx(() -> rounds.getText())) > seen);

        WritableImage shot = fx(() -> progress.getScene().snapshot(null));
        javax.imageio.ImageIO.write(SwingFXUtils.fromFXImage(shot, null), "png",
                Path.of(System.getProperty("lockstep.snapshot.dir", System.getProperty("java.io.tmpdir")),
                        "restore-progress.png").toFile());

        press(progress, "Cancel");
        MainWindow w = again.window();
        waitUntil("the load stops", () -> fx(() -> w.restoring()) == null);
        assertEquals(0, (int) fx(() -> w.session().round()), "the default scenario, usable");
        assertEquals(0, (int) fx(() -> w.session().inputs().size() + w.session().waiting().size()));
        assertTrue(fx(() -> w.statusMessage()).startsWith("Restore cancelled"), fx(() -> w.statusMessage()));
        assertTrue(dialogs().isEmpty(), "no question follows a cancel");
        fx(() -> w.runRounds(3));
        assertEquals(3, (int) fx(() -> w.session().round()));
        assertArrayEquals(before, Files.readAllBytes(autosave()), "the autosave is untouched");
        fx(() -> w.closedCleanly());
        assertArrayEquals(before, Files.readAllBytes(autosave()), "and offered again at the next start");
        fx(() -> second.close());
    }

    /** Opening a session file at a late round from the window: the same, and the session on screen stays. */
    @Test
    void openingAFarSessionRunsInTheBackgroundAndCancelKeepsTheSessionOnScreen() throws Exception {
        fx(() -> window.runRounds(2));
        writeAutosave("2147483646");
        Path far = Files.move(autosave(), home.resolve("far.lockstep-session.json"));
        assertTrue(fx(() -> window.open(far)), "opening has begun (and the call returned)");
        DialogPane progress = onlyDialog();
        assertEquals("Opening far.lockstep-session.json", fx(() -> progress.getHeaderText()));
        press(progress, "Cancel");
        waitUntil("the cancel is reported", () -> fx(() -> window.statusMessage()).contains("cancelled"));
        assertEquals(2, round(), "the session on screen is unchanged");

        writeAutosave(Integer.toString(MainWindow.BACKGROUND_ROUNDS + 500));
        Path later = Files.move(autosave(), home.resolve("later.lockstep-session.json"));
        assertTrue(fx(() -> window.open(later)));
        waitUntil("the session opens", () -> round() == MainWindow.BACKGROUND_ROUNDS + 500);
        assertEquals(1, (int) fx(() -> window.session().inputs().size() + window.session().waiting().size()));
    }

    static int roundOf(String text) {
        return Integer.parseInt(text.replaceAll("Round ([0-9,]+) of .*", "$1").replace(",", ""));
    }

    @Test
    void aQuickRestoreShowsNoProgressDialogButTheQuestion() throws Exception {
        fx(() -> window.closedCleanly());
        writeAutosave("20");
        Stage second = fx(() -> new Stage());
        LockstepApp again = startAgain(second);
        DialogPane offer = onlyDialog();
        assertEquals("Restore the last session?", fx(() -> offer.getHeaderText()));
        assertTrue(fx(() -> offer.getContentText()).contains("at round 20 with 1 input"), fx(() -> offer.getContentText()));
        press(offer, "Restore");
        assertEquals(20, (int) fx(() -> again.window().session().round()));
        fx(() -> second.close());
    }

    /** Before: an autosave at round 0 with no input was offered after every unclean exit. */
    @Test
    void anAutosaveHoldingNothingIsDroppedWithoutAQuestion() throws Exception {
        fx(() -> window.closedCleanly());
        Files.writeString(autosave(), Session.start(SessionFiles.defaultScenario()).toJson());
        Stage second = fx(() -> new Stage());
        LockstepApp again = startAgain(second);
        settle(); // the offer would be shown by now (it follows the start with runLater)
        settle();
        assertTrue(dialogs().isEmpty(), "nothing offered");
        assertNull(fx(() -> again.window().restoring()));
        // autosaving goes on for the new window
        fx(() -> again.window().call(node("a"), Call.LOCK));
        // what a start would restore now: the snapshot with the autosave journal's lines applied
        Session saved = Session.parse(Autosave.current(autosave(), autosave().resolveSibling(Autosave.JOURNAL)), "autosave");
        assertEquals(1, saved.inputs().size() + saved.waiting().size());
        fx(() -> second.close());
    }

    /** Round 0 and no input, but another scenario or seed than a start shows: that would be lost. */
    @Test
    void anAutosaveOfAnotherScenarioAtRoundZeroIsStillOffered() throws Exception {
        fx(() -> window.closedCleanly());
        Session other = Session.start(SessionFiles.defaultScenario(), SessionFiles.defaultScenario().seed() + 1);
        Files.writeString(autosave(), other.toJson());
        Stage second = fx(() -> new Stage());
        startAgain(second);
        DialogPane offer = onlyDialog();
        assertEquals("Restore the last session?", fx(() -> offer.getHeaderText()));
        assertNotNull(offer);
        press(offer, "Cancel");
        fx(() -> second.close());
    }
}
