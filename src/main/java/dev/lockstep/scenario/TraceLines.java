package dev.lockstep.scenario;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;

/**
 * The lines of a trace, read one at a time so that a replay holds one line, not the file. Lines
 * end at '\n' only (a '\r' stays in its line, as the trace is compared byte for byte), and a
 * final '\n' does not start an empty last line.
 */
final class TraceLines implements AutoCloseable {
    private final Reader in;
    private final String file;
    private final char[] buf = new char[1 << 16];
    private int pos;
    private int end;
    private boolean eof;
    private String peeked;
    private boolean hasPeeked;
    private int read;

    TraceLines(Reader in, String file) {
        this.in = in;
        this.file = file;
    }

    /** How many lines {@link #next} returned. */
    int count() {
        return read;
    }

    /** The next line without consuming it, or null at the end. */
    String peek() throws ScenarioException {
        if (!hasPeeked) {
            peeked = readLine();
            hasPeeked = true;
        }
        return peeked;
    }

    /** The next line, or null at the end. */
    String next() throws ScenarioException {
        String line = peek();
        hasPeeked = false;
        peeked = null;
        if (line != null) read++;
        return line;
    }

    private String readLine() throws ScenarioException {
        StringBuilder sb = null;
        while (true) {
            if (pos == end && !fill()) {
                if (sb == null || sb.isEmpty()) return null;
                return sb.toString();
            }
            int start = pos;
            while (pos < end && buf[pos] != '\n') pos++;
            if (pos < end) {
                String tail = new String(buf, start, pos - start);
                pos++;
                return sb == null ? tail : sb.append(tail).toString();
            }
            if (sb == null) sb = new StringBuilder();
            sb.append(buf, start, pos - start);
        }
    }

    private boolean fill() throws ScenarioException {
        if (eof) return false;
        try {
            int n = in.read(buf, 0, buf.length);
            if (n < 0) {
                eof = true;
                return false;
            }
            pos = 0;
            end = n;
            return true;
        } catch (CharacterCodingException e) {
            throw new ScenarioException(file + ": not a UTF-8 text file");
        } catch (IOException e) {
            throw new ScenarioException(file + ": cannot read (" + e.getMessage() + ")");
        }
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            // read-only: nothing is lost
        }
    }
}
