package dev.lockstep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.cli.MainTest.Result;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** export-dgs and import-dgs: a run's topology out through GraphStream's writer and back in as a scenario. */
class DgsCommandsTest {
    @TempDir
    Path dir;

    @Test
    void aChurnRunExportedAndImportedHasTheSameTopologyHistory() throws Exception {
        Path dgs = dir.resolve("churn.dgs");
        Result out = MainTest.run("export-dgs", "sample-runs/grid-5x5-churn.json", "--rounds", "60", "--out", dgs.toString());
        assertEquals(ExitCode.OK, out.code(), out::toString);
        String text = Files.readString(dgs);
        assertTrue(text.startsWith("DGS004"), text);
        assertTrue(text.contains("\nde ") && text.contains("\nae "), "the churn cuts and links edges:\n" + text);

        Path scenario = dir.resolve("churn.json");
        Result in = MainTest.run("import-dgs", dgs.toString(), "--out", scenario.toString(), "--delta", "4", "--seed", "3");
        assertEquals(ExitCode.OK, in.code(), in::toString);
        Scenario imported = ScenarioLoader.load(scenario);
        assertEquals("churn", imported.name());
        assertEquals(3, imported.seed());
        assertEquals(4, imported.delta());
        // the imported scenario's run writes the same DGS history again
        Path again = dir.resolve("again.dgs");
        assertEquals(ExitCode.OK, MainTest.run("export-dgs", scenario.toString(), "--rounds", "60", "--out", again.toString()).code());
        assertEquals(text, Files.readString(again));
    }

    @Test
    void badInputIsExitTwoAndLeavesNoFile() throws Exception {
        Path dgs = dir.resolve("bad.dgs");
        Files.writeString(dgs, "DGS004\nnull 0 0\nan a\nan b\nae ab a b\n");
        Path scenario = dir.resolve("bad.json");
        Result tooFew = MainTest.run("import-dgs", dgs.toString(), "--out", scenario.toString(), "--delta", "0");
        assertEquals(ExitCode.BAD_INPUT, tooFew.code(), tooFew::toString);
        assertTrue(tooFew.err().startsWith("lockstep: import-dgs: --delta expects an integer between 1 and 63, got \"0\""), tooFew::toString);
        Result noOut = MainTest.run("export-dgs", "sample-runs/ring-8.json");
        assertEquals(ExitCode.BAD_INPUT, noOut.code());
        assertTrue(noOut.err().contains("export-dgs: --out is required"), noOut::toString);
        Result missing = MainTest.run("import-dgs", dir.resolve("none.dgs").toString(), "--out", scenario.toString());
        assertEquals(ExitCode.BAD_INPUT, missing.code(), missing::toString);
        assertFalse(Files.exists(scenario));
    }
}
