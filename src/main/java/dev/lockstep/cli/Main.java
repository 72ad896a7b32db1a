package dev.lockstep.cli;

import dev.lockstep.core.Simulation;
import dev.lockstep.debug.Breakpoints;
import dev.lockstep.debug.Condition;
import dev.lockstep.debug.ConditionException;
import dev.lockstep.debug.Conditions;
import dev.lockstep.debug.Debugger;
import dev.lockstep.debug.ShiVizExport;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.ScheduleException;
import dev.lockstep.io.AtomicFile;
import dev.lockstep.io.WriteException;
import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.json.Printable;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.Summary;
import dev.lockstep.scenario.TraceReplay;
import dev.lockstep.scenario.TraceWriter;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
                  [--until CONDITION]... [--shiviz FILE]
                  simulate a scenario file and print a summary (exit 1 if a check was violated);
                  --until stops right after the first step where a condition holds, e.g.
                  --until "x.state = locked", "sent win(true) by y", "violation deadlock", "round >= 50",
                  "wait > 20" (README "Debugging from the command line"); --shiviz writes a ShiViz log
              shiviz TRACE|SCENARIO [-o FILE] [--seed N] [--rounds N]
                  a trace (or a scenario, run first) as a ShiViz log with vector clocks (README "ShiViz export")
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
              gui [SCENARIO | SESSION] [--rounds N] [--lecture] [--manual]
                  open the visualizer (on the built-in default scenario if no file is given), run N
                  rounds first, in lecture mode, in manual mode; --screenshot PNG [--select NODE]
                  [--size WxH] [--jump STEP] [--tab PANEL] [--split F] saves the window and exits
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
            if (args.length > 1 && (java.util.Arrays.asList(args).contains("--help") || java.util.Arrays.asList(args).contains("-h"))) {
                out.print(USAGE); // COMMAND --help: the usage, as `help` prints it
                return OK;
            }
            return switch (args[0]) {
                case "run" -> run(args);
                case "replay" -> replay(args);
                case "shiviz" -> shiviz(args);
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
            // one line and where to read more: the whole usage would bury the message
            err.println("lockstep: " + Printable.escape(e.getMessage()));
            err.println("see '" + helpCommand(args) + "'");
            return BAD_INPUT;
        } catch (ScenarioException e) {
            for (String p : e.problems()) err.println(Printable.escape(p));
            return BAD_INPUT;
        } catch (ScheduleException e) {
            err.println(Printable.escape(e.source() + ": " + e.getMessage()));
            return BAD_INPUT;
        } catch (IOException e) {
            err.println("lockstep: " + Printable.escape(e.getMessage()));
            return BAD_INPUT;
        } catch (java.io.UncheckedIOException e) {
            // Writing the trace failed mid-run (text UTF-8 cannot encode, disk full): the input or
            // the environment, not a bug. A WriteException names the file and the reason itself.
            err.println("lockstep: " + (e.getCause() instanceof WriteException ? "" : "cannot write: ")
                    + Printable.escape(e.getCause().getMessage()));
            return BAD_INPUT;
        } catch (Exception | OutOfMemoryError e) {
            err.println("lockstep: internal error: " + Printable.escape(e.toString()));
            e.printStackTrace(err);
            return INTERNAL_ERROR;
        }
    }

    static final Set<String> COMMANDS = Set.of("run", "replay", "shiviz", "export", "bench", "gui", "gui-bench");

    /** The help to point a usage error at: the command's, or the general one. */
    static String helpCommand(String[] args) {
        return args.length > 0 && COMMANDS.contains(args[0]) ? "lockstep " + args[0] + " --help" : "lockstep --help";
    }

    private int run(String[] argv) throws UsageException, ScenarioException, IOException {
        List<String> until = new ArrayList<>();
        Args a = new Args("run", extract(argv, "--until", until), 1, Set.of("--seed", "--rounds", "--trace", "--shiviz"),
                Set.of("--json", "--progress", "--no-progress"));
        if (a.positional.size() != 1) throw new UsageException("run: expected one scenario file, got " + a.positional.size());
        Scenario scenario = ScenarioLoader.load(Path.of(a.positional.get(0)));
        long seed = a.has("--seed") ? a.longValue("run", "--seed", Long.MIN_VALUE, Long.MAX_VALUE) : scenario.seed();
        int rounds = a.has("--rounds") ? (int) a.longValue("run", "--rounds", 0, Integer.MAX_VALUE - 1) : scenario.rounds();
        boolean progress = a.has("--progress") || (terminal && !a.has("--no-progress"));
        if (!until.isEmpty() || a.has("--shiviz")) return debugRun(a, until, scenario, seed, rounds, progress);

        Engine engine = scenario.engine(seed);
        Simulation sim = engine.simulation();
        AtomicFile traceFile = a.has("--trace") ? AtomicFile.create(Path.of(a.get("--trace"))) : null;
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

    /** The arguments without every {@code NAME VALUE} / {@code NAME=VALUE} (repeatable option), whose values go to {@code values}. */
    private static String[] extract(String[] argv, String name, List<String> values) throws UsageException {
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < argv.length; i++) {
            if (i > 0 && argv[i].equals(name)) {
                if (i + 1 >= argv.length) throw new UsageException(argv[0] + ": " + name + " needs a value");
                values.add(argv[++i]);
            } else if (i > 0 && argv[i].startsWith(name + "=")) {
                values.add(argv[i].substring(name.length() + 1));
            } else {
                rest.add(argv[i]);
            }
        }
        return rest.toArray(new String[0]);
    }

    /** How many events up to the stop {@code run --until} narrates. */
    static final int NARRATED = 10;

    /**
     * {@code run} with breakpoints ({@code --until}: a session stepped one step at a time) or a
     * ShiViz export. The trace is written to a temporary file first: when the run stops early its
     * header must give the rounds actually run, so that {@code replay} reproduces it.
     */
    private int debugRun(Args a, List<String> until, Scenario scenario, long seed, int rounds, boolean progress)
            throws ScenarioException, IOException {
        Session session = null;
        Engine engine = null;
        Simulation sim;
        Breakpoints breakpoints = new Breakpoints();
        if (until.isEmpty()) {
            engine = scenario.engine(seed);
            sim = engine.simulation();
        } else {
            session = Session.start(scenario, seed);
            sim = session.simulation();
            for (String text : until) {
                try {
                    breakpoints.add(Conditions.parse(text, sim));
                } catch (ConditionException e) {
                    err.println("lockstep: run: --until \"" + Printable.escape(text) + "\": " + Printable.escape(e.getMessage()));
                    if (e.column() > 0 && e.column() <= text.length() + 1) {
                        err.println("  " + Printable.escape(text));
                        err.println("  " + " ".repeat(Printable.escape(text.substring(0, e.column() - 1)).length()) + "^");
                    }
                    return BAD_INPUT;
                }
            }
        }
        Path tracePath = a.has("--trace") ? Path.of(a.get("--trace")) : null;
        Path shivizPath = a.has("--shiviz") ? Path.of(a.get("--shiviz")) : null;
        Optional<Debugger.Stop> stop = Optional.empty();
        Condition held = null;
        boolean closed = false;
        int stepEnd = -1;
        // the body is never committed: a scratch file beside the output, so that SIGTERM and the
        // stale-temporary cleanup of the next run cover it like the outputs themselves
        try (AtomicFile traceFile = tracePath == null ? null : AtomicFile.create(tracePath);
             AtomicFile shivizFile = shivizPath == null ? null : AtomicFile.create(shivizPath);
             AtomicFile scratch = tracePath == null && shivizPath == null ? null
                     : AtomicFile.create(tracePath != null ? tracePath : shivizPath)) {
            Path body = scratch == null ? null : scratch.temp();
            Writer bodyWriter = scratch == null ? null : scratch.writer();
            TraceWriter trace = null;
            if (bodyWriter != null) {
                trace = new TraceWriter(bodyWriter, scenario, sim, rounds);
                sim.addListener(trace);
            }
            Progress bar = progress ? new Progress(err) : null;
            try {
                if (session != null) {
                    stop = Debugger.runUntil(session, breakpoints, rounds, bar);
                    stepEnd = session.history().size() - 1;
                    if (stop.isPresent()) {
                        held = Debugger.which(stop.get().condition(), stop.get().event(), sim);
                        closed = Debugger.closeRound(session);
                    }
                } else {
                    engine.runUntil(rounds, bar);
                }
            } finally {
                if (bar != null) bar.finish();
            }
            if (trace != null) {
                trace.finish();
                bodyWriter.close();
            }
            if (traceFile != null) {
                StringWriter header = new StringWriter();
                new TraceWriter(header, scenario, sim, sim.round());
                Writer w = traceFile.writer();
                w.write(header.toString());
                try (BufferedReader r = Files.newBufferedReader(body, StandardCharsets.UTF_8)) {
                    r.readLine();
                    for (String line = r.readLine(); line != null; line = r.readLine()) {
                        w.write(line);
                        w.write('\n');
                    }
                }
                traceFile.commit();
            }
            if (shivizFile != null) {
                List<String> lines = Files.readAllLines(body, StandardCharsets.UTF_8);
                ShiVizExport.write(lines, tracePath != null ? tracePath.toString() : "(the run's trace)", shivizFile.writer());
                shivizFile.commit();
            }
        }

        Summary summary = Summary.of(sim);
        List<String> texts = new ArrayList<>();
        for (Breakpoints.Entry b : breakpoints.entries()) texts.add(b.condition().text());
        if (a.has("--json")) {
            JsonWriter w = new JsonWriter();
            if (session == null) {
                summary.writeJson(w, sim);
            } else {
                w.beginObject().key("until").beginArray();
                for (String t : texts) w.value(t);
                w.endArray().key("stop");
                if (stop.isEmpty()) {
                    w.nullValue();
                } else {
                    History.Event e = stop.get().event();
                    w.beginObject().field("round", e.round()).field("step", e.step()).field("condition", held.text())
                            .field("event", Debugger.describe(e, sim)).field("roundClosed", closed).key("narration").beginArray();
                    for (History.Event x : Debugger.lastNarrated(session.history(), stepEnd, NARRATED)) {
                        w.beginObject().field("round", x.round()).field("step", x.step());
                        if (x instanceof History.Executed ex) w.field("node", sim.nodeName(ex.node()));
                        w.field("text", Debugger.describe(x, sim)).endObject();
                    }
                    w.endArray().endObject();
                }
                w.key("summary");
                summary.writeJson(w, sim);
                w.endObject();
            }
            out.println(w);
        } else {
            if (session != null) {
                if (stop.isEmpty()) {
                    out.printf("not stopped: no condition held within %d rounds (%s)%n", rounds, String.join("; ", texts));
                } else {
                    History.Event e = stop.get().event();
                    out.printf("stopped at round %d, step %d: %s%n", e.round(), e.step(), held.text());
                    out.printf("  holds after: %s%n", Debugger.describe(e, sim));
                    List<History.Event> last = Debugger.lastNarrated(session.history(), stepEnd, NARRATED);
                    if (!last.isEmpty()) {
                        out.printf("last %s:%n", last.size() == 1 ? "event" : last.size() + " events");
                        for (History.Event x : last) out.printf("  round %-5d step %-7d %s%n", x.round(), x.step(), Debugger.describe(x, sim));
                    }
                    if (closed) out.printf("round %d ends at the stop (nodes not activated in it yet stay idle)%n", e.round());
                }
            }
            out.printf("scenario     %s (%s), seed %d%n", scenario.name(), scenario.protocol().name(), seed);
            out.print(summary.toText(sim));
        }
        return summary.violations().isEmpty() ? OK : VIOLATION;
    }

    /**
     * {@code shiviz FILE [-o OUT] [--seed N] [--rounds N]}: a trace, or a scenario (run first, with
     * its own seed and rounds unless overridden), as a ShiViz log, to OUT or standard output.
     */
    private int shiviz(String[] argv) throws UsageException, ScenarioException, IOException {
        List<String> rest = new ArrayList<>(List.of(argv[0]));
        String output = null;
        for (int i = 1; i < argv.length; i++) {
            if (argv[i].equals("-o")) {
                if (i + 1 >= argv.length) throw new UsageException("shiviz: -o needs a file");
                output = argv[++i];
            } else {
                rest.add(argv[i]);
            }
        }
        Args a = new Args("shiviz", rest.toArray(new String[0]), 1, Set.of("--output", "--seed", "--rounds"), Set.of());
        if (a.has("--output")) output = a.get("--output");
        if (a.positional.size() != 1) throw new UsageException("shiviz: expected one trace or scenario file, got " + a.positional.size());
        Path file = Path.of(a.positional.get(0));
        String text = ScenarioLoader.read(file);
        List<String> lines;
        if (isScenario(text)) {
            Scenario scenario = ScenarioLoader.parse(text, file.toString());
            long seed = a.has("--seed") ? a.longValue("shiviz", "--seed", Long.MIN_VALUE, Long.MAX_VALUE) : scenario.seed();
            int rounds = a.has("--rounds") ? (int) a.longValue("shiviz", "--rounds", 0, Integer.MAX_VALUE - 1) : scenario.rounds();
            Engine engine = scenario.engine(seed);
            StringWriter trace = new StringWriter();
            TraceWriter writer = new TraceWriter(trace, scenario, engine.simulation(), rounds);
            engine.simulation().addListener(writer);
            engine.runUntil(rounds);
            writer.finish();
            lines = ShiVizExport.lines(trace.toString());
        } else {
            if (a.has("--seed") || a.has("--rounds")) {
                throw new UsageException("shiviz: --seed and --rounds apply to a scenario; " + file + " is a trace (it fixes both)");
            }
            lines = ShiVizExport.lines(text);
        }
        if (output == null) {
            StringWriter w = new StringWriter();
            ShiVizExport.write(lines, file.toString(), w);
            out.print(w);
            return OK;
        }
        try (AtomicFile target = AtomicFile.create(Path.of(output))) {
            ShiVizExport.write(lines, file.toString(), target.writer());
            target.commit();
        }
        return OK;
    }

    /**
     * Whether a file is a scenario rather than a trace: a trace's first line is a JSON object of
     * format {@code lockstep-trace/1}. Anything else goes to the scenario loader, whose messages
     * say what is wrong with a broken scenario.
     */
    private static boolean isScenario(String text) {
        String first = text.lines().findFirst().orElse("");
        try {
            return !(JsonParser.parse(first, ScenarioLoader.nodeLimit("$"), ScenarioLoader.nodeLimit("$.scenario")) instanceof JsonValue.Obj o && o.get("format") instanceof JsonValue.Str f
                    && f.value().equals(TraceWriter.FORMAT));
        } catch (JsonParseException e) {
            return true;
        }
    }

    /**
     * Opens the GUI and returns when its window is closed. Hidden options for the README's
     * screenshots: {@code --screenshot PNG [--rounds N] [--select NODE] [--lecture] [--size WxH]
     * [--manual] [--jump STEP] [--tab PANEL] [--split F]}.
     */
    private int gui(String[] argv) throws UsageException {
        Args a = new Args("gui", argv, 1, Set.of("--screenshot", "--rounds", "--select", "--size", "--jump", "--tab", "--split"),
                Set.of("--lecture", "--manual"));
        if (a.positional.size() > 1) throw new UsageException("gui: expected at most one scenario or session file");
        if (a.has("--rounds")) a.longValue("gui", "--rounds", 0, Integer.MAX_VALUE - 1);
        if (a.has("--jump")) a.longValue("gui", "--jump", 0, Long.MAX_VALUE);
        if (a.positional.size() == 1 && !java.nio.file.Files.isRegularFile(Path.of(a.positional.get(0)))) {
            err.println(Printable.escape(a.positional.get(0)) + ": no such file");
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
        dev.lockstep.app.HeadlessExport.bench(frames, width, height, dir, out);
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
