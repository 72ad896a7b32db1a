package dev.lockstep.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lockstep.core.adversary.LinkChanges;
import dev.lockstep.core.adversary.PoissonWorkload;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.TimeUnitTexts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sweep axes of the time-unit generators write where the loader reads them, and such a sweep runs. */
class TimeUnitAxesTest {
    @TempDir
    Path dir;

    @Test
    void meanInterRequestAndLinkChangeRateVaryTheGenerators() throws Exception {
        Path base = dir.resolve("krl.json");
        Files.writeString(base, TimeUnitTexts.krl(10, 1, 0.3, 1, 100, "\"linkChanges\": {\"rate\": 0.02}",
                "\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 10}"));
        Path spec = dir.resolve("spec.json");
        Files.writeString(spec, "{\"base\": \"krl.json\", \"axes\": {\"meanInterRequest\": [5, 20], \"linkChangeRate\": [0.002, 0.1],"
                + " \"linkTolerance\": [0.2], \"hold\": [2]}, \"seeds\": {\"from\": 1, \"count\": 2}, \"rounds\": 80}\n");
        List<Scenario> points = GraphGeneratorTest.points(SweepSpec.load(spec));
        assertEquals(List.of(new PoissonWorkload(5, 2, Integer.MAX_VALUE), new PoissonWorkload(5, 2, Integer.MAX_VALUE),
                new PoissonWorkload(20, 2, Integer.MAX_VALUE), new PoissonWorkload(20, 2, Integer.MAX_VALUE)),
                points.stream().map(Scenario::workload).toList());
        assertEquals(List.of(new LinkChanges(0.002, 0.2, Integer.MAX_VALUE), new LinkChanges(0.1, 0.2, Integer.MAX_VALUE),
                new LinkChanges(0.002, 0.2, Integer.MAX_VALUE), new LinkChanges(0.1, 0.2, Integer.MAX_VALUE)),
                points.stream().map(Scenario::linkChanges).toList());

        Files.writeString(spec, "{\"base\": \"krl.json\", \"axes\": {\"workload\": [{\"kind\": \"poisson\"}], \"requestRate\": [0.05, 0.5]},"
                + " \"seeds\": {\"from\": 1, \"count\": 2}, \"rounds\": 80}\n");
        assertEquals(List.of(new PoissonWorkload(20, 1, Integer.MAX_VALUE), new PoissonWorkload(2, 1, Integer.MAX_VALUE)),
                GraphGeneratorTest.points(SweepSpec.load(spec)).stream().map(Scenario::workload).toList());
        Sweep.Result result = SweepFixture.run(spec, dir.resolve("out"), 1, Shard.ALL);
        assertEquals(4, SweepFixture.runs(dir.resolve("out")).size(), result.toString());
    }
}
