package dev.lockstep.bench;

import dev.lockstep.experiment.Shard;
import dev.lockstep.experiment.Sweep;
import dev.lockstep.experiment.SweepSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Runs per second of a whole sweep (spec to summary.csv, every file written) on 1 to N threads:
 * how the thread pool scales on this machine. Each thread count runs the spec into a fresh
 * temporary directory, after one warm-up sweep at the largest count so that the JIT has compiled
 * the simulation before the first measured one.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = "a sweep's runs per second with 1..N worker threads (default spec: experiments/lme-k-sweep.json)")
final class SweepBench implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--spec", paramLabel = "FILE", description = "the sweep spec (default experiments/lme-k-sweep.json)")
    String specFile = "experiments/lme-k-sweep.json";

    @Option(names = "--jobs", paramLabel = "N,N...", split = ",", description = "thread counts to measure (default 1 and the number of cores)")
    List<String> jobs = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        OptionValues values = new OptionValues(spec, "sweep-bench");
        List<Integer> counts = new ArrayList<>();
        for (String j : jobs) counts.add((int) values.integer("--jobs", j, 1, 1024));
        if (counts.isEmpty()) counts = List.of(1, Runtime.getRuntime().availableProcessors());
        SweepSpec s;
        try {
            s = SweepSpec.load(Path.of(specFile));
        } catch (dev.lockstep.scenario.ScenarioException e) {
            throw values.usage(String.join("; ", e.problems()));
        }
        run(s, counts, spec.commandLine().getOut());
        return CommandLine.ExitCode.OK;
    }

    static void run(SweepSpec s, List<Integer> counts, PrintWriter out) throws Exception {
        out.printf(Locale.ROOT, "sweep %s: %d runs%n", s.file(), s.runCount());
        out.println(Machine.describe());
        once(s, counts.stream().max(Comparator.naturalOrder()).orElse(1)); // warm-up
        out.printf(Locale.ROOT, "%5s %9s %9s %8s%n", "jobs", "seconds", "runs/s", "speedup");
        double base = 0;
        for (int j : counts) {
            double seconds = once(s, j);
            double rate = s.runCount() / seconds;
            if (base == 0) base = rate;
            out.printf(Locale.ROOT, "%5d %9.2f %9.1f %8.2f%n", j, seconds, rate, rate / base);
        }
    }

    private static double once(SweepSpec s, int jobs) throws Exception {
        Path dir = Files.createTempDirectory("lockstep-sweep-bench");
        try {
            long start = System.nanoTime();
            Sweep.run(s, dir, jobs, Shard.ALL, null);
            return (System.nanoTime() - start) / 1e9;
        } finally {
            delete(dir);
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
