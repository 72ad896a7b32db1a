package dev.lockstep.app.experiments;

import dev.lockstep.experiment.Axis;
import dev.lockstep.experiment.GridPoint;
import dev.lockstep.experiment.PointScenarios;
import dev.lockstep.experiment.SweepSpec;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.TextFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A sweep spec as the window shows it: its name, axes, seeds and run count, its grid points
 * (built by the engine's own {@link PointScenarios}, so a point the loader refuses is reported
 * before anything runs) and the default output directory, {@code <spec-name>-results} beside it.
 */
public record SpecSummary(Path file, String name, SweepSpec spec, List<GridPoint> points) {
    /** Reads and checks a spec; problems as the spec reader gives them, {@code file:line:col: $.path: ...}. */
    public static SpecSummary load(Path file) throws ScenarioException {
        SweepSpec spec = SweepSpec.load(file);
        List<GridPoint> points = PointScenarios.points(spec);
        return new SpecSummary(file, nameOf(file), spec, points);
    }

    /** The spec's "name", or its file name without ".json". */
    private static String nameOf(Path file) {
        try {
            if (JsonParser.parse(TextFile.read(file)) instanceof JsonValue.Obj o && o.get("name") instanceof JsonValue.Str s
                    && !s.value().isBlank()) return s.value();
        } catch (ScenarioException | dev.lockstep.json.JsonParseException | RuntimeException e) {
            // already read once by SweepSpec.load: the file name will do
        }
        return stem(file);
    }

    static String stem(Path file) {
        String f = file.getFileName().toString();
        return f.toLowerCase(java.util.Locale.ROOT).endsWith(".json") ? f.substring(0, f.length() - 5) : f;
    }

    public long runs() {
        return spec.runCount();
    }

    /** {@code DIR/<spec-name>-results}, beside the spec. */
    public Path defaultOut() {
        Path dir = file.toAbsolutePath().getParent();
        return (dir == null ? Path.of("") : dir).resolve(stem(file) + "-results");
    }

    /** One line per axis: {@code K (/params/K): 2, 4, 8, 16}. */
    public List<String> axisLines() {
        List<String> lines = new ArrayList<>();
        for (Axis a : spec.axes()) {
            String place = a.name().equals(a.pointer()) ? "" : " (" + a.pointer() + ")";
            lines.add(a.name() + place + ": " + a.values().stream().map(LiveResults::text).collect(Collectors.joining(", ")));
        }
        return lines;
    }

    /** "8 points × 5 seeds = 40 runs of 300 rounds". */
    public String countLine() {
        int seeds = spec.seeds().size();
        return points.size() + " point" + (points.size() == 1 ? "" : "s") + " × " + seeds + " seed" + (seeds == 1 ? "" : "s")
                + " = " + runs() + " run" + (runs() == 1 ? "" : "s")
                + (spec.rounds() == null ? " (the base scenario's rounds)" : " of " + spec.rounds() + " rounds");
    }

    /** The specs of {@code experiments/} in a directory (the working directory's, for the examples list), by name. */
    public static List<Path> examples(Path dir) {
        Path experiments = dir.resolve("experiments");
        if (!Files.isDirectory(experiments)) return List.of();
        try (Stream<Path> files = Files.list(experiments)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".json") && Files.isRegularFile(f)).sorted().toList();
        } catch (java.io.IOException e) {
            return List.of();
        }
    }
}
