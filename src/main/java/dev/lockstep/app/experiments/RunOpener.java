package dev.lockstep.app.experiments;

import java.nio.file.Path;

/** Opens a sweep's run in the main window: the point's scenario file, started with the run's seed. */
@FunctionalInterface
public interface RunOpener {
    void open(Path scenario, long seed);
}
