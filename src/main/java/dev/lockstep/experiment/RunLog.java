package dev.lockstep.experiment;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code runs.jsonl}: one JSON line per finished run, appended in one write and flushed, so a kill
 * at any moment leaves whole lines and at most a partial last one (no newline yet). Reading
 * ignores that partial line; a sweep resuming cuts it off before appending.
 */
public final class RunLog implements AutoCloseable {
    public static final String FILE = "runs.jsonl";
    private final OutputStream out;

    private RunLog(OutputStream out) {
        this.out = out;
    }

    /** The whole lines of a log and where they end (the partial line's start, if any). */
    record Lines(List<RunRecord> records, long wholeBytes, boolean partial) {}

    /** The records of {@code file} (none if it does not exist); a complete line that is not a record is an error. */
    static Lines read(Path file) throws IOException {
        if (!Files.exists(file)) return new Lines(List.of(), 0, false);
        byte[] bytes = Files.readAllBytes(file);
        List<RunRecord> records = new ArrayList<>();
        int start = 0;
        int lineNo = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] != '\n') continue;
            lineNo++;
            String line = new String(bytes, start, i - start, StandardCharsets.UTF_8);
            RunRecord r = RunRecord.parse(line);
            if (r == null) throw new IOException(file + ":" + lineNo + ": not a run record (the file was changed by hand?); move it away to start over");
            records.add(r);
            start = i + 1;
        }
        return new Lines(records, start, start < bytes.length);
    }

    /** The runs recorded in a sweep's directory, in the order they were written (a partial last line left out). */
    public static List<RunRecord> records(Path dir) throws IOException {
        return read(dir.resolve(FILE)).records();
    }

    /** Opens {@code file} for appending, first cutting off a partial last line left by a kill. */
    static RunLog append(Path file, long wholeBytes) throws IOException {
        if (Files.exists(file) && Files.size(file) > wholeBytes) {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(wholeBytes);
            }
        }
        return new RunLog(Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE));
    }

    /** Appends one line in a single write (the stream is unbuffered: it reaches the file at once). */
    synchronized void add(String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
