package dev.lockstep.app.export;

import dev.lockstep.io.AtomicFile;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * An export's output ({@link AtomicFile}: written under a temporary name beside the target and
 * renamed into place only when complete, removed on failure, cancel or SIGTERM), with the export's
 * own checks made before any work: a directory of frames is replaced only if it holds nothing but
 * frames of an earlier export.
 */
final class AtomicTarget implements AutoCloseable {
    static final Pattern FRAME = Pattern.compile("frame-\\d{4,}\\.png");

    private final AtomicFile file;

    private AtomicTarget(AtomicFile file) {
        this.file = file;
    }

    /** A file: fails at once (before any work) if its directory is missing or not writable. */
    static AtomicTarget file(Path target) throws IOException {
        Path t = target.toAbsolutePath().normalize();
        if (Files.isDirectory(t)) throw new IOException(target + " is a directory; expected a file name");
        checkParent(t, target);
        return new AtomicTarget(AtomicFile.create(target));
    }

    /** A directory of frames, which must not exist yet, be empty, or hold only frame-NNNN.png files. */
    static AtomicTarget directory(Path target) throws IOException {
        Path t = target.toAbsolutePath().normalize();
        if (Files.exists(t)) {
            if (!Files.isDirectory(t)) throw new IOException(target + " is a file; PNG frames go into a directory");
            try (DirectoryStream<Path> s = Files.newDirectoryStream(t)) {
                for (Path p : s) {
                    if (!FRAME.matcher(p.getFileName().toString()).matches()) {
                        throw new IOException(target + " is not empty (it holds " + p.getFileName()
                                + "); give a new or empty directory, or one with only frames of an earlier export");
                    }
                }
            }
        }
        checkParent(t, target);
        return new AtomicTarget(AtomicFile.createDirectory(target));
    }

    private static void checkParent(Path t, Path asGiven) throws IOException {
        Path dir = t.getParent();
        if (dir == null || !Files.isDirectory(dir)) throw new IOException("cannot write " + asGiven + ": no such directory: " + dir);
        if (!Files.isWritable(dir)) throw new IOException("cannot write " + asGiven + ": the directory " + dir + " is not writable");
    }

    /** Where to write. */
    Path temp() {
        return file.temp();
    }

    Path target() {
        return file.target();
    }

    /** Renames the finished output into place. */
    void commit() throws IOException {
        file.commit();
    }

    /** Deletes the temporary output unless committed. */
    @Override
    public void close() throws IOException {
        file.close();
    }
}
