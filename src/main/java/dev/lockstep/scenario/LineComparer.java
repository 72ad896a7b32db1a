package dev.lockstep.scenario;

import java.io.Writer;

/**
 * Where a replay writes its trace: every completed line is compared at once with the file's next
 * line, and the first difference stops the replay ({@link Diverged}), so nothing after it is
 * simulated and no line is kept.
 */
final class LineComparer extends Writer {
    /** The replay produced {@code actual} where the file has {@code expected} (null: past an end). */
    static final class Diverged extends RuntimeException {
        final int line;
        final String expected;
        final String actual;

        Diverged(int line, String expected, String actual) {
            super("diverges at line " + line, null, false, false);
            this.line = line;
            this.expected = expected;
            this.actual = actual;
        }
    }

    /** A failure to read the file, carried through the simulation's listener calls. */
    static final class Unreadable extends RuntimeException {
        final ScenarioException cause;

        Unreadable(ScenarioException cause) {
            super(cause.getMessage(), cause, false, false);
            this.cause = cause;
        }
    }

    private final TraceLines file;
    private final StringBuilder pending = new StringBuilder();

    LineComparer(TraceLines file) {
        this.file = file;
    }

    /** Lines of the file compared so far. */
    int lines() {
        return file.count();
    }

    /** The file's next line (not yet matched), or null at its end. */
    String expected() {
        try {
            return file.peek();
        } catch (ScenarioException e) {
            throw new Unreadable(e);
        }
    }

    /** Stops the replay: its next line (described by {@code actual}) cannot be the file's next one. */
    Diverged divergence(String actual) {
        String expected = expected();
        return new Diverged(file.count() + 1, expected, actual);
    }

    @Override
    public void write(int c) {
        if (c == '\n') compare();
        else pending.append((char) c);
    }

    @Override
    public void write(String s, int off, int len) {
        for (int i = off, end = off + len; i < end; ) {
            int nl = s.indexOf('\n', i);
            if (nl < 0 || nl >= end) {
                pending.append(s, i, end);
                return;
            }
            pending.append(s, i, nl);
            compare();
            i = nl + 1;
        }
    }

    @Override
    public void write(char[] cbuf, int off, int len) {
        write(new String(cbuf, off, len), 0, len);
    }

    private void compare() {
        String actual = pending.toString();
        pending.setLength(0);
        String expected;
        try {
            expected = file.next();
        } catch (ScenarioException e) {
            throw new Unreadable(e);
        }
        if (!actual.equals(expected)) throw new Diverged(file.count() + (expected == null ? 1 : 0), expected, actual);
    }

    /** After the replay's last line: the file must end too. */
    void requireEnd() {
        String extra;
        try {
            extra = file.next();
        } catch (ScenarioException e) {
            throw new Unreadable(e);
        }
        if (extra != null) throw new Diverged(file.count(), extra, null);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
}
