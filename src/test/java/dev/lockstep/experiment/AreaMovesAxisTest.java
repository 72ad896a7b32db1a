package dev.lockstep.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.lockstep.core.adversary.AreaMoves;
import dev.lockstep.scenario.AreaMovesTexts;
import dev.lockstep.scenario.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sweep axis {@code moveRate} writes where the loader reads the moves between areas, and such a sweep runs. */
class AreaMovesAxisTest {
    @TempDir
    Path dir;

    @Test
    void moveRateVariesTheMovesBetweenAreas() throws Exception {
        Path base = dir.resolve("klme.json");
        Files.writeString(base, AreaMovesTexts.klme(6, 2, 2, 1, 1, 100, "\"areaMoves\": {\"rate\": 0.02, \"until\": 90}",
                "\"workload\": {\"kind\": \"poisson\", \"meanInterRequest\": 10}"));
        Path spec = dir.resolve("spec.json");
        Files.writeString(spec, "{\"base\": \"klme.json\", \"axes\": {\"moveRate\": [0, 0.05]},"
                + " \"seeds\": {\"from\": 1, \"count\": 2}, \"rounds\": 80}\n");
        List<Scenario> points = GraphGeneratorTest.points(SweepSpec.load(spec));
        assertEquals(List.of(new AreaMoves(0, 90), new AreaMoves(0.05, 90)),
                points.stream().map(Scenario::areaMoves).toList());
        Sweep.Result result = SweepFixture.run(spec, dir.resolve("out"), 1, Shard.ALL);
        assertEquals(4, SweepFixture.runs(dir.resolve("out")).size(), result.toString());
    }
}
