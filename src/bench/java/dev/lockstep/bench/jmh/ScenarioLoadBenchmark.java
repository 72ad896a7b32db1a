package dev.lockstep.bench.jmh;

import dev.lockstep.bench.GuiBench;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Loading a scenario file's text: JSON parsing with positions, validation, the unit-disk check
 * of every node's neighbourhood. The scenarios are the gui benchmark's random unit-disk graphs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ScenarioLoadBenchmark {
    @Param({"10", "1000"})
    public int nodes;

    private String text;

    @Setup
    public void setUp() {
        text = GuiBench.scenario(nodes, 1000 + nodes);
    }

    @Benchmark
    public Scenario load() throws ScenarioException {
        return ScenarioLoader.parse(text, "bench-" + nodes + ".json");
    }
}
