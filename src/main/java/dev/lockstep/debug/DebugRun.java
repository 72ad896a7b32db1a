package dev.lockstep.debug;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.io.AtomicFile;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.Summary;
import dev.lockstep.scenario.TraceWriter;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A run of a scenario that stops right after the first step where a condition holds (the command
 * line's {@code run --until}), writing its trace and ShiViz log on the way ({@code run --shiviz}).
 * The run is a {@link Session} stepped by the {@link Debugger}, with or without conditions.
 *
 * <p>The trace body goes to a scratch file first: when the run stops early, the trace's header
 * must give the rounds actually run (so that {@code replay} reproduces it), and those are known
 * only at the end. The scratch file lies beside the output, so that SIGTERM and the stale-temporary
 * cleanup of the next run cover it like the outputs themselves; it is never committed.
 */
public final class DebugRun {
    /** How many events up to the stop are narrated. */
    public static final int NARRATED = 10;

    private final Scenario scenario;
    private final Session session;
    private final Breakpoints breakpoints = new Breakpoints();
    private final List<String> conditions = new ArrayList<>();

    /** One narrated event up to the stop; {@code node} is the executing node, null for other events. */
    public record Narrated(int round, long step, String node, String text) {}

    /**
     * Where the run stopped: the step after which {@code condition} (the part of an {@code or} that
     * held) holds, what happened there, and whether the begun round was closed at the stop.
     */
    public record Stop(int round, long step, String condition, String event, boolean roundClosed, List<Narrated> narration) {}

    /** The outcome: the conditions as given, the stop (empty if none held), and the run's summary. */
    public record Result(List<String> conditions, Optional<Stop> stop, Summary summary, Simulation simulation) {}

    public DebugRun(Scenario scenario, long seed) {
        this.scenario = scenario;
        this.session = Session.start(scenario, seed);
    }

    /** Adds a stop condition, read against this run's nodes, variables and checks. */
    public void stopWhen(String condition) throws ConditionException {
        breakpoints.add(Conditions.parse(condition, session.simulation()));
        conditions.add(condition);
    }

    /**
     * Runs up to round {@code rounds} or the first stop, writing the trace to {@code trace} and the
     * ShiViz log to {@code shiviz} (either may be null); {@code progress} may be null.
     */
    public Result run(int rounds, Path trace, Path shiviz, Engine.ProgressListener progress) throws ScenarioException, IOException {
        Simulation sim = session.simulation();
        Optional<Debugger.Stop> stop;
        int stepEnd;
        Condition held = null;
        boolean closed = false;
        try (AtomicFile traceFile = trace == null ? null : AtomicFile.create(trace);
             AtomicFile shivizFile = shiviz == null ? null : AtomicFile.create(shiviz);
             AtomicFile scratch = trace == null && shiviz == null ? null : AtomicFile.create(trace != null ? trace : shiviz)) {
            Writer body = scratch == null ? null : scratch.writer();
            TraceWriter writer = body == null ? null : new TraceWriter(body, scenario, sim, rounds);
            if (writer != null) sim.addListener(writer);
            stop = Debugger.runUntil(session, breakpoints, rounds, progress);
            stepEnd = session.history().size() - 1;
            if (stop.isPresent()) {
                held = Debugger.which(stop.get().condition(), stop.get().event(), sim);
                closed = Debugger.closeRound(session);
            }
            if (writer != null) {
                writer.finish();
                body.close();
            }
            if (traceFile != null) {
                writeTrace(traceFile, scratch.temp(), sim);
            }
            if (shivizFile != null) {
                List<String> lines = Files.readAllLines(scratch.temp(), StandardCharsets.UTF_8);
                ShiVizExport.write(lines, trace != null ? trace.toString() : "(the run's trace)", shivizFile.writer());
                shivizFile.commit();
            }
        }
        Optional<Stop> where = Optional.empty();
        if (stop.isPresent()) {
            History.Event e = stop.get().event();
            List<Narrated> narration = new ArrayList<>();
            for (History.Event x : Debugger.lastNarrated(session.history(), stepEnd, NARRATED)) {
                String node = x instanceof History.Executed ex ? sim.nodeName(ex.node()) : null;
                narration.add(new Narrated(x.round(), x.step(), node, Debugger.describe(x, sim)));
            }
            where = Optional.of(new Stop(e.round(), e.step(), held.text(), Debugger.describe(e, sim), closed, List.copyOf(narration)));
        }
        return new Result(List.copyOf(conditions), where, Summary.of(sim), sim);
    }

    /** The trace: a header with the rounds actually run, then the body without its provisional header. */
    private void writeTrace(AtomicFile traceFile, Path body, Simulation sim) throws IOException {
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
}
