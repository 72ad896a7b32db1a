package dev.lockstep.app.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.experiment.RunLog;
import dev.lockstep.experiment.RunRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The window's sweep thread, without a window: the "window thread" runs each hand-over at once. */
class SweepRunnerTest {
    @TempDir
    Path dir;

    /** What the window would have been told. */
    static final class Told implements SweepRunner.Events {
        final List<RunRecord> runs = new ArrayList<>();
        final List<ProgressLine> progress = new ArrayList<>();
        String ended;
        List<String> problems;
        Runnable onRuns = () -> {};

        @Override
        public synchronized void runs(List<RunRecord> batch, ProgressLine p) {
            runs.addAll(batch);
            progress.add(p);
            onRuns.run();
        }

        @Override
        public synchronized void ended(String message, List<String> problemLines) {
            ended = message;
            problems = problemLines;
        }
    }

    static void finish(SweepRunner r) throws InterruptedException {
        Thread t = r.thread();
        if (t != null) t.join(60_000);
        assertTrue(!r.running(), "the sweep ended");
    }

    @Test
    void everyRunArrivesOnceAndAStoppedSweepResumes() throws Exception {
        SpecSummary spec = SpecSummary.load(ExperimentSpecs.small(dir, 30));
        Path out = spec.defaultOut();
        AtomicLong clock = new AtomicLong();
        SweepRunner runner = new SweepRunner(Runnable::run, () -> clock.addAndGet(250_000_000L));
        Told first = new Told();
        first.onRuns = () -> {
            if (!first.runs.isEmpty()) runner.stop(); // Stop as soon as a run has arrived
        };
        runner.start(spec.spec(), out, 1, first);
        finish(runner);
        assertTrue(first.ended.startsWith("Stopped at "), first.ended);
        assertEquals(List.of(), first.problems);
        int written = RunLog.records(out).size();
        assertTrue(written >= 1 && written < 8, "stopped part-way: " + written + " runs written");
        assertEquals(written, first.runs.size(), "every run written was shown");

        Told second = new Told();
        runner.start(spec.spec(), out, 2, second);
        finish(runner);
        assertTrue(second.ended.startsWith("Done: 8 runs (" + written + " were already in the directory)"), second.ended);
        assertEquals(8, second.runs.size(), "the directory's runs first, then the new ones, each once");
        assertEquals(8, second.runs.stream().map(r -> r.point() + "/" + r.seed()).distinct().count());
        ProgressLine last = second.progress.get(second.progress.size() - 1);
        assertEquals(8, last.done());
        assertEquals(8, last.total());
        assertEquals(8 - written, last.ranNow());
        LiveResults live = new LiveResults(spec.spec(), spec.points());
        second.runs.forEach(live::add);
        assertEquals(8, live.runsDone());
    }

    @Test
    void aSpecTheEngineRefusesEndsWithItsProblems() throws Exception {
        SpecSummary spec = SpecSummary.load(ExperimentSpecs.small(dir, 30));
        java.nio.file.Files.writeString(dir.resolve("file-in-the-way"), "x");
        SweepRunner runner = new SweepRunner(Runnable::run, System::nanoTime);
        Told told = new Told();
        runner.start(spec.spec(), dir.resolve("file-in-the-way"), 1, told);
        finish(runner);
        assertEquals("The sweep failed:", told.ended);
        assertTrue(told.problems.get(0).contains("exists and is not a directory"), told.problems.toString());
    }
}
