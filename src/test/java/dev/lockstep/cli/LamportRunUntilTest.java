package dev.lockstep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.cli.MainTest.Result;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** `run --until` stops a LogicalTimeME run on its region variable, exit included, where stepping by hand does. */
class LamportRunUntilTest {
    private static final String SAMPLE = "sample-runs/lamport-complete-5.json";

    @Test
    void stopsWhereTheRegionFirstHolds() throws Exception {
        for (String region : new String[] {"crit", "exit"}) {
            RunUntilTest.Reached ref = RunUntilTest.firstStepWhere(ScenarioLoader.load(Path.of(SAMPLE)),
                    sim -> region.equals(RunUntilTest.value(sim, "p1", "region")));
            Result r = MainTest.run("run", SAMPLE, "--until", "p1.region = " + region);
            assertEquals(ExitCode.OK, r.code(), r::toString);
            assertTrue(r.out().contains("stopped at round " + ref.round() + ", step " + ref.step()
                    + ": p1.region = " + region), r.toString());
            assertTrue(r.out().contains(region.equals("crit") ? "p1 entered its critical section"
                    : "p1 ran Exit: p1 left its critical section"), r.toString());
        }
    }
}
