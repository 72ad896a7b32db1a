package dev.lockstep.app;

import dev.lockstep.app.export.ExportSpec;
import dev.lockstep.app.export.Exporter;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.session.Session;
import dev.lockstep.workspace.SessionFiles;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

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

    /**
     * The export benchmark: seconds to draw and encode {@code frames} frames of the built-in default
     * scenario (one round per frame, caption on) as GIF and as MP4, into {@code dir}.
     */
    public static void bench(int frames, int width, int height, Path dir, PrintStream out) throws Exception {
        dev.lockstep.app.export.FxThread.startHeadless();
        out.println(GuiBench.machine());
        out.printf(Locale.ROOT, "%d frames at %dx%d, the default scenario (%s), one round per frame, caption on%n", frames, width,
                height, SessionFiles.defaultScenario().name());
        out.println();
        out.println("| format | seconds | frames / s | file size |");
        out.println("|---|---:|---:|---:|");
        // a short warm-up (class loading, JIT), not measured
        for (ExportSpec.Format f : new ExportSpec.Format[] {ExportSpec.Format.GIF, ExportSpec.Format.MP4}) {
            Path warm = dir.resolve("lockstep-bench-warmup." + f.id());
            Exporter.of(Session.start(SessionFiles.defaultScenario()), new ExportSpec(f, warm, 0, 10, false, width, height, 10, 1, true)).run(null);
            Files.deleteIfExists(warm);
        }
        for (ExportSpec.Format f : new ExportSpec.Format[] {ExportSpec.Format.GIF, ExportSpec.Format.MP4}) {
            Path target = dir.resolve("lockstep-bench." + f.id());
            ExportSpec spec = new ExportSpec(f, target, 0, frames - 1, false, width, height, 10, 1, true);
            long t0 = System.nanoTime();
            Exporter e = Exporter.of(Session.start(SessionFiles.defaultScenario()), spec);
            e.run(null);
            double s = (System.nanoTime() - t0) / 1e9;
            out.printf(Locale.ROOT, "| %s | %.1f | %.1f | %,d bytes |%n", f.id().toUpperCase(Locale.ROOT), s, frames / s, Files.size(target));
            Files.deleteIfExists(target);
        }
    }
}
