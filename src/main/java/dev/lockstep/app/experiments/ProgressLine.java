package dev.lockstep.app.experiments;

import java.util.Locale;

/**
 * What the progress bar says: runs done of the spec's total (those a resumed sweep found already
 * written count as done), runs per second of this invocation, and the time left at that rate.
 *
 * @param done    runs in the output directory, written before or now
 * @param total   the spec's runs
 * @param ranNow  runs this invocation has finished
 * @param seconds since this invocation started its runs
 */
public record ProgressLine(long done, long total, long ranNow, double seconds) {
    public double fraction() {
        return total == 0 ? 1 : done / (double) total;
    }

    /** Runs per second so far, NaN before the first run or the first instant. */
    public double rate() {
        return ranNow == 0 || seconds <= 0 ? Double.NaN : ranNow / seconds;
    }

    /** "120 / 400 runs · 35.2 runs/s · 8 s left". */
    public String text() {
        StringBuilder sb = new StringBuilder().append(done).append(" / ").append(total).append(" runs");
        double rate = rate();
        if (!Double.isNaN(rate)) {
            sb.append(String.format(Locale.ROOT, " · %.1f runs/s", rate));
            if (done < total) sb.append(" · ").append(duration((total - done) / rate)).append(" left");
        }
        return sb.toString();
    }

    /** Seconds as "42 s", "3 min 5 s", "2 h 10 min". */
    static String duration(double seconds) {
        long s = Math.round(Math.ceil(seconds));
        if (s < 60) return s + " s";
        if (s < 3600) return (s / 60) + " min " + (s % 60) + " s";
        return (s / 3600) + " h " + (s % 3600 / 60) + " min";
    }
}
