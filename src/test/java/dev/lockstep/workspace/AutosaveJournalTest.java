package dev.lockstep.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.adversary.Manual;
import dev.lockstep.session.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The autosave after every input: a journal line per save beside a snapshot. Whatever the inputs
 * do to the recorded list (append, wait for the next round, fork in the past, switch branch), the
 * snapshot with the journal applied is exactly the session file a full save would write.
 */
class AutosaveJournalTest {
    @TempDir
    Path home;

    Path file() {
        return home.resolve(Autosave.FILE);
    }

    Path journal() {
        return home.resolve(Autosave.JOURNAL);
    }

    String restorable() throws Exception {
        return Autosave.current(file(), journal());
    }

    /**
     * The autosave, read as the next start reads it, is what a full save of the session would be:
     * the same file, and it replays to the same state.
     */
    void assertRestores(Session s) throws Exception {
        Session back = Session.parse(restorable(), "autosave");
        assertEquals(s.toJson(), back.toJson());
        Session full = Session.parse(s.toJson(), "full save");
        assertEquals(full.simulation().configuration(), back.simulation().configuration());
        assertEquals(full.history().size(), back.history().size());
    }

    static final List<Consumer<Session>> STEPS = List.of(
            s -> s.call(s.simulation().indexOf("e"), Call.LOCK),
            Session::stepRound,
            s -> s.move(s.simulation().indexOf("a"), 0.3, 0.4),
            s -> s.call(s.simulation().indexOf("b"), Call.LOCK),
            s -> s.stepAction(5),
            s -> s.call(s.simulation().indexOf("c"), Call.LOCK), // mid-round: waits for the next round
            s -> s.call(s.simulation().indexOf("d"), Call.LOCK),
            Session::stepRound,
            s -> s.cut(s.simulation().indexOf("a"), s.simulation().indexOf("b")),
            s -> s.runUntil(s.round() + 6),
            s -> s.workload(true),
            s -> s.runUntil(s.round() + 4),
            s -> s.jumpTo(new Session.Position(3, -1)), // back in time
            s -> s.call(s.simulation().indexOf("f"), Call.LOCK), // forks: the old future becomes a branch
            s -> s.runUntil(s.round() + 3),
            s -> s.switchTo(1), // back to the first branch, at its furthest
            s -> s.policy(new Manual()),
            s -> s.move(s.simulation().indexOf("g"), -0.2, 0.1));

    @Test
    void everyChangeOfTheRecordedInputsIsAJournalLineAndTheAutosaveRestoresExactly() throws Exception {
        Session s = Session.start(SessionFiles.defaultScenario());
        Autosave a = new Autosave(home);
        assertEquals(null, a.save(s));
        String snapshot = Files.readString(file());
        long lines = 1;
        String before = s.toJson();
        for (Consumer<Session> step : STEPS) {
            step.accept(s);
            assertEquals(null, a.save(s));
            assertRestores(s);
            assertEquals(snapshot, Files.readString(file()), "the snapshot is not rewritten for a small change");
            long now = Files.readAllLines(journal()).size();
            boolean changed = !s.toJson().equals(before);
            assertEquals(lines + (changed ? 1 : 0), now, "one line per save that changes the session file");
            lines = now;
            before = s.toJson();
        }
        // nothing changed: nothing appended
        a.save(s);
        assertEquals(lines, Files.readAllLines(journal()).size());

        // the next start folds the journal into an ordinary session file
        new Autosave(home);
        assertFalse(Files.exists(journal()));
        assertEquals(s.toJson(), Session.load(file()).toJson());
    }

    @Test
    void aLineCutShortByAKillIsIgnoredAndTheOneBeforeHolds() throws Exception {
        Session s = Session.start(SessionFiles.defaultScenario());
        Autosave a = new Autosave(home);
        s.call(s.simulation().indexOf("a"), Call.LOCK);
        a.save(s);
        s.stepRound();
        s.call(s.simulation().indexOf("b"), Call.LOCK);
        a.save(s);
        String before = s.toJson();
        s.stepRound();
        s.move(s.simulation().indexOf("c"), 0.5, 0.5);
        a.save(s);
        byte[] j = Files.readAllBytes(journal());
        Files.write(journal(), java.util.Arrays.copyOf(j, j.length - 7)); // the kill hit the last write
        assertEquals(before, Session.parse(restorable(), "autosave").toJson());
    }

