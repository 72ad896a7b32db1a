package dev.lockstep.dgs;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.io.AtomicFile;
import dev.lockstep.scenario.Scenario;
import java.io.IOException;
import java.nio.file.Path;
import org.graphstream.stream.file.FileSinkDGS;

/**
 * A run's topology history as a DGS file, written by GraphStream's own DGS writer: the nodes with
 * their x, y, then per round that changes the graph a step ({@code st ROUND}) with the links
 * ({@code ae}), cuts ({@code de}) and moves ({@code cn NODE x y}) that took effect (refused
 * changes are left out). Round 0 holds the initial graph. {@link DgsImport} reads it back as a
 * scenario with the same topology.
 */
public final class DgsExport {
    private DgsExport() {}

    /** Runs {@code scenario} with {@code seed} for {@code rounds} rounds and writes its topology history to {@code out}. */
    public static void write(Scenario scenario, long seed, int rounds, Path out) throws IOException {
        Engine engine = scenario.engine(seed);
        // atomically, as every output: a failed run or write leaves nothing under the name
        try (AtomicFile file = AtomicFile.create(out)) {
            CheckedSink sink = new CheckedSink();
            sink.begin(file.writer());
            TopologyRecorder recorder = record(engine.simulation(), sink);
            engine.runUntil(rounds);
            engine.simulation().removeListener(recorder);
            sink.end();
            if (sink.failed()) throw new IOException(out + ": cannot write the DGS file");
            file.commit();
        }
    }

    /**
     * Starts recording {@code sim}'s topology into {@code sink} (which has begun): the nodes now,
     * every later change as it happens. Remove the returned listener to stop.
     */
    public static TopologyRecorder record(Simulation sim, org.graphstream.stream.Sink sink) {
        TopologyRecorder recorder = new TopologyRecorder(sim, sink);
        sim.addListener(recorder);
        return recorder;
    }

    /** FileSinkDGS prints through a PrintWriter, which keeps write errors to itself until asked. */
    private static final class CheckedSink extends FileSinkDGS {
        boolean failed() {
            return out != null && out.checkError();
        }
    }
}
