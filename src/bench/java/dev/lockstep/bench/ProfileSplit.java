package dev.lockstep.bench;

import dev.lockstep.core.Workers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * The lme benchmark's {@code --profile}: the profile's split of issue 13, by the run's phases.
 * Java Flight Recorder samples every thread's stack once a millisecond during the timed rounds
 * (the caller's and the workers'), and each sample goes to the first phase one of whose frames
 * it holds. The workers' stacks start at a lambda, not at the engine's step that handed it to
 * them, so some phases also claim whole classes that only they run on the workers. Samples
 * count CPU, not wall clock: a phase that keeps both threads busy counts twice. The share of the
 * samples inside a pass the workers share ({@link Workers#forRange}, on any thread) is Amdahl's
 * parallel fraction p: what more cores can shrink.
 */
final class ProfileSplit implements AutoCloseable {
    /** A phase and the frames ({@code Class.method}, or a whole {@code Class}) that mark it, by binary class name. */
    enum Phase {
        MOVES("moves", "dev.lockstep.core.TopologyChanges.moveAllOnUnitDisk", "dev.lockstep.core.TopologyChanges.moveOnUnitDisk",
                "dev.lockstep.core.ParallelMoves"),
        // the walk draws a round's steps (reading each mover's position) before it hands them over as one batch
        WALK("the walk's draws", "dev.lockstep.bench.RandomWalk.batch"),
        STARTS("other round starts", "dev.lockstep.core.adversary.ScenarioAdversary.beginRound",
                "dev.lockstep.bench.RandomWalk.beginRound", "dev.lockstep.core.adversary.UnitDisk"),
        // before the executions: a check's bookkeeping inside an execution is the check's cost
        CHECKS("live checks", "dev.lockstep.core.LiveChecks.endOfRound", "dev.lockstep.protocol.lme.AcyclicDependenciesCheck",
                "dev.lockstep.protocol.lme.AcyclicDependenciesCheck$Search"),
        COMMITS("commits", "dev.lockstep.core.QuietExecutions.commit", "dev.lockstep.core.PartitionedCommit"),
        EXECUTIONS("executions", "dev.lockstep.core.Simulation.actListed", "dev.lockstep.core.QuietExecutions",
                "dev.lockstep.core.InPlaceRound"),
        PLANS("plans", "dev.lockstep.core.adversary.Synchronous.plan", "dev.lockstep.core.adversary.ScenarioAdversary.plan",
                "dev.lockstep.core.EnabledChoices"),
        ENDS("other round ends", "dev.lockstep.core.Simulation.endRound", "dev.lockstep.core.PoolRows"),
        OTHER("other");

        final String label;
        final List<String> frames;

        Phase(String label, String... frames) {
            this.label = label;
            this.frames = List.of(frames);
        }

        boolean marks(String type, String method) {
            return frames.contains(type) || frames.contains(type + "." + method);
        }
    }

    private final Recording recording = new Recording();

    /** Starts sampling every thread once a millisecond. */
    ProfileSplit() {
        recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(1)).withStackTrace();
        recording.start();
    }

    /** The frame every pass the workers share runs under, on the caller's thread as on theirs. */
    static final String SHARED_PASS = "dev.lockstep.core.Workers.forRange";

    /** Whether a sample of this thread with this stack is in a pass the workers share. */
    static boolean shared(String thread, List<String[]> stack) {
        if (thread != null && thread.startsWith(Workers.THREAD_NAME)) return true;
        for (String[] frame : stack) {
            if (SHARED_PASS.equals(frame[0] + "." + frame[1])) return true;
        }
        return false;
    }

    /** The phase a sample's stack (leaf first, as {@code {class, method}} pairs) belongs to. */
    static Phase classify(List<String[]> stack) {
        for (Phase p : Phase.values()) {
            for (String[] frame : stack) {
                if (p.marks(frame[0], frame[1])) return p;
            }
        }
        return Phase.OTHER;
    }

    /** Stops sampling and counts the samples by phase, in {@link Phase} order, then those in shared passes. */
    long[] stop() {
        recording.stop();
        long[] counts = new long[Phase.values().length + 1];
        Path file = null;
        try {
            file = Files.createTempFile("lockstep-profile", ".jfr");
            recording.dump(file);
            try (RecordingFile in = new RecordingFile(file)) {
                while (in.hasMoreEvents()) {
                    RecordedEvent e = in.readEvent();
                    RecordedStackTrace trace = e.getStackTrace();
                    if (!e.getEventType().getName().equals("jdk.ExecutionSample") || trace == null) continue;
                    List<String[]> stack = new ArrayList<>();
                    for (RecordedFrame f : trace.getFrames()) {
                        if (f.isJavaFrame()) stack.add(new String[] {f.getMethod().getType().getName(), f.getMethod().getName()});
                    }
                    counts[classify(stack).ordinal()]++;
                    RecordedThread thread = e.getThread("sampledThread");
                    if (shared(thread == null ? null : thread.getJavaName(), stack)) counts[counts.length - 1]++;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the profile's recording could not be read: " + e.getMessage(), e);
        } finally {
            if (file != null) file.toFile().delete();
        }
        return counts;
    }

    /** One line: the samples, each phase's share of them, and the share in passes the workers share. */
    static String report(long[] counts) {
        long total = 0;
        for (int i = 0; i < Phase.values().length; i++) total += counts[i];
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "profile: %d samples (JFR, 1 ms, every thread's CPU):", total));
        for (Phase p : Phase.values()) {
            if (p.ordinal() > 0) b.append(',');
            b.append(String.format(Locale.ROOT, " %s %.1f %%", p.label, share(counts[p.ordinal()], total)));
        }
        b.append(String.format(Locale.ROOT, "; in passes the workers share %.1f %%", share(counts[counts.length - 1], total)));
        return b.toString();
    }

    private static double share(long count, long total) {
        return total == 0 ? 0.0 : 100.0 * count / total;
    }

    @Override
    public void close() {
        recording.close();
    }
}
