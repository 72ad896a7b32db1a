package dev.lockstep.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

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
        this.temp = Files.createTempFile(dir, "." + this.target.getFileName() + ".", ".tmp");
        this.writer = Files.newBufferedWriter(temp, StandardCharsets.UTF_8);
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
