package dev.lockstep.app.export;

import dev.lockstep.figure.FigureOptions;
import dev.lockstep.figure.Figures;
import dev.lockstep.io.AtomicFile;
import dev.lockstep.session.Session;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Exports a range of a run: draws the frames ({@link SessionFrames}), encodes them
 * ({@link GifWriter}, {@link Mp4Writer}, {@link PngFrames}) into a temporary output next to the
 * target and renames it into place when complete ({@link AtomicFile}, opened by {@link ExportTargets}). A failure or a cancel
 * leaves nothing under the requested name. Figures (SVG, TikZ) come from {@link Figures}.
 *
 * <p>{@link #run} may be called from any thread but the JavaFX one (it waits for that thread to
 * draw each frame); {@link #cancel} from any thread.
 */
public final class Exporter {
    /** Frames done so far, of the total; called after each frame on the exporting thread. */
    public interface Listener {
        void progress(int done, int total);
    }

    private final ExportSpec spec;
    private final FrameSource frames;
    private final Session session;
    private volatile boolean cancelled;
    private int encoderThreads = Runtime.getRuntime().availableProcessors();
    private long waitNanos;
    private long encodeNanos;
    private static final boolean DEBUG = Boolean.getBoolean("lockstep.debugExport");

    Exporter(ExportSpec spec, FrameSource frames, Session session) {
        this.spec = spec;
        this.frames = frames;
        this.session = session;
    }

    /**
     * An exporter of {@code spec}'s range of {@code own}, a session nobody else uses (it is
     * moved through the range). Runs it through the range once: IllegalArgumentException if a
     * range counted in steps goes past the end of the run.
     */
    public static Exporter of(Session own, ExportSpec spec) {
        if (spec.format().figure()) {
            SessionFrames.moments(own, spec.from(), spec.from(), spec.steps());
            Session.Position p = spec.steps() ? own.positionOfStep(spec.from()) : new Session.Position(spec.from(), -1);
            own.jumpTo(p);
            return new Exporter(spec, null, own);
        }
        return new Exporter(spec, new SessionFrames(own, spec), own);
    }

    public ExportSpec spec() {
        return spec;
    }

    /** Encodes an MP4 on {@code n} threads (by default all cores); the file is the same for any number. */
    public Exporter encoderThreads(int n) {
        if (n < 1) throw new IllegalArgumentException("encoder threads must be at least 1, got " + n);
        encoderThreads = n;
        return this;
    }

    /** Frames to draw (1 for a figure). */
    public int total() {
        return frames == null ? 1 : frames.count();
    }

    /** Asks a running export to stop after the current frame (it then throws CancellationException). */
    public void cancel() {
        cancelled = true;
    }

    public boolean cancelled() {
        return cancelled;
    }

    /** Writes the output and returns its path; on any failure or a cancel, nothing is left under that name. */
    public Path run(Listener listener) throws Exception {
        Listener l = listener == null ? (d, t) -> {} : listener;
        try {
            if (frames == null) return figure(l);
            try (AtomicFile target = spec.format() == ExportSpec.Format.PNG ? ExportTargets.directory(spec.out())
                    : ExportTargets.file(spec.out())) {
                ExecutorService drawing = Executors.newSingleThreadExecutor(r -> {
                    Thread t = new Thread(r, "lockstep-export-frames");
                    t.setDaemon(true);
                    return t;
                });
                Future<BufferedImage> next = null;
                try (FrameSink sink = sink(target.temp())) {
                    int total = frames.count();
                    // the next frame is drawn (JavaFX thread) while this one is encoded (here, or handed to the MP4 encoders)
                    next = drawing.submit(() -> frames.frame(0));
                    for (int i = 0; i < total; i++) {
                        if (cancelled) throw new CancellationException("export cancelled");
                        long t0 = System.nanoTime();
                        BufferedImage img = take(next);
                        int after = i + 1;
                        next = after < total && !cancelled ? drawing.submit(() -> frames.frame(after)) : null;
                        long t1 = System.nanoTime();
                        sink.add(img);
                        waitNanos += t1 - t0;
                        encodeNanos += System.nanoTime() - t1;
                        l.progress(i + 1, total);
                    }
                    if (cancelled) throw new CancellationException("export cancelled");
                    sink.finish();
                    if (DEBUG) {
                        System.err.printf("export: %d frames, waiting for drawing %.1f ms/frame, encoding %.1f ms/frame%n", total,
                                waitNanos / 1e6 / total, encodeNanos / 1e6 / total);
                    }
                } finally {
                    // a frame still being drawn finishes before the frames are closed
                    if (next != null) {
                        try {
                            next.get();
                        } catch (ExecutionException | InterruptedException ignored) {
                            // the export has failed or stopped already
                        }
                    }
                    drawing.shutdownNow();
                }
                target.commit();
                return target.target();
            }
        } finally {
            if (frames != null) frames.close();
        }
    }

    private static BufferedImage take(Future<BufferedImage> f) throws Exception {
        return FxThread.await(f);
    }

    private FrameSink sink(Path temp) throws IOException {
        return switch (spec.format()) {
            case GIF -> new GifWriter(temp, spec.width(), spec.height(), spec.fps());
            case MP4 -> new Mp4Writer(temp, spec.width(), spec.height(), spec.fps(), encoderThreads);
            case PNG -> new PngFrames(temp);
            default -> throw new IllegalStateException("not an animation: " + spec.format());
        };
    }

    private Path figure(Listener l) throws IOException {
        try (AtomicFile target = ExportTargets.file(spec.out())) {
            FigureOptions o = new FigureOptions(spec.width(), spec.height(), spec.caption(), true);
            String text = spec.format() == ExportSpec.Format.SVG ? Figures.svg(session, o) : Figures.tikz(session, o);
            Files.writeString(target.temp(), text, StandardCharsets.UTF_8);
            target.commit();
            l.progress(1, 1);
            return target.target();
        }
    }

    /** Where node u was drawn in the last frame (frame pixels): lets tests find a node in the output. */
    javafx.geometry.Point2D nodePixel(int u) {
        return ((SessionFrames) frames).nodePixel(u);
    }

    Session session() {
        return session;
    }
}
