package dev.lockstep.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one way Lockstep writes an output: into a temporary sibling, renamed over the target only
 * when complete, so the target is either untouched or whole. The temporary is deleted on every
 * other path: an exception while writing (an encoding error included), {@link #close} without
 * {@link #commit}, SIGTERM or Ctrl+C (a shutdown hook). A kill -9 cannot be caught, so the
 * temporary's name carries the writer's process id ({@code .NAME.PID-RANDOM.tmp}) and the next
 * write of the same target deletes those whose process is gone.
 *
 * <p>Not {@link Files#createTempFile}: that makes the file readable by its owner only (0600), and
 * the rename would hand those permissions to the finished file; {@link Files#createFile} honours
 * the umask like any other file the user creates.
 */
public final class AtomicFile implements AutoCloseable {
    private static final long PID = ProcessHandle.current().pid();
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();
    private static volatile boolean exiting;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(AtomicFile::deleteLive, "lockstep-temp-cleanup"));
    }

    private final Path target;
    private final Path shown;
    private final Path temp;
    private final boolean directory;
    private Writer writer;
    private boolean committed;
    private boolean closed;

    private AtomicFile(Path target, Path shown, Path temp, boolean directory) {
        this.target = target;
        this.shown = shown;
        this.temp = temp;
        this.directory = directory;
    }

    /** A file written through {@link #writer()} or at {@link #temp()}; fails at once if its directory is missing. */
    public static AtomicFile create(Path target) throws IOException {
        return open(target, false);
    }

    /** A directory filled at {@link #temp()}; an existing directory at the target is replaced on commit. */
    public static AtomicFile createDirectory(Path target) throws IOException {
        return open(target, true);
    }

    /** Writes {@code content} to {@code target} atomically. */
    public static void write(Path target, Content content) throws IOException {
        try (AtomicFile f = create(target)) {
            content.writeTo(f.writer());
            f.commit();
        }
    }

    /** What to write into a file. */
    @FunctionalInterface
    public interface Content {
        void writeTo(Writer out) throws IOException;
    }

    private static AtomicFile open(Path given, boolean directory) throws IOException {
        Path t = given.toAbsolutePath().normalize();
        Path dir = t.getParent();
        if (dir == null || t.getFileName() == null) throw new IOException("cannot write " + given + ": not a file name");
        if (!Files.isDirectory(dir)) throw new IOException("cannot write " + given + ": no such directory: " + dir);
        String name = t.getFileName().toString();
        cleanStale(dir, name);
        return new AtomicFile(t, given, newTemp(dir, name, directory, given), directory);
    }

    /** A fresh temporary beside the target, registered for deletion at JVM exit before it exists. */
    private static Path newTemp(Path dir, String name, boolean directory, Path given) throws IOException {
        if (exiting) throw new IOException("cannot write " + given + ": Lockstep is shutting down");
        for (int attempt = 0; ; attempt++) {
            String suffix = Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36);
            Path p = dir.resolve("." + name + "." + PID + "-" + suffix + ".tmp");
            LIVE.add(p);
            try {
                return directory ? Files.createDirectory(p) : Files.createFile(p);
            } catch (FileAlreadyExistsException e) {
                LIVE.remove(p);
                if (attempt >= 100) throw e;
            } catch (AccessDeniedException e) {
                LIVE.remove(p);
                throw new IOException("cannot write " + given + ": the directory " + dir + " is not writable (permission denied)");
            } catch (IOException | RuntimeException e) {
                LIVE.remove(p);
                throw e;
            }
        }
    }

    private static Pattern tempPattern(String name) {
        return Pattern.compile("\\." + Pattern.quote(name) + "\\.(\\d{1,19})-[0-9a-z]{1,13}\\.tmp");
    }

    /**
     * Deletes the temporaries of {@code target} left by Lockstep processes that no longer run
     * (killed with -9, or the machine went down). Only names of this class's own pattern are
     * touched, and never one whose process is alive. Returns how many were deleted.
     */
    public static int cleanStale(Path target) throws IOException {
        Path t = target.toAbsolutePath().normalize();
        if (t.getParent() == null || t.getFileName() == null || !Files.isDirectory(t.getParent())) return 0;
        return cleanStale(t.getParent(), t.getFileName().toString());
    }

    private static int cleanStale(Path dir, String name) {
        Pattern p = tempPattern(name);
        String prefix = "." + name + ".";
        int deleted = 0;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, entry -> entry.getFileName().toString().startsWith(prefix))) {
            for (Path entry : s) {
                Matcher m = p.matcher(entry.getFileName().toString());
                if (!m.matches()) continue;
                long pid;
                try {
                    pid = Long.parseLong(m.group(1));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (pid == PID || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) continue;
                try {
                    deleteTree(entry);
                    deleted++;
                } catch (IOException e) {
                    // another start may be deleting it too; whatever is left is tried again next time
                }
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable directory: the write itself reports what is wrong with it
        }
        return deleted;
    }

    /** Where the content goes until {@link #commit}. */
    public Path temp() {
        return temp;
    }

    /** The final (absolute) path. */
    public Path target() {
        return target;
    }

    /**
     * A UTF-8 writer on the temporary file. Text UTF-8 cannot encode (an unpaired surrogate) is an
     * error, never a silent '?'; every failure names the file.
     */
    public Writer writer() throws IOException {
        if (directory) throw new IllegalStateException("a directory has no writer");
        if (writer == null) {
            var encoder = StandardCharsets.UTF_8.newEncoder()
                    .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
            var raw = Files.newOutputStream(temp);
            writer = new Named(new BufferedWriter(new OutputStreamWriter(raw, encoder)), raw, shown);
        }
        return writer;
    }

    /** Renames the finished output into place; after a failure here nothing is left but the old target. */
    public void commit() throws IOException {
        if (closed || committed) throw new IllegalStateException("already " + (committed ? "committed" : "closed"));
        if (writer != null) writer.close();
        if (directory && Files.isDirectory(target)) {
            // an earlier output: set aside under a temporary name of ours, swap, then delete
            Path old = newTemp(target.getParent(), target.getFileName().toString(), true, shown);
            // not for the shutdown hook: between the two moves it holds the only copy of the earlier output
            LIVE.remove(old);
            Files.delete(old);
            move(target, old);
            move(temp, target);
            deleteTree(old);
        } else {
            move(temp, target);
        }
        committed = true;
        LIVE.remove(temp);
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Deletes the temporary output unless committed; never fails because the half-written content did. */
    @Override
    public void close() throws IOException {
        if (closed) return;
        closed = true;
        if (committed) return;
        try {
            if (writer != null) ((Named) writer).discard();
        } finally {
            deleteTree(temp);
            LIVE.remove(temp);
        }
    }

    private static void deleteLive() {
        exiting = true;
        for (Path p : LIVE) {
            try {
                deleteTree(p);
            } catch (IOException | RuntimeException e) {
                // exiting anyway; the next write of the same target removes what is left
            }
        }
    }

    private static void deleteTree(Path p) throws IOException {
        if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            List<Path> children = new ArrayList<>();
            try (DirectoryStream<Path> s = Files.newDirectoryStream(p)) {
                for (Path c : s) children.add(c);
            }
            for (Path c : children) deleteTree(c);
        }
        Files.deleteIfExists(p);
    }

    /** Turns the writer's failures into messages that name the file and say what went wrong. */
    private static final class Named extends Writer {
        private final Writer out;
        private final java.io.OutputStream raw;
        private final Path file;

        Named(Writer out, java.io.OutputStream raw, Path file) {
            this.out = out;
            this.raw = raw;
            this.file = file;
        }

        @Override
        public void write(char[] buf, int off, int len) throws IOException {
            try {
                out.write(buf, off, len);
            } catch (IOException e) {
                throw failed(e);
            }
        }

        @Override
        public void write(String s, int off, int len) throws IOException {
            try {
                out.write(s, off, len);
            } catch (IOException e) {
                throw failed(e);
            }
        }

        @Override
        public void write(int c) throws IOException {
            try {
                out.write(c);
            } catch (IOException e) {
                throw failed(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw failed(e);
            }
        }

        @Override
        public void close() throws IOException {
            try {
                out.close();
            } catch (IOException e) {
                throw failed(e);
            }
        }

        /** Closes the file without caring what remained unwritten (the content is being thrown away). */
        void discard() {
            try {
                out.close();
            } catch (IOException | RuntimeException e) {
                // the content is discarded anyway; the encoder may not have closed the file
                try {
                    raw.close();
                } catch (IOException ignored) {
                    // deleted next anyway
                }
            }
        }

        private IOException failed(IOException e) {
            if (e instanceof WriteException) return e;
            if (e instanceof CharacterCodingException) {
                return new WriteException(file, "the text holds a character UTF-8 cannot encode"
                        + " (an unpaired surrogate, U+D800..U+DFFF); nothing was written", e);
            }
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            return new WriteException(file, why + "; nothing was written", e);
        }
    }
}
