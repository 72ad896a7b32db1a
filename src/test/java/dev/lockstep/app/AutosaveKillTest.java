package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.session.Session;
import dev.lockstep.workspace.Autosave;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of the window after N inputs, then a start and a restore: at most the last input is
 * lost, and the restored session replays to exactly the state the window had. The window runs in
 * a child JVM ({@link AutosaveKillChild}) that is really killed (SIGKILL: no shutdown hook, no
 * clean exit).
 */
class AutosaveKillTest {
    @TempDir
    Path home;

    @Test
    void killMinus9AfterNInputsLosesAtMostTheLastOne() throws Exception {
        int n = 44; // mid-drag: the last four inputs are moves on the way, before the drop
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw", "-Dprism.text=t2k",
                "-Djava.awt.headless=true", "-Dlockstep.home=" + home,
                "-cp", System.getProperty("java.class.path"), AutosaveKillChild.class.getName(), home.toString()));
        Path log = Files.createTempFile("lockstep-window", ".log");
        Process child = new ProcessBuilder(cmd).redirectError(log.toFile()).start();
        Map<Integer, String[]> printed = new HashMap<>(); // recorded input count -> the line
        int last = -1;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
             OutputStream go = child.getOutputStream()) {
            String line = out.readLine();
            assertEquals("READY", line, () -> "the window did not open: " + read(log));
            for (int i = 1; i <= n; i++) {
                line = out.readLine();
                assertTrue(line != null && line.startsWith("INPUT " + i + " "), "input " + i + ": " + line + "\n" + read(log));
                String[] f = line.split(" ");
                last = Integer.parseInt(f[2]);
                printed.put(last, f);
                if (i < n) {
                    go.write('\n');
                    go.flush();
                }
            }
            child.destroyForcibly(); // SIGKILL right after input n
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        } finally {
            child.destroyForcibly();
        }
        assertEquals(n, last, "the script records an input per step");
        assertTrue(Files.exists(home.resolve(Autosave.FILE)), "an autosave was left");

        // the next start: the journal is folded into the session file the restore offer reads
        new Autosave(home);
        Session restored = Session.load(home.resolve(Autosave.FILE));
        int k = restored.recorded().size();
        assertTrue(k >= last - 1 && k <= last, "the autosave holds " + k + " of the " + last + " inputs given");
        String[] then = printed.get(k);
        assertTrue(then != null, "the window printed its state after input " + k);
        assertEquals(then[3], AutosaveKillChild.sha(restored.toJson()), "the session file the window had after input " + k);
        assertEquals(then[4], AutosaveKillChild.replayed(restored.toJson()),
                "the restored run replays exactly as the window's session did, three rounds on as well");
        Files.deleteIfExists(log);
    }

    static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log)";
        }
    }
}
