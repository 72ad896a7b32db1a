package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;

/** Scenario texts and assertions on the problems the loader reports, shared by the loader's tests. */
final class ScenarioTexts {
    private ScenarioTexts() {}

    static final String FILE = "scenarios/bad.json";

    static final String BASE = """
            {
              "format": "lockstep-scenario/1",
              "protocol": "lme",
              "delta": 2,
              "nodes": [{"id": "u"}, {"id": "v"}, {"id": "w"}],
              "edges": [["u", "v"], ["v", "w"]]%s
            }
            """;

    /** The base scenario with extra top-level members, each on its own line. */
    static String scenario(String... extra) {
        StringBuilder sb = new StringBuilder();
        for (String e : extra) sb.append(",\n  ").append(e);
        return BASE.formatted(sb);
    }

    static Scenario load(String text) throws ScenarioException {
        return ScenarioLoader.parse(text, FILE);
    }

    static List<String> problems(String text) {
        try {
            ScenarioLoader.parse(text, FILE);
        } catch (ScenarioException e) {
            assertEquals(String.join("\n", e.problems()), e.getMessage());
            return e.problems();
        } catch (RuntimeException | StackOverflowError e) {
            throw new AssertionError("crashed instead of reporting a problem", e);
        }
        return fail("accepted:\n" + text);
    }

    /** "line:column" of the n-th (0-based) occurrence of {@code marker} in {@code text}. */
    static String at(String text, String marker, int nth) {
        int i = -1;
        for (int k = 0; k <= nth; k++) {
            i = text.indexOf(marker, i + 1);
            if (i < 0) throw new IllegalArgumentException("marker not found: " + marker);
        }
        int line = 1;
        int lineStart = 0;
        for (int k = 0; k < i; k++) {
            if (text.charAt(k) == '\n') {
                line++;
                lineStart = k + 1;
            }
        }
        return line + ":" + (i - lineStart + 1);
    }

    static String at(String text, String marker) {
        return at(text, marker, 0);
    }

    /**
     * Asserts that exactly one problem was reported, at the value that starts with {@code marker},
     * with the given JSON path, mentioning every fragment.
     */
    static void onlyProblem(String text, String marker, String path, String... fragments) {
        List<String> ps = problems(text);
        assertEquals(1, ps.size(), () -> "expected exactly one problem, got:\n" + String.join("\n", ps));
        assertProblem(ps, FILE + ":" + at(text, marker) + ": " + path + ": ", fragments);
    }

    static void assertProblem(List<String> ps, String prefix, String... fragments) {
        for (String p : ps) {
            if (!p.startsWith(prefix)) continue;
            boolean all = true;
            for (String f : fragments) all &= p.contains(f);
            if (all) return;
        }
        fail("no problem starts with <" + prefix + "> and mentions " + List.of(fragments) + "; got:\n"
                + String.join("\n", ps));
    }
}
