package dev.lockstep.cli;

import dev.lockstep.experiment.Sweep;
import java.io.PrintStream;
import java.util.Locale;

/**
 * A sweep's progress on stderr: runs done of the runs to make, runs per second since the start,
 * and the time left at that rate. Redrawn on one line at most five times a second; the wall
 * clock is read here, never in the runs.
 */
final class SweepProgress implements Sweep.Listener {
    private final PrintStream err;
    private final long start = System.nanoTime();
    private long lastPrint;
    private boolean printed;

    SweepProgress(PrintStream err) {
        this.err = err;
    }

    @Override
    public void runsDone(int done, int toRun) {
        long now = System.nanoTime();
        if (done < toRun && done > 0 && now - lastPrint < 200_000_000L) return;
        lastPrint = now;
        double seconds = (now - start) / 1e9;
        double rate = seconds > 0 ? done / seconds : 0;
        String eta = done == 0 || rate == 0 ? "--:--" : clock((long) Math.ceil((toRun - done) / rate));
        err.printf(Locale.ROOT, "\rruns %d / %d (%d%%)  %.1f runs/s  ETA %s\033[K", done, toRun,
                toRun == 0 ? 100 : (int) (100L * done / toRun), rate, eta);
        printed = true;
        if (done >= toRun) finish();
    }

    static String clock(long seconds) {
        long h = seconds / 3600;
        long m = seconds / 60 % 60;
        long s = seconds % 60;
        return h > 0 ? String.format(Locale.ROOT, "%d:%02d:%02d", h, m, s) : String.format(Locale.ROOT, "%d:%02d", m, s);
    }

    void finish() {
        if (printed) {
            err.print("\r\033[K");
            err.flush();
            printed = false;
        }
    }
}
