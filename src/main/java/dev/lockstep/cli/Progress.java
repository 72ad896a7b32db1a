package dev.lockstep.cli;

import dev.lockstep.core.adversary.Engine;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Progress of a long run on stderr, only when stderr is a terminal (so logs and pipes stay clean).
 * Wall-clock throttling lives here, outside the deterministic core.
 */
final class Progress implements Engine.ProgressListener {
    private final PrintStream err;
    private long lastPrint;
    private boolean printed;
    private final String label;

    Progress(PrintStream err) {
        this(err, "round");
    }

    Progress(PrintStream err, String label) {
        this.err = err;
        this.label = label;
    }

    /** Whether file descriptor 2 is a terminal (Linux /proc; elsewhere: no progress). */
    static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception | LinkageError e) {
            return false;
        }
    }

    @Override
    public void roundDone(int done, int total) {
        long now = System.nanoTime();
        if (done < total && now - lastPrint < 200_000_000L) return;
        lastPrint = now;
        err.printf("\r%s %d / %d (%d%%)", label, done, total, total == 0 ? 100 : (int) (100L * done / total));
        printed = true;
        if (done >= total) finish();
    }

    void finish() {
        if (printed) {
            err.print("\r\033[K");
            err.flush();
            printed = false;
        }
    }
}
