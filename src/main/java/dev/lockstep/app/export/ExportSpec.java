package dev.lockstep.app.export;

import java.nio.file.Path;
import java.util.Locale;

/**
 * What to export: format, output, range and picture settings. Plain values only, so the command
 * line (which may not touch a GUI toolkit) can build one.
 *
 * <p>The range counts rounds by default: the frames show the run at the start of rounds
 * {@code from}, {@code from + 1}, ..., {@code to} (round N's start is the end of round N - 1).
 * With {@code steps}, it counts action executions like the timeline's step numbers: the run
 * right after the {@code from}-th execution, ..., right after the {@code to}-th (0: the very
 * start). Each step between two of these moments gets {@code framesPerStep} frames (the
 * messages glide along their edges), so an animation has {@code 1 + (to - from) * framesPerStep}
 * frames. A figure (SVG, TikZ) shows the single moment {@code from}.
 */
public record ExportSpec(Format format, Path out, int from, int to, boolean steps, int width, int height, int fps,
                         int framesPerStep, boolean caption) {

    public static final int DEFAULT_WIDTH = 1280;
    public static final int DEFAULT_HEIGHT = 720;
    public static final int DEFAULT_FPS = 10;
    /** How far the range reaches when {@code --to} is not given (in rounds or steps). */
    public static final int DEFAULT_SPAN = 40;

    public enum Format {
        GIF, MP4, PNG, SVG, TIKZ;

        public static Format parse(String s) {
            for (Format f : values()) if (f.name().equalsIgnoreCase(s)) return f;
            return null;
        }

        /** Whether the format shows a single moment rather than a range. */
        public boolean figure() {
            return this == SVG || this == TIKZ;
        }

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public ExportSpec {
        if (from < 0) throw new IllegalArgumentException("the range starts at " + from + ", before 0");
        if (to < from) throw new IllegalArgumentException("the range ends (" + to + ") before it starts (" + from + ")");
        if (width < 16 || height < 16 || width > 7680 || height > 4320) {
            throw new IllegalArgumentException("the size must be between 16x16 and 7680x4320, got " + width + "x" + height);
        }
        if (format == Format.MP4 && (width % 2 != 0 || height % 2 != 0)) {
            throw new IllegalArgumentException("an MP4 (H.264) needs an even width and height, got " + width + "x" + height);
        }
        if (fps < 1 || fps > 100) throw new IllegalArgumentException("frames per second must be between 1 and 100, got " + fps);
        if (framesPerStep < 1 || framesPerStep > 120) {
            throw new IllegalArgumentException("frames per step must be between 1 and 120, got " + framesPerStep);
        }
    }

    /** Frames in the animation. */
    public int frames() {
        return format.figure() ? 1 : 1 + (to - from) * framesPerStep;
    }
}
