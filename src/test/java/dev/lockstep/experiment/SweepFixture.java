package dev.lockstep.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Small sweeps for the tests: a spec over the ring of 8 (sample-runs/ring-8.json), run into a directory. */
final class SweepFixture {
    static final Path RING = Path.of("sample-runs/ring-8.json").toAbsolutePath();

    private SweepFixture() {}

    /** A spec file in {@code dir} whose base is the ring; {@code rest} is the spec's other members. */
    static Path spec(Path dir, String rest) throws IOException {
        Path f = dir.resolve("spec.json");
        Files.writeString(f, "{\"base\": \"" + RING.toString().replace("\\", "\\\\") + "\",\n" + rest + "}\n");
        return f;
    }

    /** Two K × two activations × three seeds, 60 rounds: 12 short runs. */
    static Path small(Path dir) throws IOException {
        return spec(dir, "\"axes\": {\"K\": [2, 4], \"activation\": [0.5, 1.0]},\n\"seeds\": {\"from\": 1, \"count\": 3},\n\"rounds\": 60");
    }

    static Sweep.Result run(Path spec, Path out, int jobs, Shard shard) throws Exception {
        return Sweep.run(SweepSpec.load(spec), out, jobs, shard, null);
    }

    /** The run lines without wall time, sorted: what two sweeps of one spec must agree on. */
    static List<String> runs(Path out) throws IOException {
        return RunLog.read(out.resolve(RunLog.FILE)).records().stream().map(RunRecord::withoutWallTime).sorted().toList();
    }
}
