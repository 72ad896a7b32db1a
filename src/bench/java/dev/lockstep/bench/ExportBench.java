package dev.lockstep.bench;

import dev.lockstep.app.export.ExportSpec;
import dev.lockstep.app.export.Exporter;
import dev.lockstep.app.export.FxThread;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.session.Session;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The export benchmark: seconds to draw and encode frames of the built-in default scenario (one
 * round per frame, caption on) as GIF and as MP4, headless, after a short unmeasured warm-up.
 */
@Command(name = "export", mixinStandardHelpOptions = true, description = "seconds to export frames as GIF and as MP4")
final class ExportBench implements Callable<Integer> {
    /** The window's built-in scenario, read from the application's resources. */

    @Spec
    CommandSpec spec;

    @Option(names = "--frames", paramLabel = "N", description = "frames per export (default 200)")
    String frames;

    @Option(names = "--width", paramLabel = "W", description = "frame width, even (default 1280)")
    String width;

    @Option(names = "--height", paramLabel = "H", description = "frame height, even (default 720)")
    String height;

    @Option(names = "--threads", paramLabel = "N", description = "threads encoding the MP4 (default: all cores)")
    String threads;

    @Option(names = "--dir", paramLabel = "DIR", description = "where the files go while they are measured (default: the temporary directory)")
    String dir;

    @Override
    public Integer call() throws Exception {
        OptionValues values = new OptionValues(spec, "bench");
        int f = frames == null ? 200 : (int) values.integer("--frames", frames, 1, 100_000);
        int w = width == null ? 1280 : (int) values.integer("--width", width, 16, 7680);
        int h = height == null ? 720 : (int) values.integer("--height", height, 16, 4320);
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : (int) values.integer("--threads", threads, 1, 1024);
        if (w % 2 != 0 || h % 2 != 0) throw values.usage("the MP4 needs an even --width and --height");
        Path d = Path.of(dir != null ? dir : System.getProperty("java.io.tmpdir"));
        if (!Files.isDirectory(d)) throw values.usage("--dir " + d + ": no such directory");
        run(f, w, h, t, d, spec.commandLine().getOut());
        return CommandLine.ExitCode.OK;
    }

    static void run(int frames, int width, int height, int threads, Path dir, PrintWriter out) throws Exception {
        FxThread.startHeadless();
        Scenario scenario = defaultScenario();
        out.println(Machine.describe());
        out.printf(Locale.ROOT, "%d frames at %dx%d, the default scenario (%s), one round per frame, caption on, MP4 encoded on %d thread%s%n",
                frames, width, height, scenario.name(), threads, threads == 1 ? "" : "s");
        out.println();
        out.println("| format | seconds | frames / s | file size |");
        out.println("|---|---:|---:|---:|");
        out.flush();
        // a short warm-up (class loading, JIT), not measured
        for (ExportSpec.Format f : new ExportSpec.Format[] {ExportSpec.Format.GIF, ExportSpec.Format.MP4}) {
            Path warm = dir.resolve("lockstep-bench-warmup." + f.id());
            Exporter.of(Session.start(scenario), new ExportSpec(f, warm, 0, 10, false, width, height, 10, 1, true)).encoderThreads(threads).run(null);
            Files.deleteIfExists(warm);
        }
        for (ExportSpec.Format f : new ExportSpec.Format[] {ExportSpec.Format.GIF, ExportSpec.Format.MP4}) {
            Path target = dir.resolve("lockstep-bench." + f.id());
            ExportSpec spec = new ExportSpec(f, target, 0, frames - 1, false, width, height, 10, 1, true);
            long t0 = System.nanoTime();
            Exporter e = Exporter.of(Session.start(scenario), spec).encoderThreads(threads);
            e.run(null);
            double s = (System.nanoTime() - t0) / 1e9;
            out.printf(Locale.ROOT, "| %s | %.1f | %.1f | %,d bytes |%n", f.id().toUpperCase(Locale.ROOT), s, frames / s, Files.size(target));
            out.flush();
            Files.deleteIfExists(target);
        }
    }

    /** The window's built-in default scenario, as the window itself loads it. */
    static Scenario defaultScenario() {
        return dev.lockstep.workspace.SessionFiles.defaultScenario();
    }
}
