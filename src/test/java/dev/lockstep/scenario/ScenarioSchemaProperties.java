package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The schema and the loader agree that no object of the scenario format takes a member it does
 * not define: an unknown member slipped into any object of any sample is refused by both.
 */
class ScenarioSchemaProperties {

    /** A sample's text and the offset of one of its objects' opening brace. */
    record Spot(Path sample, String text, int brace, String path) {}

    @Provide
    Arbitrary<Spot> objectsOfSamples() {
        List<Spot> spots = new ArrayList<>();
        try {
            for (Path sample : ScenarioSchemaTest.samples().toList()) {
                String text = Files.readString(sample);
                collect(JsonParser.parse(text), sample, text, offsets(text), spots);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return Arbitraries.of(spots);
    }

    private static int[] offsets(String text) {
        List<Integer> starts = new ArrayList<>(List.of(0));
        for (int i = 0; i < text.length(); i++) if (text.charAt(i) == '\n') starts.add(i + 1);
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void collect(JsonValue v, Path sample, String text, int[] lineStarts, List<Spot> out) {
        if (v instanceof JsonValue.Obj o) {
            out.add(new Spot(sample, text, lineStarts[o.line() - 1] + o.column() - 1, o.path()));
            o.members().values().forEach(m -> collect(m, sample, text, lineStarts, out));
        } else if (v instanceof JsonValue.Arr a) {
            a.items().forEach(m -> collect(m, sample, text, lineStarts, out));
        }
    }

    @Property(tries = 60)
    void anUnknownMemberInAnyObjectIsRefusedByBoth(@ForAll("objectsOfSamples") Spot spot) {
        assertEquals('{', spot.text().charAt(spot.brace()), "a located object starts at its brace");
        String member = spot.text().charAt(spot.brace() + 1) == '}' ? "\"zzUnknown\": 1" : "\"zzUnknown\": 1, ";
        String text = spot.text().substring(0, spot.brace() + 1) + member + spot.text().substring(spot.brace() + 1);
        String where = spot.sample() + " at " + spot.path();
        assertFalse(ScenarioSchemaTest.schemaErrors(text).isEmpty(), "the schema accepts an unknown member " + where);
        assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(text, spot.sample().toString()),
                () -> "the loader accepts an unknown member " + where);
    }
}
