package dev.lockstep.bench.jmh;

import dev.lockstep.bench.LmeBench;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.Engine;
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
 * Writing trace lines: the action records of a real LME run (received message, draws, sent
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
        Engine engine = LmeBench.build(50, 6, 1);
        engine.simulation().addListener(new SimulationListener() {
            @Override
            public void executed(ExecutionRecord record) {
                records.add(record);
            }
        });
        engine.runUntil(20);
        out = new StringWriter();
        // any scenario serves for the header; the records name nodes through the run's simulation
        trace = new TraceWriter(out, ScenarioLoader.parse(HEADER_SCENARIO, "bench.json"), engine.simulation(), 20);
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

    private static final String HEADER_SCENARIO = "{\"format\": \"lockstep-scenario/1\", \"protocol\": \"lme\","
            + " \"nodes\": [\"a\", \"b\"], \"edges\": [[\"a\", \"b\"]]}";
}
