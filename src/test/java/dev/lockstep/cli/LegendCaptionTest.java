package dev.lockstep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.cli.MainTest.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A figure's legend names what the fill shows as the protocol's presentation says, for every protocol. */
class LegendCaptionTest {
    @TempDir
    Path dir;

    String svgOf(String sample) throws Exception {
        Path out = dir.resolve(sample + ".svg");
        Result r = MainTest.run("export", "sample-runs/" + sample + ".json", "--format", "svg", "--at", "5", "--out", out.toString(),
                "--no-progress");
        assertEquals(ExitCode.OK, r.code(), r::toString);
        return Files.readString(out);
    }

    @Test
    void eachProtocolsFigureSaysWhatItsFillShows() throws Exception {
        String lme = svgOf("ring-8");
        assertTrue(lme.contains("fill = state") && lme.contains("ring = phase"), "LME: state and phase");
        String ra = svgOf("ricart-agrawala-complete-5");
        assertTrue(ra.contains("fill = region"), "Ricart-Agrawala: region");
        String lamport = svgOf("lamport-complete-5");
        assertTrue(lamport.contains("fill = region"), "Lamport: region");
        assertFalse(lamport.contains("fill = value") || lamport.contains("ring ="), "no placeholder caption, no ring");
    }
}
