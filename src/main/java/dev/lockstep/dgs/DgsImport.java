package dev.lockstep.dgs;

import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.ScenarioWriter;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.graphstream.stream.file.FileSourceDGS;

/**
 * A dynamic graph in GraphStream's DGS format as a scenario's topology and dynamics, read with
 * GraphStream's own DGS reader: the nodes (with their x, y if every node has one; otherwise the
 * scenario lays them out on a circle), the edges present when step 0 ends as the initial graph,
 * and the later {@code ae}, {@code de}, {@code dn} and position changes as scripted topology
 * events of the round their {@code st} names ({@code "dynamics"}: link, cut, move). The rest of
 * the scenario comes from {@link ImportOptions}. The result is a scenario file's text, in the
 * layout of the sample runs, which {@link ScenarioLoader} loads like any file.
 */
public final class DgsImport {
    private DgsImport() {}

    /** The scenario text for {@code dgs}; IOException if the file cannot be read or its steps are not rounds. */
    public static String toScenarioJson(Path dgs, ImportOptions options) throws IOException {
        DgsHistory history = read(dgs);
        String json = baseScenario(history, options, defaultName(dgs));
        try {
            JsonValue.Obj root = (JsonValue.Obj) JsonParser.parse(json);
            return ScenarioWriter.toText(ScenarioWriter.edit(root, options.fields()));
        } catch (JsonParseException e) {
            throw new IllegalStateException("the scenario written for " + dgs + " is not JSON: " + e.getMessage(), e);
        }
    }

    /** {@link #toScenarioJson}, loaded: ScenarioException if the options make an invalid scenario (e.g. Δ too small). */
    public static Scenario toScenario(Path dgs, ImportOptions options) throws IOException, ScenarioException {
        return ScenarioLoader.parse(toScenarioJson(dgs, options), dgs.toString());
    }

    static DgsHistory read(Path dgs) throws IOException {
        DgsHistory history = new DgsHistory();
        FileSourceDGS source = new FileSourceDGS();
        source.addSink(history);
        try (Reader in = Files.newBufferedReader(dgs)) {
            source.readAll(in);
        } catch (IOException e) {
            throw new IOException(dgs + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            // GraphStream's DGS reader lets some malformed values through as unchecked exceptions
            // (a step that is no number: NumberFormatException): bad input, not a bug of ours
            throw new IOException(dgs + ": not a DGS file GraphStream can read (" + e + ")", e);
        } finally {
            source.removeSink(history);
        }
        if (!history.problems().isEmpty()) throw new IOException(dgs + ": " + history.problems().get(0));
        return history;
    }

    private static String defaultName(Path dgs) {
        String file = dgs.getFileName().toString();
        return file.endsWith(".dgs") ? file.substring(0, file.length() - 4) : file;
    }

    private static String baseScenario(DgsHistory h, ImportOptions o, String fallbackName) {
        JsonWriter w = new JsonWriter().beginObject().field("format", Scenario.FORMAT)
                .field("name", o.name() != null ? o.name() : fallbackName)
                .field("protocol", o.protocol())
                .field("delta", o.delta() != null ? o.delta() : Math.max(1, h.maxDegree()));
        if (o.seed() != null) w.field("seed", o.seed());
        if (o.rounds() != null) w.field("rounds", o.rounds());
        else if (h.lastRound() >= ScenarioLoader.DEFAULT_ROUNDS) w.field("rounds", h.lastRound() + 1);
        boolean positions = h.nodes().values().stream().allMatch(p -> p != null && !Double.isNaN(p[0]) && !Double.isNaN(p[1]));
        w.key("nodes").beginArray();
        for (Map.Entry<String, double[]> n : h.nodes().entrySet()) {
            w.beginObject().field("id", n.getKey());
            if (positions) w.field("x", n.getValue()[0]).field("y", n.getValue()[1]);
            w.endObject();
        }
        w.endArray().key("edges").beginArray();
        for (String[] e : h.initialEdges()) w.beginArray().value(e[0]).value(e[1]).endArray();
        w.endArray();
        List<DgsHistory.Change> changes = h.changes();
        if (!changes.isEmpty()) {
            w.key("dynamics").beginArray();
            for (DgsHistory.Change c : changes) event(w, c);
            w.endArray();
        }
        return w.endObject().toString();
    }

    private static void event(JsonWriter w, DgsHistory.Change c) {
        w.beginObject().field("round", c.round());
        switch (c.kind()) {
            case LINK -> w.key("link").beginArray().value(c.u()).value(c.v()).endArray();
            case CUT -> w.key("cut").beginArray().value(c.u()).value(c.v()).endArray();
            case MOVE -> w.field("move", c.u()).key("to").beginArray().value(c.x()).value(c.y()).endArray();
        }
        w.endObject();
    }
}
