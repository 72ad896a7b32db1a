package dev.lockstep.plot;

import dev.lockstep.io.AtomicFile;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Writes a plot in the format its file name asks for: {@code .svg}, {@code .png} or {@code .tex} (pgfplots); atomically. */
public final class Plots {
    private Plots() {}

    /** The formats, by file extension. */
    public static final java.util.List<String> FORMATS = java.util.List.of("svg", "png", "tex");

    /** Writes {@code data} to {@code out}; width and height are pixels (SVG: its user units; ignored for .tex). */
    public static void write(PlotData data, Path out, int width, int height) throws IOException {
        String name = out.getFileName() == null ? "" : out.getFileName().toString().toLowerCase(Locale.ROOT);
        String ext = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1) : "";
        switch (ext) {
            case "svg" -> {
                String svg = ChartFigure.svg(data, width, height);
                AtomicFile.write(out, w -> w.write(svg + "\n"));
            }
            case "tex" -> {
                String tex = PgfPlot.tex(data);
                AtomicFile.write(out, w -> w.write(tex));
            }
            case "png" -> {
                try (AtomicFile f = AtomicFile.create(out)) {
                    try (OutputStream o = Files.newOutputStream(f.temp())) {
                        ChartFigure.png(data, width, height, o);
                    }
                    f.commit();
                }
            }
            default -> throw new PlotException("--out " + out + ": unknown format; the file name must end in .svg, .png or .tex");
        }
    }
}
