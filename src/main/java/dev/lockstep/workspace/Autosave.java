package dev.lockstep.workspace;

import dev.lockstep.io.AtomicFile;
import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.FileKind;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.session.Input;
import dev.lockstep.session.Session;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The crash net: the session (scenario, seed, recorded inputs, round) is saved after every input
 * and every few seconds while running, to the Lockstep home directory (system property
 * {@code lockstep.home}, default {@code ~/.lockstep}). A clean exit deletes it; a start that finds
 * it offers to restore it.
 *
 * <p>Saving after every input must stay cheap in a long session (a full save of 10,000 inputs
 * takes about 10 ms), so the save is two files: a snapshot (a complete session file, written
 * atomically) and beside it an append-only journal, one line per save, each saying how the
 * recorded inputs changed since the line before ({@code keep} the first K, then these) and the
 * round reached. A save appends one short line; the snapshot is rewritten only when the journal
 * has grown as large as it (and when another session is shown). The journal's first line names
 * the snapshot it continues (size and CRC-32), so a journal left over from an older snapshot is
 * never applied to a newer one. A kill -9 can cut only the line being written, which is
 * ignored. At the next start the journal is folded into the snapshot, which then is an ordinary
 * session file.
 */
public final class Autosave {
    public static final String FILE = "autosave.lockstep-session.json";
    public static final String JOURNAL = "autosave.lockstep-session.journal";
    public static final String JOURNAL_FORMAT = "lockstep-autosave-journal/1";
    public static final long PERIOD_NANOS = 5_000_000_000L;
    /** The journal is folded into a new snapshot once it is this large, or as large as the snapshot. */
    public static final long MIN_JOURNAL_BYTES = 64 * 1024;

    private final Path file;
    private final Path journal;
    private long lastSave = Long.MIN_VALUE;
    private String lastError;

    /** The session the snapshot and journal describe, and its inputs and round as of the last line. */
    private Session session;
    private final List<Input> saved = new ArrayList<>();
    private int savedRound = -1;
    private FileChannel out;
    private long snapshotBytes;
    private long journalBytes;
    /** Bytes written by saves (snapshots and journal lines), for the cost measurement. */
    private long written;

    public Autosave(Path home) {
        this.file = home.resolve(FILE);
        this.journal = home.resolve(JOURNAL);
        recover();
    }

    public static Path defaultHome() {
        String home = System.getProperty("lockstep.home");
        if (home != null && !home.isBlank()) return Path.of(home);
        return Path.of(System.getProperty("user.home"), ".lockstep");
    }

    public Path file() {
        return file;
    }

    public boolean exists() {
        return Files.isRegularFile(file);
    }

    public long bytesWritten() {
        return written;
    }

    /** Saves now; returns null or the reason it failed (reported once per distinct reason). */
    public String save(Session s) {
        try {
            if (!append(s)) snapshot(s);
            lastSave = System.nanoTime();
            lastError = null;
            return null;
        } catch (IOException | RuntimeException e) {
            forget();
            String msg = "autosave failed: " + e.getMessage();
            boolean fresh = !msg.equals(lastError);
            lastError = msg;
            return fresh ? msg : null;
        }
    }

    /** Appends the change since the last save as one journal line; false if a new snapshot is due instead. */
    private boolean append(Session s) throws IOException {
        if (s != session || out == null || journalBytes >= Math.max(MIN_JOURNAL_BYTES, snapshotBytes)) return false;
        // another start folded (and removed) the journal: whatever is appended now would be lost
        if (!Files.exists(journal)) return false;
        List<Input> now = s.recorded();
        int keep = 0;
        int common = Math.min(saved.size(), now.size());
        while (keep < common && saved.get(keep).equals(now.get(keep))) keep++;
        if (keep == saved.size() && keep == now.size() && s.round() == savedRound) return true;
        String line = "{\"keep\":" + keep + ",\"round\":" + s.round() + ",\"inputs\":" + s.inputsJson(keep) + "}\n";
        ByteBuffer bytes = encode(line);
        int n = bytes.remaining();
        // one write per line: a kill -9 between lines loses nothing, one in the middle cuts only that line
        while (bytes.hasRemaining()) out.write(bytes);
        journalBytes += n;
        written += n;
        saved.subList(keep, saved.size()).clear();
        saved.addAll(now.subList(keep, now.size()));
        savedRound = s.round();
        return true;
    }

    /** A complete session file, and a new journal that continues it. */
    private void snapshot(Session s) throws IOException {
        forget();
        Files.createDirectories(file.toAbsolutePath().getParent());
        String text = s.toJson() + "\n";
        ByteBuffer bytes = encode(text);
        CRC32 crc = new CRC32();
        crc.update(bytes.duplicate());
        long size = bytes.remaining();
        AtomicFile.write(file, w -> w.write(text));
        String header = "{\"format\":\"" + JOURNAL_FORMAT + "\",\"snapshot\":{\"bytes\":" + size + ",\"crc32\":" + crc.getValue() + "}}\n";
        AtomicFile.write(journal, w -> w.write(header));
        out = FileChannel.open(journal, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        session = s;
        saved.addAll(s.recorded());
        savedRound = s.round();
        snapshotBytes = size;
        journalBytes = header.length();
        written += size + header.length();
    }

    /** Forgets the journal in progress: the next save writes a snapshot. */
    private void forget() {
        if (out != null) {
            try {
                out.close();
            } catch (IOException e) {
                // a new journal replaces it
            }
        }
        out = null;
        session = null;
        saved.clear();
        savedRound = -1;
    }

    private static ByteBuffer encode(String text) throws CharacterCodingException {
        return StandardCharsets.UTF_8.newEncoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).encode(CharBuffer.wrap(text));
    }

