package dev.lockstep.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;

/** Writes a file through a temporary sibling and renames it into place: never a half-written file. */
final class AtomicFile implements AutoCloseable {
    private final Path target;
    private final Path temp;
    private final BufferedWriter writer;
    private boolean committed;

    AtomicFile(Path target) throws IOException {
        this.target = target.toAbsolutePath();
        Path dir = this.target.getParent();
        if (dir != null && !Files.isDirectory(dir)) throw new IOException("no such directory: " + dir);
        this.temp = createTemp(dir == null ? Path.of("") : dir, this.target.getFileName().toString());
        this.writer = Files.newBufferedWriter(temp, StandardCharsets.UTF_8);
    }

    /**
     * A new, empty sibling file. Not {@link Files#createTempFile}: that makes the file readable by
     * its owner only (0600), and the rename would hand those permissions to the finished file.
     * {@link Files#createFile} honours the umask like any other file the user creates.
     */
    private static Path createTemp(Path dir, String name) throws IOException {
        for (int attempt = 0; ; attempt++) {
            String suffix = Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36);
            try {
                return Files.createFile(dir.resolve("." + name + "." + suffix + ".tmp"));
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 100) throw e;
            }
        }
    }

    Writer writer() {
        return writer;
    }

    void commit() throws IOException {
        writer.close();
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        committed = true;
    }

    @Override
    public void close() throws IOException {
        if (!committed) {
            writer.close();
            Files.deleteIfExists(temp);
        }
    }
}
