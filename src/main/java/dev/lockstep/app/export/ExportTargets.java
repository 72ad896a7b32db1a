package dev.lockstep.app.export;

import dev.lockstep.io.AtomicFile;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Opens an export's output as an {@link AtomicFile} (written under a temporary name beside the
 * target, renamed into place only when complete, removed on failure, cancel or SIGTERM) after the
 * export's own checks, made before any work: a directory of frames is replaced only if it holds
 * nothing but frames of an earlier export.
 */
final class ExportTargets {
    static final Pattern FRAME = Pattern.compile("frame-\\d{4,}\\.png");

    private ExportTargets() {}

    /** A file: fails at once (before any work) if its directory is missing or not writable. */
    static AtomicFile file(Path target) throws IOException {
        Path t = target.toAbsolutePath().normalize();
        if (Files.isDirectory(t)) throw new IOException(target + " is a directory; expected a file name");
        checkParent(t, target);
        return AtomicFile.create(target);
    }

    /** A directory of frames, which must not exist yet, be empty, or hold only frame-NNNN.png files. */
    static AtomicFile directory(Path target) throws IOException {
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
        return AtomicFile.createDirectory(target);
    }

    private static void checkParent(Path t, Path asGiven) throws IOException {
        Path dir = t.getParent();
        if (dir == null || !Files.isDirectory(dir)) throw new IOException("cannot write " + asGiven + ": no such directory: " + dir);
        if (!Files.isWritable(dir)) throw new IOException("cannot write " + asGiven + ": the directory " + dir + " is not writable");
    }
}
