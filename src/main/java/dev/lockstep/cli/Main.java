package dev.lockstep.cli;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.ScheduleException;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.Summary;
import dev.lockstep.scenario.TraceReplay;
import dev.lockstep.scenario.TraceWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Set;

/**
 * The command line. Exit codes: 0 = no check violated, 1 = a check was violated (or a replay
 * diverged), 2 = bad input or usage (message on stderr), 3 = internal error (a bug: please report).
 */
public final class Main {
    public static final int OK = 0;
    public static final int VIOLATION = 1;
    public static final int BAD_INPUT = 2;
    public static final int INTERNAL_ERROR = 3;

    static final String USAGE = """
            usage: java -jar lockstep.jar <command> [options]

            commands:
              run SCENARIO [--seed N] [--rounds N] [--trace FILE] [--json] [--progress | --no-progress]
                  simulate a scenario file and print a summary (exit 1 if a check was violated)
              replay TRACE
                  re-run a trace's recorded adversary choices and verify it reproduces byte for byte
              bench [--nodes N,N,...] [--rounds N] [--seed N] [--degree D]
                  LME throughput on random unit-disk graphs
              bench --travel [--nodes 50] [--actions 100000] [--jumps 200] [--seed N]
                  time travel: cost of jumps anywhere in a long interactive session, and its history's memory
              export SCENARIO|SESSION --format gif|mp4|png|svg|tikz --out PATH [--from N] [--to N] [--steps]
                     [--at N] [--width W] [--height H] [--fps F] [--frames-per-step K] [--caption | --no-caption]
                     [--seed N] [--no-progress]
                  a range of the run as an animation (png: frame-NNNN.png in the directory PATH), or one moment
                  as a figure; headless (no display needed). Range in rounds, or in action executions with --steps
              bench --export [--frames 200] [--width 1280] [--height 720] [--dir DIR]
                  seconds to export frames as GIF and as MP4
              gui [SCENARIO | SESSION]
                  open the visualizer (on the built-in default scenario if no file is given)
              gui-bench [--sizes 50,200,1000] [--seconds 10] [--rate 10] [--warmup 2] [--zoomed 200]
                  frames per second of the graph view while running (needs a display)
              help
                  this text
            """;

    private final PrintStream out;
    private final PrintStream err;
    private final boolean terminal;

    public Main(PrintStream out, PrintStream err, boolean stderrIsTerminal) {
        this.out = out;
        this.err = err;
        this.terminal = stderrIsTerminal;
    }

    public static void main(String[] args) {
        int code = new Main(System.out, System.err, Progress.stderrIsTerminal()).execute(args);
        System.out.flush();
        System.exit(code);
    }

    /** Runs a command and returns its exit code; never throws. */
    public int execute(String[] args) {
        try {
            if (args.length == 0) throw new UsageException("no command given");
            return switch (args[0]) {
                case "run" -> run(args);
                case "replay" -> replay(args);
                case "export" -> ExportCommand.run(args, out, err, terminal);
                case "bench" -> java.util.Arrays.asList(args).contains("--export") ? exportBench(args)
                        : Bench.run(new Args("bench", args, 1, Set.of("--nodes", "--rounds", "--seed", "--degree",
                        "--actions", "--jumps"), Set.of("--travel")), out, err);
                case "gui" -> gui(args);
                case "gui-bench" -> guiBench(args);
                case "help", "--help", "-h" -> {
                    out.print(USAGE);
                    yield OK;
                }
                default -> throw new UsageException("unknown command \"" + args[0] + "\"");
            };
        } catch (UsageException e) {
            err.println("lockstep: " + e.getMessage());
            err.print(USAGE);
            return BAD_INPUT;
        } catch (ScenarioException e) {
            for (String p : e.problems()) err.println(p);
            return BAD_INPUT;
        } catch (ScheduleException e) {
            err.println(e.source() + ": " + e.getMessage());
            return BAD_INPUT;
        } catch (IOException e) {
            err.println("lockstep: " + e.getMessage());
            return BAD_INPUT;
        } catch (java.io.UncheckedIOException e) {
            // Writing the trace failed mid-run (disk full, file system gone): the environment, not a bug.
            err.println("lockstep: cannot write: " + e.getCause().getMessage());
            return BAD_INPUT;
        } catch (Exception | OutOfMemoryError e) {
            err.println("lockstep: internal error: " + e);
            e.printStackTrace(err);
            return INTERNAL_ERROR;
        }
    }

