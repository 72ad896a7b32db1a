package dev.lockstep.io;

import java.io.IOException;
import java.nio.file.Path;

/** Writing an output failed: the message names the file and says why (encoding or I/O), for the person to read. */
public final class WriteException extends IOException {
    private final transient Path file;

    public WriteException(Path file, String why, Throwable cause) {
        super("cannot write " + file + ": " + why, cause);
        this.file = file;
    }

    public Path file() {
        return file;
    }
}
