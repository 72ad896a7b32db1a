package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.workspace.Autosave;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The application's parameters (the command line's {@code gui [FILE] ...}). */
class OptionsTest {
    @Test
    void parsesAFileAndTheScreenshotOptions() {
        List<String> problems = new ArrayList<>();
        LockstepApp.Options o = LockstepApp.Options.parse(
                List.of("sample-runs/ring-8.json", "--screenshot", "x.png", "--rounds=40", "--select", "d", "--lecture", "--size", "1280x800"),
                problems);
        assertEquals(List.of(), problems);
        assertEquals(Path.of("sample-runs/ring-8.json"), o.file());
        assertEquals(Path.of("x.png"), o.screenshot());
        assertEquals(40, o.rounds());
        assertEquals("d", o.select());
        assertTrue(o.lecture());
        assertEquals(1280, o.width());
        assertEquals(800, o.height());
        assertTrue(!o.offerRestore(), "a screenshot run never offers (or touches) the autosave");
    }

    @Test
    void zoomIsAFactorAboveZero() {
        List<String> problems = new ArrayList<>();
        assertEquals(12.5, LockstepApp.Options.parse(List.of("--zoom", "12.5"), problems).zoom());
        assertEquals(List.of(), problems);
        assertEquals(1, LockstepApp.Options.parse(List.of(), problems).zoom(), "no zoom by default");
        assertEquals(1, LockstepApp.Options.parse(List.of("--zoom", "0"), problems).zoom());
        LockstepApp.Options.parse(List.of("--zoom", "close"), problems);
        assertEquals(List.of("--zoom needs a factor above 0", "--zoom needs a factor, e.g. 12"), problems);
    }

    @Test
    void noParametersMeansTheDefaultScenario() {
        List<String> problems = new ArrayList<>();
        LockstepApp.Options o = LockstepApp.Options.parse(List.of(), problems);
        assertNull(o.file());
        assertTrue(o.offerRestore());
        assertEquals(List.of(), problems);
    }

    @Test
    void reportsWhatItDoesNotUnderstand() {
        List<String> problems = new ArrayList<>();
        LockstepApp.Options.parse(List.of("a.json", "b.json", "--bogus"), problems);
        assertEquals(2, problems.size(), problems.toString());
    }

    @Test
    void theHomeDirectoryComesFromTheSystemProperty() {
        String old = System.getProperty("lockstep.home");
        try {
            System.setProperty("lockstep.home", "/tmp/somewhere");
            assertEquals(Path.of("/tmp/somewhere"), Autosave.defaultHome());
            System.clearProperty("lockstep.home");
            assertEquals(Path.of(System.getProperty("user.home"), ".lockstep"), Autosave.defaultHome());
        } finally {
            if (old != null) System.setProperty("lockstep.home", old);
        }
    }

    @Test
    void theCommandLineOffersGui() throws Exception {
        var out = new java.io.ByteArrayOutputStream();
        int code = new dev.lockstep.cli.Main(new java.io.PrintStream(out), new java.io.PrintStream(new java.io.ByteArrayOutputStream()), false)
                .execute(new String[] {"help"});
        assertEquals(0, code);
        assertTrue(out.toString().contains("gui [SCENARIO | SESSION]"), out.toString());
        var err = new java.io.ByteArrayOutputStream();
        code = new dev.lockstep.cli.Main(new java.io.PrintStream(out), new java.io.PrintStream(err), false)
                .execute(new String[] {"gui", "no/such/file.json"});
        assertEquals(2, code);
        assertTrue(err.toString().contains("no/such/file.json: no such file"), err.toString());
    }
}
