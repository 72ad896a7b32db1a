package dev.lockstep.cli;

import dev.lockstep.app.export.ExportSpec;
import dev.lockstep.json.Printable;
import dev.lockstep.session.Session;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code export SCENARIO --format gif|mp4|png|svg|tikz --out PATH ...}: a range of a run as an
 * animation, or one moment as a figure, drawn by the window's own view on a headless toolkit
 * (through {@code dev.lockstep.app.HeadlessExport}: this layer uses no GUI toolkit).
 */
@Command(name = "export", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "A range of the run as an animation (png: frame-NNNN.png in the directory PATH), or one moment as a figure; headless (no display needed). The range is in rounds, or in action executions with --steps.")
final class ExportCommand implements Callable<Integer> {
    private final Streams streams;

    @Parameters(hideParamSyntax = true, paramLabel = "SCENARIO|SESSION", description = "a scenario or session file")
    List<String> files = new ArrayList<>();

    @Option(names = "--format", paramLabel = "gif|mp4|png|svg|tikz", description = "what to write (required)")
    String format;

    @Option(names = "--out", paramLabel = "PATH", description = "the file to write (png: a directory for the frames) (required)")
    String out;

    @Option(names = "--from", paramLabel = "N", converter = Integers.Round.class, description = "the first round (or step) of an animation, the moment of a figure (default 0)")
    Integer from;

    @Option(names = "--to", paramLabel = "N", converter = Integers.Round.class, description = "the last round (or step) of an animation (default: from + " + ExportSpec.DEFAULT_SPAN + ")")
    Integer to;

    @Option(names = "--steps", arity = "0", description = "count --from, --to and --at in action executions, not rounds")
    boolean steps;

    @Option(names = "--at", paramLabel = "N", converter = Integers.Round.class, description = "the moment of an svg or tikz figure")
    Integer at;

    @Option(names = "--width", paramLabel = "W", converter = Integers.Width.class, description = "width in pixels (default " + ExportSpec.DEFAULT_WIDTH + ")")
    Integer width;

    @Option(names = "--height", paramLabel = "H", converter = Integers.Height.class, description = "height in pixels (default " + ExportSpec.DEFAULT_HEIGHT + ")")
    Integer height;

    @Option(names = "--fps", paramLabel = "F", converter = Integers.Fps.class, description = "frames per second of an animation (default " + ExportSpec.DEFAULT_FPS + ")")
    Integer fps;

    @Option(names = "--frames-per-step", paramLabel = "K", converter = Integers.FramesPerStep.class, description = "frames per round or step of an animation (default 1)")
    Integer perStep;

    @Option(names = "--caption", arity = "0", description = "draw the caption (the default)")
    boolean caption;

    @Option(names = "--no-caption", arity = "0", description = "no caption")
    boolean noCaption;

    @Option(names = "--seed", paramLabel = "N", converter = Integers.Seed.class, description = "the seed (default: the scenario's)")
    Long seed;

    @Option(names = "--progress", arity = "0", description = "show the progress on stderr (the default)")
    boolean progress;

    @Option(names = "--no-progress", arity = "0", description = "no progress on stderr")
    boolean noProgress;

    ExportCommand(Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws Exception {
        if (files.size() != 1) throw new UsageException("export: expected one scenario or session file, got " + files.size());
        if (format == null) throw new UsageException("export: --format is required (gif, mp4, png, svg or tikz)");
        ExportSpec.Format f = ExportSpec.Format.parse(format);
        if (f == null) throw new UsageException("export: unknown --format \"" + format + "\"; expected gif, mp4, png, svg or tikz");
        if (out == null) {
            throw new UsageException("export: --out is required (" + (f == ExportSpec.Format.PNG ? "a directory for the frames" : "the file to write") + ")");
        }
        if (caption && noCaption) throw new UsageException("export: --caption and --no-caption contradict each other");
        int first;
        int last;
        if (f.figure()) {
            if (to != null) throw new UsageException("export: " + f.id() + " shows a single moment: give it with --at N (or --from N), not --to");
            if (perStep != null || fps != null) {
                throw new UsageException("export: " + f.id() + " is a single picture: --fps and --frames-per-step do not apply");
            }
            if (at != null && from != null) throw new UsageException("export: give the moment with --at or --from, not both");
            first = at != null ? at : from != null ? from : 0;
            last = first;
        } else {
            if (at != null) throw new UsageException("export: --at gives the moment of an svg or tikz figure; a " + f.id() + " takes --from and --to");
            first = from != null ? from : 0;
            last = to != null ? to : first + ExportSpec.DEFAULT_SPAN;
            if (last < first) throw new UsageException("export: --to (" + last + ") is before --from (" + first + ")");
        }
        int w = width != null ? width : ExportSpec.DEFAULT_WIDTH;
        int h = height != null ? height : ExportSpec.DEFAULT_HEIGHT;
        ExportSpec spec;
        try {
            spec = new ExportSpec(f, Path.of(out), first, last, steps, w, h, fps != null ? fps : ExportSpec.DEFAULT_FPS,
                    perStep != null ? perStep : 1, !noCaption);
        } catch (IllegalArgumentException e) {
            throw new UsageException("export: " + e.getMessage());
        }
        return export(spec);
    }

    private int export(ExportSpec spec) throws Exception {
        PrintStream err = streams.err();
        FrameProgress bar = noProgress ? null : new FrameProgress(err, streams.terminal());
        Path written;
        try {
            written = dev.lockstep.app.HeadlessExport.run(Path.of(files.get(0)), seed, spec, loading(), bar);
        } catch (IllegalArgumentException e) {
            if (bar != null) bar.finish();
            err.println("lockstep: export: " + Printable.escape(e.getMessage()));
            return ExitCode.BAD_INPUT;
        } catch (IOException e) {
            if (bar != null) bar.finish();
            throw new IOException("export: " + e.getMessage(), e);
        }
        if (bar != null) bar.finish();
        err.printf(Locale.ROOT, "wrote %s (%d frame%s, %dx%d)%n", written, spec.frames(), spec.frames() == 1 ? "" : "s",
                spec.width(), spec.height());
        return ExitCode.OK;
    }

    /**
     * A session file is replayed to its round before the first frame, which a file can put at 10^8:
     * rounds done on stderr (on a terminal only, like run's progress); Ctrl+C stops it as any run.
     */
    private Session.Loading loading() {
        if (noProgress || !streams.terminal()) return Session.Loading.NONE;
        Progress rounds = new Progress(streams.err(), "export: replaying the session: round");
        return rounds::roundDone;
    }
}
