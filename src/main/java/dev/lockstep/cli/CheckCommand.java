package dev.lockstep.cli;

import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Simulation;
import dev.lockstep.explore.Counterexamples;
import dev.lockstep.explore.ExplorationPath;
import dev.lockstep.explore.ExplorationResult;
import dev.lockstep.explore.Explorer;
import dev.lockstep.explore.ExplorerSettings;
import dev.lockstep.explore.Finding;
import dev.lockstep.explore.Reductions;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code check SCENARIO}: explores every adversary behaviour from the scenario's start within
 * bounds (breadth-first, so each check's first violation comes with a shortest schedule), or
 * samples seeded random walks ({@code --walks}) and shrinks what they find. The adversary here is
 * the explorer's: the scenario's workload, dynamics and scheduler are not used.
 */
@Command(name = "check", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Explore every adversary behaviour from the scenario's start (round 0, its initial edges linked) within bounds:"
                + " which node executes, which message it takes, every value of every random draw, Lock and Unlock calls,"
                + " and cuts and links. The scenario's own workload, dynamics and scheduler are replaced by this adversary;"
                + " the time-based lockout check is off (states merge regardless of time)."
                + " Prints 'no violation' or 'bounds reached' (and how far the search is complete), or each check's first violation"
                + " with a shortest schedule, step by step (exit 1). --walks samples seeded random walks instead and shrinks"
                + " what they find (not necessarily shortest). --out writes the counterexample as a session file:"
                + " 'gui FILE' opens it at the violation, 'replay FILE' verifies it (README \"Checking a protocol exhaustively\").")
final class CheckCommand implements Callable<Integer> {
    private final Streams streams;

    @Parameters(hideParamSyntax = true, paramLabel = "SCENARIO", description = "the scenario file (its protocol, nodes, Δ, channels, ports, edges)")
    List<String> files = new ArrayList<>();

    @Option(names = "--depth", paramLabel = "D", converter = Integers.Positive.class,
            description = "expand no state more than D steps from the start: every schedule of at most D steps is tried (default: no bound)")
    Integer depth;

    @Option(names = "--max-states", paramLabel = "N", converter = Integers.Positive.class,
            description = "stop after N distinct states (default: 1000000)")
    Integer maxStates;

    @Option(names = "--lock-calls", paramLabel = "C", converter = Integers.Bound.class,
            description = "Lock calls the application may make at each node (default: 1)")
    Integer lockCalls;

    @Option(names = "--topology-changes", paramLabel = "T", converter = Integers.Bound.class,
            description = "cuts and links the adversary may make in all (default: 0)")
    Integer topologyChanges;

    @Option(names = "--edges", paramLabel = "PAIRS",
            description = "the pairs the adversary may link, by node name: x-y,y-z (default: the scenario's initial edges); any present edge may be cut")
    String edges;

    @Option(names = "--unlock", arity = "0", description = "the application calls Unlock at a node holding its locks (the default)")
    boolean unlock;

    @Option(names = "--no-unlock", arity = "0", description = "never call Unlock")
    boolean noUnlock;

    @Option(names = "--threads", paramLabel = "P", converter = Integers.Threads.class,
            description = "threads expanding each level (default: all cores); the output is the same for any number")
    Integer threads;

    @Option(names = "--no-fingerprints", arity = "0", description = "keep every state's full key instead of a 64-bit fingerprint")
    boolean noFingerprints;

    @Option(names = "--no-symmetry", arity = "0", description = "do not merge states equal up to an automorphism of the port-labelled graph")
    boolean noSymmetry;

    @Option(names = "--no-partial-order", arity = "0", description = "explore every order of independent moves")
    boolean noPartialOrder;

    @Option(names = "--walks", paramLabel = "W", converter = Integers.Positive.class,
            description = "run W seeded random walks instead of the breadth-first search (needs --walk-length)")
    Integer walks;

    @Option(names = "--walk-length", paramLabel = "L", converter = Integers.Positive.class,
            description = "steps of each random walk at most")
    Integer walkLength;

    @Option(names = "--seed", paramLabel = "S", converter = Integers.Seed.class,
            description = "the random walks' seed (default: the scenario's)")
    Long seed;

    @Option(names = "--out", paramLabel = "FILE",
            description = "write the first (shortest) counterexample as a session file: gui FILE opens it at the violation, replay FILE verifies it")
    String out;

    @Option(names = "--progress", arity = "0", description = "show the progress on stderr (default: when stderr is a terminal)")
    boolean progress;

    @Option(names = "--no-progress", arity = "0", description = "never show the progress")
    boolean noProgress;

    CheckCommand(Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws UsageException, ScenarioException, IOException {
        if (files.size() != 1) throw new UsageException("check: expected one scenario file, got " + files.size());
        if (unlock && noUnlock) throw new UsageException("check: --unlock and --no-unlock contradict each other");
        if ((walks == null) != (walkLength == null)) throw new UsageException("check: --walks W needs --walk-length L, and the other way round");
        if (walks != null && depth != null) throw new UsageException("check: --depth bounds the breadth-first search; random walks take --walk-length");
        if (walks != null && maxStates != null) throw new UsageException("check: --max-states bounds the breadth-first search, not --walks");
        if (edges != null && (topologyChanges == null || topologyChanges == 0)) {
            throw new UsageException("check: --edges names the pairs the adversary may link: give --topology-changes T too");
        }
        if (seed != null && walks == null) throw new UsageException("check: --seed is the random walks' seed: give --walks too");
        Path file = Path.of(files.get(0));
        Scenario scenario = ScenarioLoader.load(file);
        long s = seed != null ? seed : scenario.seed();
        CheckStart start = CheckStart.of(scenario, scenario.seed());
        ExplorerSettings settings = settings(start, file);
        CheckReport report = new CheckReport(streams.out(), scenario, start, settings, walks == null);
        report.header(walks == null ? null : String.format(java.util.Locale.ROOT, "%,d random walks of at most %,d steps, seed %d", walks, walkLength, s));

        Found found;
        try (CheckProgress monitor = new CheckProgress(progress || (streams.terminal() && !noProgress) ? streams.err() : null)) {
            found = walks == null ? explore(start.simulation(), settings, monitor, report) : walk(start.simulation(), settings, s, report);
            monitor.finish();
            if (found != null && out != null) {
                if (monitor.signalled()) {
                    streams.out().println("counterexample not written: interrupted");
                } else if (found.check().equals(Finding.ERROR)) {
                    streams.out().println("counterexample not written: its last step throws, so a session cannot be replayed to it");
                } else {
                    Path to = Path.of(out);
                    CounterexampleSession.write(to, CounterexampleSession.text(scenario, scenario.seed(), start, found.path(), found.check()));
                    streams.out().printf("counterexample written to %s: a session at round %d (gui %s opens it at the violation; replay %s verifies it)%n",
                            out, found.path().size(), out, out);
                }
            }
            streams.out().flush();
        }
        return found == null ? ExitCode.OK : ExitCode.VIOLATION;
    }

    /** A counterexample to write: the first finding's check and path. */
    private record Found(String check, ExplorationPath path) {}

    private Found explore(Simulation start, ExplorerSettings settings, CheckProgress monitor, CheckReport report) {
        ExplorationResult r = new Explorer(start, settings).run(monitor);
        monitor.finish();
        report.result(r);
        if (r.clean()) return null;
        Finding f = r.firstFindings().values().iterator().next();
        return new Found(f.check(), f.path());
    }

    private Found walk(Simulation start, ExplorerSettings settings, long s, CheckReport report) {
        long t0 = System.nanoTime();
        Counterexamples.Sample sample = Counterexamples.sample(start, settings, s, walks, walkLength);
        List<Found> shrunk = new ArrayList<>();
        for (var e : sample.first().entrySet()) {
            // an exception cannot be shrunk against (a replay that throws is refused): its walk is kept as it is
            shrunk.add(new Found(e.getKey(), e.getKey().equals(Finding.ERROR) ? e.getValue() : Counterexamples.shrink(e.getValue(), settings, e.getKey())));
        }
        report.walks(sample, walkLength, shrunk.stream().map(Found::path).toList(), System.nanoTime() - t0);
        Found best = null;
        for (Found f : shrunk) if (best == null || f.path().size() < best.path().size()) best = f;
        return best;
    }

    /** The explorer's bounds and reductions from the options; refuses what cannot be explored. */
    private ExplorerSettings settings(CheckStart start, Path file) throws UsageException {
        int changes = topologyChanges != null ? topologyChanges : 0;
        if (changes > 0 && start.simulation().config().portAssignment() != PortAssignment.LOWEST) {
            throw new UsageException("check: --topology-changes needs \"ports\": \"lowest\" in " + file
                    + " (a seeded-random port choice depends on the random stream, which the exploration does not follow)");
        }
        List<int[]> potential = edges != null ? EdgeList.parse(edges, start.simulation()) : start.linked();
        int p = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        Reductions r = Reductions.all(p).withFingerprints(!noFingerprints).withSymmetry(!noSymmetry).withPartialOrder(!noPartialOrder);
        return ExplorerSettings.defaults()
                .withLockCalls(lockCalls != null ? lockCalls : 1)
                .withUnlock(!noUnlock)
                .withTopologyChanges(changes, potential.toArray(new int[0][]))
                .withMaxStates(maxStates != null ? maxStates : ExplorerSettings.defaults().maxStates())
                .withMaxDepth(depth != null ? depth : Integer.MAX_VALUE)
                .withMaxFindingsKept(0)
                .withReductions(r);
    }
}
