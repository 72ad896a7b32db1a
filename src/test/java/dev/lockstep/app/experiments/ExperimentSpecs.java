package dev.lockstep.app.experiments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Small sweep specs over the ring of 8 for the Experiments window's tests. */
public final class ExperimentSpecs {
    static final Path RING = Path.of("sample-runs/ring-8.json").toAbsolutePath();

    private ExperimentSpecs() {}

    /** K ∈ {2, 4} × activation ∈ {0.5, 1.0} × two seeds, {@code rounds} rounds: four points, eight runs. */
    public static Path small(Path dir, int rounds) throws IOException {
        return small(dir, rounds, 2);
    }

    /** The same grid with {@code seeds} seeds. */
    public static Path small(Path dir, int rounds, int seeds) throws IOException {
        Path f = dir.resolve("small-sweep.json");
        Files.writeString(f, "{\"name\": \"Small K sweep\",\n \"base\": \"" + RING.toString().replace("\\", "\\\\") + "\",\n"
                + " \"axes\": {\"K\": [2, 4], \"activation\": [0.5, 1.0]},\n \"seeds\": {\"from\": 1, \"count\": " + seeds + "},\n"
                + " \"rounds\": " + rounds + "}\n");
        return f;
    }
}