    /** Whether a periodic save is due. */
    public boolean due() {
        return lastSave == Long.MIN_VALUE || System.nanoTime() - lastSave >= PERIOD_NANOS;
    }

    /**
     * Whether the autosave holds nothing a restore would give back: round 0, no input, and the
     * scenario and seed a start shows anyway. Read from the file without replaying it.
     */
    public boolean holdsNothing(Scenario startScenario) {
        try {
            if (!(JsonParser.parse(Files.readString(file)) instanceof JsonValue.Obj o)) return false;
            return FileKind.declared(o) == FileKind.SESSION
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

    public void delete() {
        forget();
        try {
            Files.deleteIfExists(journal);
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // nothing to do: the next start offers to restore it
        }
    }

    /** Moves an unusable autosave aside (kept for the person to look at) and returns where. */
    public Path setAside() throws IOException {
        forget();
        String stamp = "autosave-unreadable-" + System.currentTimeMillis();
        Path aside = file.resolveSibling(stamp + ".json");
        Files.move(file, aside);
        if (Files.exists(journal)) Files.move(journal, file.resolveSibling(stamp + ".journal"));
        return aside;
    }

    /**
     * Folds a journal left by a run that did not exit cleanly into its snapshot, so that the
     * autosave is one ordinary session file again. A journal that does not continue the snapshot
     * (left by a crash between writing a snapshot and starting its journal) is dropped: the
     * snapshot is newer. If the snapshot cannot be read, both stay as they are for the restore
     * to report.
     */
    private void recover() {
        try {
            if (!Files.exists(journal)) return;
            if (!Files.isRegularFile(file)) {
                Files.deleteIfExists(journal);
                return;
            }
            String merged = current(file, journal);
            if (merged == null) return;
            AtomicFile.write(file, w -> w.write(merged));
            Files.deleteIfExists(journal);
        } catch (IOException | RuntimeException e) {
            // left as it is: the restore offer reports what is wrong with the snapshot
        }
    }

    /**
     * The autosaved session as one session file: the snapshot with the journal's lines applied
     * (the snapshot's own text if the journal does not continue it or is empty). Null if the
     * snapshot is not a session file this can extend.
     */
    public static String current(Path file, Path journal) throws IOException {
        byte[] snapshot = Files.readAllBytes(file);
        String text = new String(snapshot, StandardCharsets.UTF_8);
        if (!Files.exists(journal)) return text;
        List<String> lines = completeLines(Files.readAllBytes(journal));
        if (lines.isEmpty() || !continues(lines.get(0), snapshot)) return text;
        JsonValue root;
        try {
            root = JsonParser.parse(text);
        } catch (JsonParseException e) {
            return null;
        }
        if (!(root instanceof JsonValue.Obj o) || !(o.get("inputs") instanceof JsonValue.Arr arr) || !o.has("round")) return null;
        List<JsonValue> inputs = new ArrayList<>(arr.items());
        JsonValue round = o.get("round");
        boolean changed = false;
        for (String line : lines.subList(1, lines.size())) {
            JsonValue.Obj rec;
            try {
                if (!(JsonParser.parse(line) instanceof JsonValue.Obj r)) break;
                rec = r;
            } catch (JsonParseException e) {
                break; // cannot happen for a complete line; stop at the first that is not ours
            }
            if (!(rec.get("keep") instanceof JsonValue.Num k) || !k.isIntegral() || !(rec.get("round") instanceof JsonValue.Num r)
                    || !(rec.get("inputs") instanceof JsonValue.Arr add)) break;
            long keep = Long.parseLong(k.text());
            if (keep < 0 || keep > inputs.size()) break;
            inputs.subList((int) keep, inputs.size()).clear();
            inputs.addAll(add.items());
            round = r;
            changed = true;
        }
        if (!changed) return text;
        JsonWriter w = new JsonWriter().beginObject();
        for (var m : o.members().entrySet()) {
            w.key(m.getKey());
            if (m.getKey().equals("round")) {
                w.value(round);
            } else if (m.getKey().equals("inputs")) {
                w.beginArray();
                for (JsonValue in : inputs) w.value(in);
                w.endArray();
            } else {
                w.value(m.getValue());
            }
        }
        return w.endObject() + "\n";
    }

    /** The lines ended by a line break (a kill -9 may have cut the last one short). */
    private static List<String> completeLines(byte[] bytes) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                lines.add(new String(bytes, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        return lines;
    }

    private static boolean continues(String header, byte[] snapshot) {
        try {
            if (!(JsonParser.parse(header) instanceof JsonValue.Obj h) || !(h.get("format") instanceof JsonValue.Str f)
                    || !f.value().equals(JOURNAL_FORMAT) || !(h.get("snapshot") instanceof JsonValue.Obj s)
                    || !(s.get("bytes") instanceof JsonValue.Num b) || !(s.get("crc32") instanceof JsonValue.Num c)) return false;
            CRC32 crc = new CRC32();
            crc.update(snapshot);
            return b.text().equals(Long.toString(snapshot.length)) && c.text().equals(Long.toString(crc.getValue()));
        } catch (JsonParseException e) {
            return false;
        }
    }
}
