package dev.lockstep.experiment;

import dev.lockstep.io.AtomicFile;
import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.TextFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code DIR/sweep.json}: what a sweep directory holds, so that a resumed sweep can tell whether
 * the spec changed and {@code sweep-merge} can check shards without the spec. {@code grid} is a
 * SHA-256 over everything but the seeds that decides the runs' lines: each point's id, parameters
 * and scenario text, the measures (not the spec's layout, nor the shard). The seeds are listed.
 *
 * @param points the grid's points; their {@code scenario} is empty when read back from the file
 */
public record Manifest(String grid, Shard shard, List<String> axes, List<String> measures, List<Long> seeds, List<GridPoint> points) {
    public static final String FILE = "sweep.json";
    static final String FORMAT = "lockstep-sweep/1";

    static Manifest of(SweepSpec spec, List<GridPoint> points, Shard shard) throws ScenarioException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
        // Not the seeds: a sweep may gain seeds (more repetitions where the spread asks for them).
        // A point with a graph per run has its texts only per seed; the base, the generator's
        // fields and the rounds decide them.
        StringBuilder sb = new StringBuilder();
        sb.append(String.join(",", spec.measures())).append('\n').append(spec.rounds()).append('\n');
        if (spec.graph() != null) {
            JsonWriter g = new JsonWriter().beginObject();
            for (Map.Entry<String, JsonValue> e : spec.graph().entrySet()) g.key(e.getKey()).value(e.getValue());
            sb.append(g.endObject()).append('\n').append(TextFile.read(spec.base())).append('\n');
        }
        for (GridPoint p : points) {
            sb.append(p.id()).append(' ').append(paramsJson(p)).append('\n').append(p.scenario()).append('\n');
        }
        String grid = HexFormat.of().formatHex(sha.digest(sb.toString().getBytes(StandardCharsets.UTF_8)));
        List<String> axes = spec.axes().stream().map(Axis::name).toList();
        return new Manifest(grid, shard, axes, spec.measures(), spec.seeds(), points);
    }

    static String paramsJson(GridPoint p) {
        JsonWriter w = new JsonWriter().beginObject();
        for (Map.Entry<String, JsonValue> e : p.params().entrySet()) w.key(e.getKey()).value(e.getValue());
        return w.endObject().toString();
    }

    /** The number of runs in the whole grid. */
    long runCount() {
        return (long) points.size() * seeds.size();
    }

    void write(Path dir) throws IOException {
        JsonWriter w = new JsonWriter().beginObject().field("format", FORMAT).field("grid", grid);
        w.key("shard");
        if (shard.equals(Shard.ALL)) w.nullValue();
        else w.value(shard.toString());
        w.key("axes").beginArray();
        for (String a : axes) w.value(a);
        w.endArray().key("measures").beginArray();
        for (String m : measures) w.value(m);
        w.endArray().key("seeds").beginArray();
        for (long s : seeds) w.value(s);
        w.endArray().key("points").beginArray();
        for (GridPoint p : points) w.beginObject().field("id", p.id()).key("params").raw(paramsJson(p)).endObject();
        String text = w.endArray().endObject().toString();
        AtomicFile.write(dir.resolve(FILE), out -> out.write(text + "\n"));
    }

    /** Reads {@code DIR/sweep.json}; an IOException names the file and what is wrong. */
    public static Manifest read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (!Files.exists(file)) throw new IOException(file + ": no such file; is " + dir + " a sweep's output directory?");
        try {
            JsonValue.Obj o = (JsonValue.Obj) JsonParser.parse(Files.readString(file));
            if (!(o.get("format") instanceof JsonValue.Str f) || !f.value().equals(FORMAT)) throw new IOException(file + ": not a " + FORMAT + " file");
            String grid = ((JsonValue.Str) o.get("grid")).value();
            Shard shard = o.get("shard") instanceof JsonValue.Str s ? Shard.parse(s.value()) : Shard.ALL;
            List<String> axes = strings(o.get("axes"));
            List<String> measures = strings(o.get("measures"));
            List<Long> seeds = new ArrayList<>();
            for (JsonValue v : ((JsonValue.Arr) o.get("seeds")).items()) seeds.add(Long.parseLong(((JsonValue.Num) v).text()));
            List<GridPoint> points = new ArrayList<>();
            for (JsonValue v : ((JsonValue.Arr) o.get("points")).items()) {
                JsonValue.Obj p = (JsonValue.Obj) v;
                Map<String, JsonValue> params = new LinkedHashMap<>(((JsonValue.Obj) p.get("params")).members());
                points.add(new GridPoint(points.size(), ((JsonValue.Str) p.get("id")).value(), params, "", Map.of()));
            }
            return new Manifest(grid, shard == null ? Shard.ALL : shard, axes, measures, seeds, points);
        } catch (JsonParseException | ClassCastException | NullPointerException | NumberFormatException e) {
            throw new IOException(file + ": damaged (" + e.getMessage() + "); delete the directory to start over");
        }
    }

    private static List<String> strings(JsonValue v) {
        return ((JsonValue.Arr) v).items().stream().map(x -> ((JsonValue.Str) x).value()).toList();
    }
}
