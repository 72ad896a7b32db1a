package dev.lockstep.cli;

import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.TextFile;
import dev.lockstep.session.Session;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code replay SESSION}: re-runs a session file to its round and compares the violations it
 * reports with those the file records ({@code "violations"}, written by {@code check --out}).
 * A file that cannot be read or replayed is bad input; one that replays to other violations
 * diverges.
 */
final class SessionReplay {
    private SessionReplay() {}

    /**
     * @param round     the round the session reached
     * @param recorded  the recorded violations, one JSON object text each
     * @param replayed  the violations of the replay, likewise
     */
    record Result(int round, List<String> recorded, List<String> replayed) {
        boolean identical() {
            return recorded.equals(replayed);
        }

        /** The first index where the lists differ (the shorter list's size if one is a prefix of the other). */
        int firstDifference() {
            int i = 0;
            while (i < recorded.size() && i < replayed.size() && recorded.get(i).equals(replayed.get(i))) i++;
            return i;
        }
    }

    static Result verify(Path file) throws ScenarioException {
        String text = TextFile.read(file);
        JsonValue.Arr recorded;
        try {
            if (!(JsonParser.parse(text, ScenarioLoader.nodeLimit("$.scenario")) instanceof JsonValue.Obj o
                    && o.get("violations") instanceof JsonValue.Arr a)) {
                throw new ScenarioException(file + ": this session records no \"violations\" to compare with (check --out writes them);"
                        + " open it with gui, or replay a trace");
            }
            recorded = a;
        } catch (JsonParseException e) {
            throw new ScenarioException(e.describe(file.toString()));
        }
        Session session = Session.parse(text, file.toString());
        List<String> want = recorded.items().stream().map(v -> new JsonWriter().value(v).toString()).toList();
        JsonValue.Arr got;
        try {
            got = (JsonValue.Arr) JsonParser.parse(CounterexampleSession.violationsJson(session.simulation()));
        } catch (JsonParseException e) {
            throw new IllegalStateException(e);
        }
        List<String> have = got.items().stream().map(v -> new JsonWriter().value(v).toString()).toList();
        return new Result(session.round(), want, have);
    }
}
