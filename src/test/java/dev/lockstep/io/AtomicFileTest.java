package dev.lockstep.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Outputs are whole or absent: every failure path removes the temporary file and leaves the target as it was. */
class AtomicFileTest {
    @TempDir
    Path dir;

    List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void anExceptionMidWriteLeavesNoTemporaryAndTheTargetUntouched() throws Exception {
        Path target = dir.resolve("out.jsonl");
        Files.writeString(target, "the earlier output\n");
        IOException e = assertThrows(IOException.class, () -> AtomicFile.write(target, out -> {
            for (int i = 0; i < 100_000; i++) out.write("{\"line\":" + i + "}\n"); // past any buffer: bytes reach the temporary
            throw new IOException("the content gave up");
        }));
        assertEquals("the content gave up", e.getMessage());
        assertEquals(List.of("out.jsonl"), names());
        assertEquals("the earlier output\n", Files.readString(target));
    }

    @Test
    void aRuntimeExceptionMidWriteLeavesNoTemporary() throws Exception {
        Path target = dir.resolve("out.jsonl");
        assertThrows(IllegalStateException.class, () -> AtomicFile.write(target, out -> {
            out.write("half");
            throw new IllegalStateException("bug");
        }));
        assertEquals(List.of(), names());
    }

    @Test
    void textUtf8CannotEncodeIsAnEncodingErrorNamingTheFileAndLeavesNothing() throws Exception {
        Path target = dir.resolve("out.jsonl");
        Files.writeString(target, "old\n");
        // the unpaired surrogate sits in the writer's buffer: the error comes when it is flushed (on commit)
        WriteException e = assertThrows(WriteException.class, () -> AtomicFile.write(target, out -> out.write("{\"id\":\"\ud800\"}\n")));
        assertTrue(e.getMessage().startsWith("cannot write " + target + ": "), e.getMessage());
        assertTrue(e.getMessage().contains("UTF-8 cannot encode") && e.getMessage().contains("unpaired surrogate"), e.getMessage());
        assertFalse(e.getMessage().contains("Input length"), e.getMessage());
        assertEquals(List.of("out.jsonl"), names());
        assertEquals("old\n", Files.readString(target));

        // and mid-stream, after much was written already
        assertThrows(WriteException.class, () -> AtomicFile.write(target, out -> {
            for (int i = 0; i < 100_000; i++) out.write("{\"line\":" + i + "}\n");
            out.write("\udc00");
            out.flush();
        }));
        assertEquals(List.of("out.jsonl"), names());
    }

    @Test
    void closeWithoutCommitDeletesTheTemporaryEvenWhenTheWriterCannotFlush() throws Exception {
        Path target = dir.resolve("t.json");
        try (AtomicFile f = AtomicFile.create(target)) {
            Writer w = f.writer();
            w.write("x\ud800y"); // buffered; the failed flush is close's problem, not the caller's
            assertTrue(Files.exists(f.temp()));
            assertTrue(f.temp().getFileName().toString().matches("\\.t\\.json\\." + ProcessHandle.current().pid() + "-[0-9a-z]+\\.tmp"),
                    f.temp().toString());
        }
        assertEquals(List.of(), names());
    }

    @Test
    void aCommitReplacesTheTargetWholeWithTheUsualPermissions() throws Exception {
        Path target = dir.resolve("t.json");
        Files.writeString(target, "old");
        try (AtomicFile f = AtomicFile.create(target)) {
            f.writer().write("new ü\n");
            assertEquals("old", Files.readString(target), "untouched until the commit");
            f.commit();
        }
        assertEquals("new ü\n", Files.readString(target));
        assertEquals(List.of("t.json"), names());
        Path plain = Files.createFile(dir.resolve("plain"));
        Set<PosixFilePermission> expected = Files.getPosixFilePermissions(plain);
        Files.delete(plain);
        Files.delete(target);
        AtomicFile.write(target, out -> out.write("x"));
        assertEquals(expected, Files.getPosixFilePermissions(target), "not createTempFile's owner-only 0600");
    }

    @Test
    void aMissingDirectoryIsReportedBeforeAnyWork() {
        IOException e = assertThrows(IOException.class, () -> AtomicFile.create(dir.resolve("no/such/t.json")));
        assertTrue(e.getMessage().contains("no such directory"), e.getMessage());
    }

    @Test
    void aDirectoryOutputReplacesTheEarlierOneOnlyOnCommit() throws Exception {
        Path target = dir.resolve("frames");
        Files.createDirectory(target);
        Files.writeString(target.resolve("frame-0001.png"), "old");
        try (AtomicFile f = AtomicFile.createDirectory(target)) {
            Files.writeString(f.temp().resolve("frame-0001.png"), "new");
        }
        assertEquals(List.of("frames"), names(), "an uncommitted directory is removed with its content");
        assertEquals("old", Files.readString(target.resolve("frame-0001.png")));
        try (AtomicFile f = AtomicFile.createDirectory(target)) {
            Files.writeString(f.temp().resolve("frame-0001.png"), "new");
            f.commit();
        }
        assertEquals(List.of("frames"), names());
        assertEquals("new", Files.readString(target.resolve("frame-0001.png")));
    }

    /** A pid no process has: one that has just exited. */
    static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        long pid = p.pid();
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        return pid;
    }

    @Test
    void staleTemporariesOfDeadProcessesAreRemovedAtTheNextWriteOfTheSameTargetAndNothingElse() throws Exception {
        long dead = deadPid();
        Process live = new ProcessBuilder("sleep", "60").start();
        try {
            Path target = dir.resolve("out.jsonl");
            String stale = ".out.jsonl." + dead + "-abc123.tmp";
            String staleDir = ".out.jsonl." + dead + "-dir1.tmp";
            String running = ".out.jsonl." + live.pid() + "-abc123.tmp";
            String mine = ".out.jsonl." + ProcessHandle.current().pid() + "-abc123.tmp";
            List<String> others = List.of(".out.jsonl.abc123.tmp", ".other.jsonl." + dead + "-abc123.tmp",
                    "out.jsonl." + dead + "-abc123.tmp", ".out.jsonl." + dead + "-abc123.tmp.keep", "notes.txt");
            for (String n : List.of(stale, running, mine)) Files.writeString(dir.resolve(n), "partial");
            for (String n : others) Files.writeString(dir.resolve(n), "not ours");
            Files.createDirectory(dir.resolve(staleDir));
            Files.writeString(dir.resolve(staleDir).resolve("frame-0001.png"), "x");

            AtomicFile.write(target, out -> out.write("done\n"));

            List<String> left = names();
            assertFalse(left.contains(stale), left.toString());
            assertFalse(left.contains(staleDir), left.toString());
            assertTrue(left.contains(running), "a live process's temporary stays: " + left);
            assertTrue(left.contains(mine), "this process's own temporaries are not stale: " + left);
            assertTrue(left.containsAll(others), "other names are not touched: " + left);
            assertTrue(left.contains("out.jsonl"));
        } finally {
            live.destroy();
        }
    }
}
