package dev.lockstep.cli;

import dev.lockstep.plot.PlotData;
import dev.lockstep.plot.PlotSpec;
import dev.lockstep.plot.Plots;
import dev.lockstep.plot.Results;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code plot RESULTS --x AXIS --y MEASURE [--series AXIS] --out F.svg|F.png|F.tex}: a sweep's means with 95 % confidence intervals. */
@Command(name = "plot", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Plot a sweep's results: one line per value of the --series axis, the mean of the --y measure at each value of the --x axis, "
                + "with the 95%% confidence interval as error bars (from summary.csv). Every other axis must have one value among the points "
                + "plotted: choose it with --where AXIS=VALUE. Writes SVG, PNG or a pgfplots tikzpicture (.tex), by --out's extension.")
final class PlotCommand implements Callable<Integer> {
    private final Streams streams;

    @Parameters(hideParamSyntax = true, paramLabel = "RESULTS", description = "a sweep's output directory, or its summary.csv or runs.jsonl")
    List<String> files = new ArrayList<>();

    @Option(names = "--x", paramLabel = "AXIS", description = "the axis along x (numeric values; required)")
    String x;

    @Option(names = "--y", paramLabel = "MEASURE", description = "the measure along y (required): messagesPerCs, meanWaitRounds, messages.TYPE, ...")
    String y;

    @Option(names = "--series", paramLabel = "AXIS", description = "one line per value of this axis")
    String series;

    @Option(names = "--where", paramLabel = "AXIS=VALUE", description = "plot only the points with this axis value (repeatable)")
    List<String> where = new ArrayList<>();

    @Option(names = "--stat", paramLabel = "STAT", description = "the statistic plotted: mean (default; error bars: its 95%% confidence interval), or over each point's runs "
            + "median, min, max, pNN (nearest rank; no error bars)")
    String stat = "mean";

    @Option(names = "--out", paramLabel = "FILE", description = "the figure: FILE.svg, FILE.png or FILE.tex (required)")
    String out;

    @Option(names = "--title", paramLabel = "TEXT", description = "a title above the chart (default: none)")
    String title;

    @Option(names = "--x-label", paramLabel = "TEXT", description = "the x axis's label (default: the axis's name)")
    String xLabel;

    @Option(names = "--y-label", paramLabel = "TEXT", description = "the y axis's label (default: the measure's name)")
    String yLabel;

    @Option(names = "--size", paramLabel = "WxH", description = "the chart's size in pixels (default: 800x500)")
    String size = "800x500";

    @Option(names = "--log-x", arity = "0", description = "a logarithmic x axis")
    boolean logX;

    @Option(names = "--log-y", arity = "0", description = "a logarithmic y axis")
    boolean logY;

    PlotCommand(Streams streams) {
        this.streams = streams;
    }

    @Override
    public Integer call() throws UsageException, IOException {
        if (files.size() != 1) throw new UsageException("plot: expected one sweep directory (or summary.csv), got " + files.size());
        if (x == null) throw new UsageException("plot: --x AXIS is required");
        if (y == null) throw new UsageException("plot: --y MEASURE is required");
        if (out == null) throw new UsageException("plot: --out FILE.svg|FILE.png|FILE.tex is required");
        Map<String, String> filters = new LinkedHashMap<>();
        for (String w : where) {
            int eq = w.indexOf('=');
            if (eq <= 0) throw new UsageException("plot: --where expects AXIS=VALUE, got \"" + w + "\"");
            filters.put(w.substring(0, eq), w.substring(eq + 1));
        }
        int[] wh = size(size);
        Results results = Results.load(Path.of(files.get(0)), !stat.equals("mean"));
        PlotData data = PlotData.select(results, new PlotSpec(x, y, stat, series, filters, title, xLabel, yLabel, logX, logY));
        Plots.write(data, Path.of(out), wh[0], wh[1]);
        streams.out().printf("%d points in %d line%s written to %s%n", data.size(), data.curves().size(), data.curves().size() == 1 ? "" : "s", out);
        return ExitCode.OK;
    }

    private static int[] size(String s) throws UsageException {
        String[] parts = s.split("x", -1);
        try {
            if (parts.length == 2) {
                int w = Integer.parseInt(parts[0]);
                int h = Integer.parseInt(parts[1]);
                if (w >= 100 && h >= 100 && w <= 10000 && h <= 10000) return new int[] {w, h};
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new UsageException("plot: --size expects WxH in pixels, 100 to 10000 each (e.g. 800x500), got \"" + s + "\"");
    }
}
