package dev.lockstep.bench.jmh;

import dev.lockstep.bench.GuiBench;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.TraceWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Writing trace lines: the action records of a real LME run (the gui benchmark's 50-node scenario) (received message, draws, sent
 * messages, the state after), one JSON line each, into memory.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TraceLineBenchmark {
    private final List<ExecutionRecord> records = new ArrayList<>();
    private StringWriter out;
    private TraceWriter trace;
    private int next;

    @Setup
    public void setUp() throws ScenarioException {
        Scenario scenario = ScenarioLoader.parse(GuiBench.scenario(50, 1050), "bench-50.json");
        Engine engine = scenario.engine();
        engine.simulation().addListener(new SimulationListener() {
            @Override
            public void executed(ExecutionRecord record) {
                records.add(record);
            }
        });
        engine.runUntil(20);
        out = new StringWriter();
        trace = new TraceWriter(out, scenario, engine.simulation(), 20);
    }

    @Benchmark
    public int actionLine() {
        ExecutionRecord r = records.get(next);
        next = (next + 1) % records.size();
        trace.executed(r);
        int length = out.getBuffer().length();
        // drop what was written now and then, so memory does not grow over millions of lines
        if (length > 1 << 20) out.getBuffer().setLength(0);
        return length;
    }
}