    @Test
    void aJournalLeftFromAnOlderSnapshotIsNeverAppliedToANewerOne() throws Exception {
        Session s = Session.start(SessionFiles.defaultScenario());
        Autosave a = new Autosave(home);
        a.save(s);
        s.call(s.simulation().indexOf("a"), Call.LOCK);
        a.save(s);
        Path old = Files.copy(journal(), home.resolve("old-journal"));
        // a crash after a new snapshot was renamed into place, before its journal was
        Session other = Session.start(SessionFiles.defaultScenario());
        other.runUntil(2);
        Autosave b = new Autosave(home.resolve("b"));
        b.save(other);
        Files.copy(home.resolve("b").resolve(Autosave.FILE), file(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.copy(old, journal(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertEquals(other.toJson(), Session.parse(restorable(), "autosave").toJson());
    }

    @Test
    void aNewSessionShownGetsANewSnapshot() throws Exception {
        Session s = Session.start(SessionFiles.defaultScenario());
        Autosave a = new Autosave(home);
        s.call(0, Call.LOCK);
        a.save(s);
        Session t = Session.start(SessionFiles.defaultScenario());
        t.runUntil(3);
        a.save(t);
        assertRestores(t);
        assertEquals(t.toJson() + "\n", Files.readString(file()));
    }

    static long gcMillis() {
        long t = 0;
        for (var b : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) t += Math.max(0, b.getCollectionTime());
        return t;
    }

    /**
     * The cost of a save after every input in a 10,000-input session. A full save writes the whole
     * session each time (quadratic: about 1 GB over such a session); the journal writes a line per
     * input plus a snapshot whenever the journal has grown as large as the last one.
     */
    @Test
    void savingAfterEveryInputOfA10000InputSessionStaysCheap() throws Exception {
        Session s = Session.start(SessionFiles.defaultScenario());
        Autosave a = new Autosave(home);
        a.save(s);
        int n = 10_000;
        long[] nanos = new long[n];
        long gc0 = gcMillis();
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpu = 0;
        for (int i = 0; i < n; i++) {
            if (i % 3 == 2) s.stepRound();
            s.move(i % 11, 0.1 + (i % 97) * 0.001, 0.2 + (i % 89) * 0.001);
            long c0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            assertEquals(null, a.save(s));
            nanos[i] = System.nanoTime() - t0;
            cpu += threads.getCurrentThreadCpuTime() - c0;
        }
        long gc = gcMillis() - gc0;
        assertRestores(s);
        long bytes = a.bytesWritten();
        long fullSave = Files.size(file()); // about the size of one full save at the end
        java.util.Arrays.sort(nanos);
        long total = 0;
        for (long t : nanos) total += t;
        long t0 = System.nanoTime();
        s.save(home.resolve("full.json"));
        long full = System.nanoTime() - t0;
        System.out.printf(Locale.ROOT, "autosave of %d inputs: CPU %.1f us per input; wall clock: mean %.1f us, median %.1f us, p99 %.1f us, max %.1f ms per input;"
                        + " %d bytes written in all (%.0f per input); one full save of this session: %.1f ms, %d bytes; GC during the inputs: %d ms%n",
                n, cpu / 1e3 / n, total / 1e3 / n, nanos[n / 2] / 1e3, nanos[n * 99 / 100] / 1e3, nanos[n - 1] / 1e6, bytes, (double) bytes / n,
                full / 1e6, Files.size(home.resolve("full.json")), gc);
        // deterministic, unlike times: linear, not quadratic, in the inputs
        assertTrue(bytes < 400L * n + 4 * fullSave, bytes + " bytes written for " + n + " inputs");
    }
}