    private int run(String[] argv) throws UsageException, ScenarioException, IOException {
        Args a = new Args("run", argv, 1, Set.of("--seed", "--rounds", "--trace"),
                Set.of("--json", "--progress", "--no-progress"));
        if (a.positional.size() != 1) throw new UsageException("run: expected one scenario file, got " + a.positional.size());
        Scenario scenario = ScenarioLoader.load(Path.of(a.positional.get(0)));
        long seed = a.has("--seed") ? a.longValue("run", "--seed", Long.MIN_VALUE, Long.MAX_VALUE) : scenario.seed();
        int rounds = a.has("--rounds") ? (int) a.longValue("run", "--rounds", 0, Integer.MAX_VALUE - 1) : scenario.rounds();
        boolean progress = a.has("--progress") || (terminal && !a.has("--no-progress"));

        Engine engine = scenario.engine(seed);
        Simulation sim = engine.simulation();
        AtomicFile traceFile = a.has("--trace") ? new AtomicFile(Path.of(a.get("--trace"))) : null;
        Progress bar = progress ? new Progress(err) : null;
        try (traceFile) {
            TraceWriter trace = null;
            if (traceFile != null) {
                trace = new TraceWriter(traceFile.writer(), scenario, sim, rounds);
                sim.addListener(trace);
            }
            try {
                engine.runUntil(rounds, bar);
            } finally {
                if (bar != null) bar.finish();
            }
            if (trace != null) {
                trace.finish();
                traceFile.commit();
            }
        }
        Summary summary = Summary.of(sim);
        if (a.has("--json")) {
            JsonWriter w = new JsonWriter();
            summary.writeJson(w, sim);
            out.println(w);
        } else {
            out.printf("scenario     %s (%s), seed %d%n", scenario.name(), scenario.protocol().name(), seed);
            out.print(summary.toText(sim));
        }
        return summary.violations().isEmpty() ? OK : VIOLATION;
    }

    /**
     * Opens the GUI and returns when its window is closed. Hidden options for the README's
     * screenshots: {@code --screenshot PNG [--rounds N] [--select NODE] [--lecture] [--size WxH]}.
     */
    private int gui(String[] argv) throws UsageException {
        Args a = new Args("gui", argv, 1, Set.of("--screenshot", "--rounds", "--select", "--size"), Set.of("--lecture"));
        if (a.positional.size() > 1) throw new UsageException("gui: expected at most one scenario or session file");
        if (a.positional.size() == 1 && !java.nio.file.Files.isRegularFile(Path.of(a.positional.get(0)))) {
            err.println(a.positional.get(0) + ": no such file");
            return BAD_INPUT;
        }
        String[] rest = java.util.Arrays.copyOfRange(argv, 1, argv.length);
        try {
            dev.lockstep.app.Gui.launch(rest);
        } catch (UnsupportedOperationException | IllegalStateException e) {
            // e.g. no display: the environment, not a bug
            err.println("lockstep: cannot open a window: " + e.getMessage());
            return BAD_INPUT;
        }
        return OK;
    }

    private int exportBench(String[] argv) throws Exception {
        Args a = new Args("bench", argv, 1, Set.of("--frames", "--width", "--height", "--dir"), Set.of("--export"));
        int frames = a.has("--frames") ? (int) a.longValue("bench", "--frames", 1, 100_000) : 200;
        int width = a.has("--width") ? (int) a.longValue("bench", "--width", 16, 7680) : 1280;
        int height = a.has("--height") ? (int) a.longValue("bench", "--height", 16, 4320) : 720;
        if (width % 2 != 0 || height % 2 != 0) throw new UsageException("bench: the MP4 needs an even --width and --height");
        Path dir = Path.of(a.has("--dir") ? a.get("--dir") : System.getProperty("java.io.tmpdir"));
        if (!java.nio.file.Files.isDirectory(dir)) throw new UsageException("bench: --dir " + dir + ": no such directory");
        dev.lockstep.app.Export.bench(frames, width, height, dir, out);
        return OK;
    }

    /** Frames per second of the graph view while running (needs a display, e.g. xvfb-run). */
    private int guiBench(String[] args) throws UsageException {
        if (System.getenv("DISPLAY") == null && System.getenv("WAYLAND_DISPLAY") == null) {
            throw new UsageException("gui-bench: no display (run it under xvfb-run -a, or on a desktop)");
        }
        try {
            dev.lockstep.app.GuiBench.main(java.util.Arrays.copyOfRange(args, 1, args.length));
        } catch (IllegalArgumentException e) {
            throw new UsageException("gui-bench: " + e.getMessage());
        } catch (Exception e) {
            err.println("lockstep: gui-bench failed: " + e);
            return INTERNAL_ERROR;
        }
        return OK;
    }

    private int replay(String[] argv) throws UsageException, ScenarioException {
        Args a = new Args("replay", argv, 1, Set.of(), Set.of());
        if (a.positional.size() != 1) throw new UsageException("replay: expected one trace file");
        TraceReplay.Result r = TraceReplay.verify(Path.of(a.positional.get(0)));
        if (r.identical()) {
            out.printf("trace reproduced exactly: %d records, %d rounds%n", r.lines(), r.simulation().round());
            return OK;
        }
        out.printf("trace diverges at line %d%n  in file:  %s%n  replayed: %s%n", r.differingLine(),
                r.expected() == null ? "(end of file)" : r.expected(), r.actual() == null ? "(end of replay)" : r.actual());
        return VIOLATION;
    }
}
