package dev.lockstep.app;

import dev.lockstep.app.export.ExportSpec;
import dev.lockstep.app.export.Exporter;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.session.Session;
import dev.lockstep.workspace.SessionFiles;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The command line's way into exporting (the command line itself uses no GUI toolkit): starts
 * JavaFX headless (see {@code FxThread}) and exports a scenario's or a session's run.
 */
public final class HeadlessExport {
    private HeadlessExport() {}

    /**
     * Exports {@code file} (a scenario, run with {@code seed} or its own; or a session, replayed)
     * as {@code spec} says. Throws ScenarioException for a bad file, IllegalArgumentException for
     * a range the run does not have, IOException if the output cannot be written.
     */
    public static Path run(Path file, Long seed, ExportSpec spec, Exporter.Listener progress) throws Exception {
        return run(file, seed, spec, Session.Loading.NONE, progress);
    }

    /** {@link #run(Path, Long, ExportSpec, Exporter.Listener)}, telling {@code loading} each round a session is replayed. */
    public static Path run(Path file, Long seed, ExportSpec spec, Session.Loading loading, Exporter.Listener progress)
            throws Exception {
        Session session = open(file, seed, loading);
        Exporter exporter = Exporter.of(session, spec);
        dev.lockstep.app.export.FxThread.startHeadless();
        return exporter.run(progress);
    }

    static Session open(Path file, Long seed) throws ScenarioException {
        return open(file, seed, Session.Loading.NONE);
    }

    static Session open(Path file, Long seed, Session.Loading loading) throws ScenarioException {
        if (!Files.isRegularFile(file)) throw new ScenarioException(file + ": no such file");
        Session s = SessionFiles.open(file, loading);
        if (seed == null || seed == s.seed()) return s;
        if (!s.inputs().isEmpty() || !s.waiting().isEmpty()) {
            throw new ScenarioException(file + ": --seed applies to a scenario, not to a session with inputs (its seed is " + s.seed() + ")");
        }
        return Session.start(s.scenario(), seed);
    }
}
