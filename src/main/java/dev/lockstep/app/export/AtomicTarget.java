package dev.lockstep.app.export;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * An output written under a temporary name in the target's own directory and renamed into place
 * only when complete: an interrupted or failed export leaves nothing under the requested name
 * (and an earlier file there untouched). A directory of frames is replaced only if it holds
 * nothing but frames of an earlier export.
 */
final class AtomicTarget implements AutoCloseable {
    static final Pattern FRAME = Pattern.compile("frame-\\d{4,}\\.png");

    private final Path target;
    private final Path temp;
    private final boolean directory;
    private boolean committed;

    private AtomicTarget(Path target, Path temp, boolean directory) {
        this.target = target;
        this.temp = temp;
        this.directory = directory;
        LIVE.add(temp);
    }

    /** Temporary outputs not yet committed or removed: an interrupted JVM (Ctrl+C) removes them on its way out. */
    private static final java.util.Set<Path> LIVE = java.util.concurrent.ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (Path p : LIVE) {
                try {
                    deleteTree(p);
                } catch (IOException | RuntimeException e) {
                    // exiting anyway; a stray .tmp file is all that can remain
                }
            }
        }, "lockstep-export-cleanup"));
    }

    /** A file: fails at once (before any work) if its directory is missing or not writable. */
    static AtomicTarget file(Path target) throws IOException {
        Path t = target.toAbsolutePath().normalize();
        if (Files.isDirectory(t)) throw new IOException(target + " is a directory; expected a file name");
        return new AtomicTarget(t, create(parent(t, target), t.getFileName().toString(), false), false);
    }

    /** A directory of frames, which must not exist yet, be empty, or hold only frame-NNNN.png files. */
    static AtomicTarget directory(Path target) throws IOException {
        Path t = target.toAbsolutePath().normalize();
        if (Files.exists(t)) {
            if (!Files.isDirectory(t)) throw new IOException(target + " is a file; PNG frames go into a directory");
            for (Path p : list(t)) {
                if (!FRAME.matcher(p.getFileName().toString()).matches()) {
                    throw new IOException(target + " is not empty (it holds " + p.getFileName()
                            + "); give a new or empty directory, or one with only frames of an earlier export");
                }
            }
        }
        return new AtomicTarget(t, create(parent(t, target), t.getFileName().toString(), true), true);
    }

    private static Path parent(Path t, Path asGiven) throws IOException {
        Path dir = t.getParent();
        if (dir == null || !Files.isDirectory(dir)) throw new IOException("cannot write " + asGiven + ": no such directory: " + dir);
        if (!Files.isWritable(dir)) throw new IOException("cannot write " + asGiven + ": the directory " + dir + " is not writable");
        return dir;
    }

    private static Path create(Path dir, String name, boolean directory) throws IOException {
        for (int attempt = 0; ; attempt++) {
            String suffix = Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36);
            Path p = dir.resolve("." + name + "." + suffix + ".tmp");
            try {
                return directory ? Files.createDirectory(p) : Files.createFile(p);
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 100) throw e;
            } catch (java.nio.file.AccessDeniedException e) {
                throw new IOException("cannot write in " + dir + " (permission denied)");
            }
        }
    }

    /** Where to write. */
    Path temp() {
        return temp;
    }

    Path target() {
        return target;
    }

    /** Renames the finished output into place. */
    void commit() throws IOException {
        if (directory && Files.isDirectory(target)) {
            // an earlier export's frames: set aside, swap, then delete
            Path old = create(target.getParent(), target.getFileName() + ".old", true);
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

    /** Deletes the temporary output unless committed. */
    @Override
    public void close() throws IOException {
        if (!committed) deleteTree(temp);
        LIVE.remove(temp);
    }

    private static List<Path> list(Path dir) throws IOException {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) out.add(p);
        }
        return out;
    }

    private static void deleteTree(Path p) throws IOException {
        if (Files.isDirectory(p)) for (Path c : list(p)) deleteTree(c);
        Files.deleteIfExists(p);
    }
}
