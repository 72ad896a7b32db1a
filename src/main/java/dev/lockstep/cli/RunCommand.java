package dev.lockstep.cli;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.Workers;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.debug.ConditionException;
import dev.lockstep.debug.DebugRun;
import dev.lockstep.io.AtomicFile;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.json.Printable;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.Summary;
import dev.lockstep.scenario.TraceWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code run SCENARIO}: simulates a scenario file and prints a summary; with {@code --until}, stops at a condition. */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Simulate a scenario file and print a summary (exit 1 if a check was violated). --until stops right after the first step where a condition holds, e.g. --until \"x.state = locked\", \"sent win(true) by y\", \"violation deadlock\", \"round >= 50\", \"wait > 20\" (README \"Debugging from the command line\"); --shiviz writes a ShiViz log.")
final class RunCommand implements Callable<Integer> {
    private final Streams streams;

    @Parameters(hideParamSyntax = true, paramLabel = "SCENARIO", description = "the scenario file")
    List<String> files = new ArrayList<>();

    @Option(names = "--seed", paramLabel = "N", converter = Integers.Seed.class, description = "the seed (default: the scenario's)")
    Long seed;

    @Option(names = "--rounds", paramLabel = "N", converter = Integers.Round.class, description = "rounds to run (default: the scenario's)")
    Integer rounds;

    @Option(names = "--trace", paramLabel = "FILE", description = "write the trace (JSON lines) to FILE")
    String trace;

    @Option(names = "--json", arity = "0", description = "print the summary as one JSON object")
    boolean json;

    @Option(names = "--progress", arity = "0", description = "show the progress on stderr (default: when stderr is a terminal)")
    boolean progress;

    @Option(names = "--no-progress", arity = "0", description = "never show the progress")
    boolean noProgress;

    @Option(names = "--until", paramLabel = "CONDITION", description = "stop right after the first step where CONDITION holds (repeatable: the earliest)")
    List<String> until = new ArrayList<>();

    @Option(names = "--threads", paramLabel = "N", converter = Integers.Threads.class,
            description = "threads sharing each round's work (default: all cores); the results are the same for any number."
                    + " With --until or --shiviz the run steps one execution at a time, on one thread")
    Integer threads;

    @Option(names = "--shiviz", paramLabel = "FILE", description = "write a ShiViz log (vector clocks) of the run to FILE")
    String shiviz;

    RunCommand(Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws UsageException, ScenarioException, IOException {
        if (files.size() != 1) throw new UsageException("run: expected one scenario file, got " + files.size());
        Scenario scenario = ScenarioLoader.load(Path.of(files.get(0)));
        long s = seed != null ? seed : scenario.seed();
        int r = rounds != null ? rounds : scenario.rounds();
        Progress bar = progress || (streams.terminal() && !noProgress) ? new Progress(streams.err()) : null;
        if (!until.isEmpty() || shiviz != null) return debugRun(scenario, s, r, bar);

        Engine engine = scenario.engine(s);
        Simulation sim = engine.simulation();
        try (Workers workers = threads == null ? Workers.allCores() : threads == 1 ? Workers.SINGLE : new Workers(threads);
             AtomicFile traceFile = trace != null ? AtomicFile.create(Path.of(trace)) : null) {
            sim.workers(workers);
            TraceWriter writer = null;
            if (traceFile != null) {
                writer = new TraceWriter(traceFile.writer(), scenario, sim, r);
                sim.addListener(writer);
            }
            try {
                engine.runUntil(r, bar);
            } finally {
                if (bar != null) bar.finish();
            }
            if (writer != null) {
                writer.finish();
                traceFile.commit();
            }
        }
        Summary summary = Summary.of(sim);
        printSummary(streams.out(), scenario, s, summary, sim);
        return ExitCode.of(summary);
    }

    /** A run stopped by conditions, or writing a ShiViz log: a {@link DebugRun}, whose result is printed here. */
    private int debugRun(Scenario scenario, long s, int r, Progress bar) throws ScenarioException, IOException {
        DebugRun run = new DebugRun(scenario, s);
        for (String text : until) {
            try {
                run.stopWhen(text);
            } catch (ConditionException e) {
                badCondition(text, e);
                return ExitCode.BAD_INPUT;
            }
        }
        DebugRun.Result result;
        try {
            result = run.run(r, trace == null ? null : Path.of(trace), shiviz == null ? null : Path.of(shiviz), bar);
        } finally {
            if (bar != null) bar.finish();
        }
        PrintStream out = streams.out();
        if (json) {
            out.println(StopReport.json(result));
        } else {
            if (!result.conditions().isEmpty()) StopReport.text(result, r, out);
            printSummary(out, scenario, s, result.summary(), result.simulation());
        }
        return ExitCode.of(result.summary());
    }

    /** The message, the condition, and a caret under the column where it goes wrong. */
    private void badCondition(String text, ConditionException e) {
        PrintStream err = streams.err();
        err.println("lockstep: run: --until \"" + Printable.escape(text) + "\": " + Printable.escape(e.getMessage()));
        if (e.column() > 0 && e.column() <= text.length() + 1) {
            err.println("  " + Printable.escape(text));
            err.println("  " + " ".repeat(Printable.escape(text.substring(0, e.column() - 1)).length()) + "^");
        }
    }

    private void printSummary(PrintStream out, Scenario scenario, long s, Summary summary, Simulation sim) {
        if (json) {
            JsonWriter w = new JsonWriter();
            summary.writeJson(w, sim);
            out.println(w);
        } else {
            out.printf("scenario     %s (%s), seed %d%n", scenario.name(), scenario.protocol().name(), s);
            out.print(summary.toText(sim));
        }
    }
}
