package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.Simulation;
import dev.lockstep.session.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TextArea;
import org.junit.jupiter.api.Test;

/**
 * The protocol chooser runs another protocol on the same drawn network, from round 0, and refuses
 * (with the loader's words) a protocol whose requirements the graph does not meet.
 */
class ProtocolChooserTest extends AppFixture {
    @SuppressWarnings("unchecked")
    ComboBox<String> chooser() {
        return (ComboBox<String>) robot().lookup("#protocol").query();
    }

    /** Node names, positions and edges (as "u-v" with u before v), to compare networks. */
    static List<String> network(Simulation sim) {
        List<String> out = new ArrayList<>();
        for (int u = 0; u < sim.nodeCount(); u++) {
            out.add(sim.nodeName(u) + "@" + sim.graph().x(u) + "," + sim.graph().y(u));
            for (long s = sim.ports(u) & ~1L; s != 0; s &= s - 1) {
                int v = sim.peer(u, Long.numberOfTrailingZeros(s));
                if (u < v) out.add(sim.nodeName(u) + "-" + sim.nodeName(v));
            }
        }
        return out;
    }

    @Test
    void switchesProtocolsOnTheSameNetwork() throws Exception {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "ricart-agrawala-complete-5.json"))));
        assertEquals("ricart-agrawala", fx(() -> chooser().getValue()));
        assertEquals(List.of("lme", "ricart-agrawala", "lamport", "klme", "krl", "krlf"), fx(() -> chooser().getItems()));
        assertTrue(fx(() -> chooser().isFocusTraversable()), "reachable by Tab");
        fx(() -> window.runRounds(6));
        List<String> net = fx(() -> network(window.session().simulation()));
        long seed = fx(() -> window.session().seed());
        String scheduler = fx(() -> window.session().policy().name());

        fx(() -> chooser().setValue("lamport"));
        settle();
        screenshot("protocol-chooser-lamport.png");
        assertTrue(dialogs().isEmpty(), "no inputs: nothing to ask");
        assertEquals("lamport", sim().protocol().name());
        assertEquals(0, round());
        assertEquals(net, fx(() -> network(window.session().simulation())), "same nodes, positions and edges");
        assertEquals(seed, (long) fx(() -> window.session().seed()));
        assertEquals(scheduler, fx(() -> window.session().policy().name()));
        assertEquals(ChannelDiscipline.FIFO, fx(() -> window.session().scenario().channels()));
        assertEquals(List.of("rem", "try", "crit", "exit"), fx(() -> window.legend().items()));
        assertTrue(fx(() -> robot().lookup("#k").query().isDisabled()), "no K for LogicalTimeME");
        assertTrue(text("#scenario-name").contains("lamport"), text("#scenario-name"));
        assertTrue(fx(() -> window.statusMessage()).contains("protocol = lamport"), fx(() -> window.statusMessage()));

        fx(() -> window.runRounds(8));
        assertEquals(8, round());
        save(Path.of("target", "screenshots", "ra-to-lamport.session.json")); // for `gui FILE --screenshot`
        assertTrue(fx(() -> window.errors()).isEmpty());

        fx(() -> chooser().setValue("lme"));
        assertEquals("lme", sim().protocol().name());
        assertEquals(0, round());
        assertEquals(net, fx(() -> network(window.session().simulation())));
        assertFalse(fx(() -> robot().lookup("#k").query().isDisabled()), "LME has K");
        assertEquals("K", fx(() -> ((javafx.scene.control.Label) robot().lookup("#k-label").query()).getText()));
        assertTrue(fx(() -> ((javafx.scene.control.Spinner<?>) robot().lookup("#k").query()).getTooltip().getText())
                .startsWith("K: priorities 0..K-1"), "the tooltip says what the protocol's parameter means");
        assertEquals(List.of("⊥", "prepare", "compete", "win", "locked", "unlock", "⊥", "prepare", "compete"),
                fx(() -> window.legend().items()));
        fx(() -> window.runRounds(5));
        for (String c : fx(() -> window.checks().checkNames())) assertEquals("ok", fx(() -> window.checks().status(c)));

        // a saved session reopens with the protocol it runs now
        Path file = home.resolve("switched.session.json");
        save(file);
        fx(() -> window.open(Path.of("sample-runs", "ricart-agrawala-complete-5.json")));
        assertEquals("ricart-agrawala", sim().protocol().name());
        assertTrue(fx(() -> window.open(file)));
        assertEquals("lme", sim().protocol().name());
        assertEquals("lme", fx(() -> chooser().getValue()));
        assertEquals(5, round());
        assertTrue(fx(() -> window.errors()).isEmpty());
    }

    @Test
    void aGraphThatIsNotCompleteRefusesRicartAgrawala() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "ring-8.json"))));
        Session before = fx(() -> window.session());
        fx(() -> chooser().setValue("ricart-agrawala"));
        DialogPane d = onlyDialog();
        String problems = fx(() -> ((TextArea) d.lookup("#problems-text")).getText());
        assertTrue(problems.contains("needs a complete initial graph"), problems);
        assertTrue(fx(() -> d.getHeaderText()).contains("ricart-agrawala"), fx(() -> d.getHeaderText()));
        assertSame(before, fx(() -> window.session()), "protocol unchanged");
        assertEquals("lme", sim().protocol().name());
        assertEquals("lme", fx(() -> chooser().getValue()), "the chooser shows the current protocol again");
    }

    @Test
    void withInputsItAsksFirst() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "ricart-agrawala-complete-5.json"))));
        fx(() -> window.call(node("p2"), dev.lockstep.core.Call.LOCK));
        fx(() -> window.runRounds(2));
        Session before = fx(() -> window.session());
        fx(() -> chooser().setValue("lamport"));
        DialogPane ask = onlyDialog();
        assertTrue(fx(() -> ask.getContentText()).contains("discards this session's 1 input"), fx(() -> ask.getContentText()));
        press(ask, "Cancel");
        assertSame(before, fx(() -> window.session()));
        assertEquals("ricart-agrawala", fx(() -> chooser().getValue()));

        fx(() -> chooser().setValue("lamport"));
        press(onlyDialog(), "Set protocol = lamport");
        assertNotSame(before, fx(() -> window.session()));
        assertEquals("lamport", sim().protocol().name());
        assertEquals(0, (int) fx(() -> window.session().inputs().size()));
    }

    /** The chooser is reached by Tab, and the arrows still step the run while it has the focus. */
    @Test
    void tabReachesTheChooser() {
        boolean reached = false;
        for (int i = 0; i < 40 && !reached; i++) {
            robot().type(javafx.scene.input.KeyCode.TAB);
            reached = fx(() -> stage.getScene().getFocusOwner() == chooser());
        }
        assertTrue(reached, "Tab reaches the protocol chooser");
        robot().type(javafx.scene.input.KeyCode.RIGHT);
        assertEquals(1, round(), "→ steps a round, not the chooser");
        assertEquals("lme", sim().protocol().name());
    }

    /**
     * At lecture sizes (the test window is 1280 pixels wide, a common projector) the settings still
     * fit in one row and the main toolbar keeps its Lecture button: nothing goes into an overflow menu.
     */
    @Test
    void inLectureModeTheSettingsBarKeepsItsControls() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "ricart-agrawala-complete-5.json"))));
        fx(() -> window.runRounds(1200)); // "Round 1200" is wider than "Round 0"
        fx(() -> window.setLecture(true));
        settle();
        for (String id : new String[] {"#protocol", "#seed", "#policy", "#delta", "#k", "#workload", "#play", "#speed",
                "#tool-select", "#tool-cut", "#lecture"}) {
            var found = robot().lookup(id).tryQuery();
            assertTrue(found.isPresent(), id + " is in the window (an overflowed toolbar item leaves the scene graph)");
            javafx.scene.Node n = found.get();
            javafx.geometry.Bounds b = fx(() -> n.localToScene(n.getBoundsInLocal()));
            double width = fx(() -> n.getScene().getWidth());
            assertTrue(b.getMaxX() <= width && b.getMinX() >= 0, id + " lies inside the window (" + b + ", width " + width + ")");
        }
    }

    private void save(Path file) {
        fx(() -> {
            try {
                Files.createDirectories(file.toAbsolutePath().getParent());
                window.saveSessionTo(file);
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        });
    }

    /** The window after the switch, for a person to look at (target/, not a test oracle). */
    private void screenshot(String name) throws Exception {
        var img = fx(() -> stage.getScene().snapshot(null));
        Path out = Path.of("target", "screenshots");
        Files.createDirectories(out);
        javax.imageio.ImageIO.write(SwingFXUtils.fromFXImage(img, null), "png", out.resolve(name).toFile());
    }
}
