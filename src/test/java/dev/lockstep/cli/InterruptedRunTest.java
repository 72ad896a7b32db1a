package dev.lockstep.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command writing an output is stopped from outside: SIGTERM (and Ctrl+C, the same shutdown
 * path) leaves neither a temporary file nor a half-written output; kill -9 cannot be caught, and
 * the next run of the same command removes what it left.
 */
class InterruptedRunTest {
    static final Path SAMPLE = Path.of("sample-runs/ring-8.json");

    @TempDir
    Path dir;

    /** The child's java.io.tmpdir: scratch files written there must not be left behind either. */
    @TempDir
    Path childTmp;

    List<String> names() throws IOException {
        return names(dir);
    }

    static List<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** {@code java -cp <this JVM's class path> dev.lockstep.cli.Main args...} */
    Process lockstep(Path log, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-Djava.io.tmpdir=" + childTmp, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** Waits until the child is well into its run: a file of at least {@code bytes} in the output directory or its tmpdir. */
    Path growingTemporary(Process p, Path target, long bytes, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            assertTrue(p.isAlive(), () -> "the run ended early: " + read(log));
            try (Stream<Path> s = Stream.concat(Files.list(dir), Files.list(childTmp))) {
                for (Path f : s.toList()) {
                    if (!f.equals(target) && Files.isRegularFile(f) && Files.size(f) >= bytes) return f;
                }
            } catch (java.nio.file.NoSuchFileException ignored) {
                // a temporary came and went
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no temporary file of " + bytes + " bytes within 60 s: " + names() + "\n" + read(log));
    }

    static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    @Test
    void sigtermDuringRunTraceLeavesNoTemporaryAndNoOutput() throws Exception {
        Path log = Files.createTempFile("lockstep-child", ".log");
        Path trace = dir.resolve("out.jsonl");
        Process p = lockstep(log, "run", SAMPLE.toAbsolutePath().toString(), "--rounds", "100000000", "--trace", trace.toString(),
                "--no-progress");
        try {
            growingTemporary(p, trace, 1 << 20, log);
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the run stops on SIGTERM");
            assertEquals(143, p.exitValue(), () -> read(log)); // 128 + SIGTERM: interrupted, not finished
            assertEquals(List.of(), names(), "neither a temporary file nor a half-written trace");
            assertEquals(List.of(), names(childTmp));
        } finally {
            p.destroyForcibly();
            Files.deleteIfExists(log);
        }
    }

    @Test
    void sigtermDuringRunUntilWithTraceAndShivizLeavesNothing() throws Exception {
        // --until/--shiviz write the body to a scratch file first, then the outputs
        Path log = Files.createTempFile("lockstep-child", ".log");
        Path trace = dir.resolve("out.jsonl");
        Path shiviz = dir.resolve("out.log");
        Process p = lockstep(log, "run", SAMPLE.toAbsolutePath().toString(), "--rounds", "100000000", "--trace", trace.toString(),
                "--shiviz", shiviz.toString(), "--no-progress");
        try {
            growingTemporary(p, trace, 1 << 20, log);
            p.destroy();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the run stops on SIGTERM");
            assertEquals(List.of(), names(), () -> "nothing left behind\n" + read(log));
            assertEquals(List.of(), names(childTmp), "no scratch file in the tmpdir either");
        } finally {
            p.destroyForcibly();
            Files.deleteIfExists(log);
        }
    }

    @Test
    void afterKillMinus9TheNextRunOfTheSameOutputRemovesTheStaleTemporary() throws Exception {
        Path log = Files.createTempFile("lockstep-child", ".log");
        Path trace = dir.resolve("out.jsonl");
        Process killed = lockstep(log, "run", SAMPLE.toAbsolutePath().toString(), "--rounds", "100000000", "--trace", trace.toString(),
                "--no-progress");
        Path stale;
        try {
            stale = growingTemporary(killed, trace, 1 << 16, log);
            killed.destroyForcibly(); // SIGKILL: no hook runs
            assertTrue(killed.waitFor(30, TimeUnit.SECONDS));
        } finally {
            killed.destroyForcibly();
            Files.deleteIfExists(log);
        }
        assertTrue(Files.exists(stale), "kill -9 cannot be caught: its temporary stays until the next run");
        assertFalse(Files.exists(trace));

        // a temporary of a process still running (another run writing the same file) is not touched
        Process alive = new ProcessBuilder("sleep", "60").start();
        try {
            Path running = Files.writeString(dir.resolve(".out.jsonl." + alive.pid() + "-x1.tmp"), "partial");
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = new Main(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8), false)
                    .execute(new String[] {"run", SAMPLE.toString(), "--rounds", "20", "--trace", trace.toString()});
            assertEquals(ExitCode.OK, code, err::toString);
            assertFalse(Files.exists(stale), "the dead run's temporary is gone: " + names());
            assertTrue(Files.exists(running), "the live one stays: " + names());
            assertEquals(List.of(".out.jsonl." + alive.pid() + "-x1.tmp", "out.jsonl"), names());
        } finally {
            alive.destroy();
        }
    }
}
