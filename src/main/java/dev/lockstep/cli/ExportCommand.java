package dev.lockstep.cli;

import dev.lockstep.app.export.ExportSpec;
import dev.lockstep.app.export.Exporter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;

/**
 * {@code export SCENARIO --format gif|mp4|png|svg|tikz --out PATH ...}: a range of a run as an
 * animation, or one moment as a figure, drawn by the window's own view on a headless toolkit
 * (through {@code dev.lockstep.app.HeadlessExport}: this layer uses no GUI toolkit).
 */
final class ExportCommand {
    private ExportCommand() {}

    static final Set<String> VALUED = Set.of("--format", "--out", "--from", "--to", "--at", "--width", "--height", "--fps",
            "--frames-per-step", "--seed");
    static final Set<String> FLAGS = Set.of("--steps", "--caption", "--no-caption", "--progress", "--no-progress");

    static int run(String[] argv, PrintStream out, PrintStream err, boolean terminal) throws Exception {
        Args a = new Args("export", argv, 1, VALUED, FLAGS);
        if (a.positional.size() != 1) {
            throw new UsageException("export: expected one scenario or session file, got " + a.positional.size());
        }
        if (!a.has("--format")) throw new UsageException("export: --format is required (gif, mp4, png, svg or tikz)");
        ExportSpec.Format format = ExportSpec.Format.parse(a.get("--format"));
        if (format == null) {
            throw new UsageException("export: unknown --format \"" + a.get("--format") + "\"; expected gif, mp4, png, svg or tikz");
        }
        if (!a.has("--out")) {
            throw new UsageException("export: --out is required (" + (format == ExportSpec.Format.PNG ? "a directory for the frames" : "the file to write") + ")");
        }
        if (a.has("--caption") && a.has("--no-caption")) throw new UsageException("export: --caption and --no-caption contradict each other");
        int from;
        int to;
        if (format.figure()) {
            if (a.has("--to")) throw new UsageException("export: " + format.id() + " shows a single moment: give it with --at N (or --from N), not --to");
            if (a.has("--frames-per-step") || a.has("--fps")) {
                throw new UsageException("export: " + format.id() + " is a single picture: --fps and --frames-per-step do not apply");
            }
            if (a.has("--at") && a.has("--from")) throw new UsageException("export: give the moment with --at or --from, not both");
            from = a.has("--at") ? intValue(a, "--at", 0, Integer.MAX_VALUE - 1) : a.has("--from") ? intValue(a, "--from", 0, Integer.MAX_VALUE - 1) : 0;
            to = from;
        } else {
            if (a.has("--at")) throw new UsageException("export: --at gives the moment of an svg or tikz figure; a " + format.id() + " takes --from and --to");
            from = a.has("--from") ? intValue(a, "--from", 0, Integer.MAX_VALUE - 1) : 0;
            to = a.has("--to") ? intValue(a, "--to", 0, Integer.MAX_VALUE - 1) : from + ExportSpec.DEFAULT_SPAN;
            if (to < from) throw new UsageException("export: --to (" + to + ") is before --from (" + from + ")");
        }
        int width = a.has("--width") ? intValue(a, "--width", 16, 7680) : ExportSpec.DEFAULT_WIDTH;
        int height = a.has("--height") ? intValue(a, "--height", 16, 4320) : ExportSpec.DEFAULT_HEIGHT;
        int fps = a.has("--fps") ? intValue(a, "--fps", 1, 100) : ExportSpec.DEFAULT_FPS;
        int perStep = a.has("--frames-per-step") ? intValue(a, "--frames-per-step", 1, 120) : 1;
        Long seed = a.has("--seed") ? a.longValue("export", "--seed", Long.MIN_VALUE, Long.MAX_VALUE) : null;
        boolean progress = !a.has("--no-progress");

        ExportSpec spec;
        try {
            spec = new ExportSpec(format, Path.of(a.get("--out")), from, to, a.has("--steps"), width, height, fps, perStep,
                    !a.has("--no-caption"));
        } catch (IllegalArgumentException e) {
            throw new UsageException("export: " + e.getMessage());
        }
        Path file = Path.of(a.positional.get(0));
        FrameProgress bar = progress ? new FrameProgress(err, terminal) : null;
        Path written;
        try {
            written = dev.lockstep.app.HeadlessExport.run(file, seed, spec, loading(progress, err, terminal), bar);
        } catch (IllegalArgumentException e) {
            if (bar != null) bar.finish();
            err.println("lockstep: export: " + dev.lockstep.json.Printable.escape(e.getMessage()));
            return Main.BAD_INPUT;
        } catch (IOException e) {
            if (bar != null) bar.finish();
            throw new IOException("export: " + e.getMessage(), e);
        }
        if (bar != null) bar.finish();
        err.printf(Locale.ROOT, "wrote %s (%d frame%s, %dx%d)%n", written, spec.frames(), spec.frames() == 1 ? "" : "s", width, height);
        return Main.OK;
    }

    /**
     * A session file is replayed to its round before the first frame, which a file can put at 10^8:
     * rounds done on stderr (on a terminal only, like run's progress); Ctrl+C stops it as any run.
     */
    private static dev.lockstep.session.Session.Loading loading(boolean progress, PrintStream err, boolean terminal) {
        if (!progress || !terminal) return dev.lockstep.session.Session.Loading.NONE;
        Progress rounds = new Progress(err, "export: replaying the session: round");
        return rounds::roundDone;
    }

    private static int intValue(Args a, String name, int min, int max) throws UsageException {
        return (int) a.longValue("export", name, min, max);
    }

    /** Frames done / total on stderr: one line redrawn on a terminal, a line per tenth otherwise (logs). */
    static final class FrameProgress implements Exporter.Listener {
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
}
