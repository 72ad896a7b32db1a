package dev.lockstep.cli;

import dev.lockstep.app.export.Exporter;
import java.io.PrintStream;
import java.util.Locale;

/** An export's frames done / total on stderr: one line redrawn on a terminal, a line per tenth otherwise (logs). */
final class FrameProgress implements Exporter.Listener {
    private final PrintStream err;
    private final boolean terminal;
    private long lastPrint;
    private int lastTenth = -1;
    private boolean open;

    FrameProgress(PrintStream err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    @Override
    public void progress(int done, int total) {
        int percent = total == 0 ? 100 : (int) (100L * done / total);
        if (terminal) {
            long now = System.nanoTime();
            if (done < total && now - lastPrint < 100_000_000L) return;
            lastPrint = now;
            err.printf(Locale.ROOT, "\rexport: frame %d / %d (%d%%)", done, total, percent);
            err.flush();
            open = true;
        } else {
            int tenth = percent / 10;
            if (tenth == lastTenth && done < total) return;
            lastTenth = tenth;
            err.printf(Locale.ROOT, "export: frame %d / %d (%d%%)%n", done, total, percent);
        }
    }

    void finish() {
        if (open) {
            err.print("\r\033[K");
            err.flush();
            open = false;
        }
    }
}
