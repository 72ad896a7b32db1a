package dev.lockstep.app;

import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.session.Session;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The crash net: the session (scenario, seed, recorded inputs, round) is saved after every input
 * and every few seconds while running, atomically, to one file in the Lockstep home directory
 * (system property {@code lockstep.home}, default {@code ~/.lockstep}). A clean exit deletes it;
 * a start that finds it offers to restore it.
 */
final class Autosave {
    static final String FILE = "autosave.lockstep-session.json";
    static final long PERIOD_NANOS = 5_000_000_000L;

    private final Path file;
    private long lastSave = Long.MIN_VALUE;
    private String lastError;

    Autosave(Path home) {
        this.file = home.resolve(FILE);
    }

    static Path defaultHome() {
        String home = System.getProperty("lockstep.home");
        if (home != null && !home.isBlank()) return Path.of(home);
        return Path.of(System.getProperty("user.home"), ".lockstep");
    }

    Path file() {
        return file;
    }

    boolean exists() {
        return Files.isRegularFile(file);
    }

    /** Saves now; returns null or the reason it failed (reported once per distinct reason). */
    String save(Session s) {
        try {
            s.save(file);
            lastSave = System.nanoTime();
            lastError = null;
            return null;
        } catch (IOException | RuntimeException e) {
            String msg = "autosave failed: " + e.getMessage();
            boolean fresh = !msg.equals(lastError);
            lastError = msg;
            return fresh ? msg : null;
        }
    }

    /** Whether a periodic save is due. */
    boolean due() {
        return lastSave == Long.MIN_VALUE || System.nanoTime() - lastSave >= PERIOD_NANOS;
    }

    /**
     * Whether the autosave holds nothing a restore would give back: round 0, no input, and the
     * scenario and seed a start shows anyway. Read from the file without replaying it.
     */
    boolean holdsNothing(Scenario startScenario) {
        try {
            if (!(JsonParser.parse(Files.readString(file)) instanceof JsonValue.Obj o)) return false;
            return o.get("format") instanceof JsonValue.Str f && f.value().equals(Session.FORMAT)
                    && o.get("round") instanceof JsonValue.Num r && r.text().equals("0")
                    && o.get("inputs") instanceof JsonValue.Arr inputs && inputs.size() == 0
                    && o.get("seed") instanceof JsonValue.Num seed && seed.text().equals(Long.toString(startScenario.seed()))
                    && o.get("scenario") instanceof JsonValue.Obj scenario
                    && text(scenario).equals(text(startScenario.json()));
        } catch (IOException | JsonParseException | RuntimeException e) {
            return false; // unreadable: the restore reports what is wrong with it
        }
    }

    private static String text(JsonValue v) {
        return new JsonWriter().value(v).toString();
    }

    void delete() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // nothing to do: the next start offers to restore it
        }
    }

    /** Moves an unusable autosave aside (kept for the person to look at) and returns where. */
    Path setAside() throws IOException {
        Path aside = file.resolveSibling("autosave-unreadable-" + System.currentTimeMillis() + ".json");
        Files.move(file, aside);
        return aside;
    }
}
