package dev.lockstep.app;

import dev.lockstep.core.Call;
import dev.lockstep.scenario.Summary;
import dev.lockstep.session.Session;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * The window in a JVM of its own, for {@link AutosaveKillTest} to kill: opens the application the
 * normal way (Lockstep home = args[0], headless Monocle from the command line), then gives inputs
 * through the paths a person's gestures take (the graph's gesture listener: drag, link, cut; the
 * node menu's Lock/Unlock), stepping between them. After input i it prints
 * {@code INPUT i <recorded inputs> <sha of the session file> <fingerprint of its replay>} and
 * waits for a line on stdin before the next.
 */
public final class AutosaveKillChild {
    private AutosaveKillChild() {}

    public static void main(String[] args) throws Exception {
        Path home = Path.of(args[0]);
        CompletableFuture<MainWindow> opened = new CompletableFuture<>();
        Platform.startup(() -> {
            LockstepApp app = new LockstepApp(LockstepApp.Options.defaults().withHome(home));
            app.start(new Stage());
            opened.complete(app.window());
        });
        MainWindow window = opened.get();
        BufferedReader go = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        System.out.println("READY");
        for (int i = 1; ; i++) {
            int k = i;
            String line = onFx(() -> {
                input(window, k);
                Session s = window.session();
                return "INPUT " + k + " " + s.recorded().size() + " " + sha(s.toJson()) + " " + replayed(s.toJson());
            });
            System.out.println(line);
            System.out.flush();
            if (go.readLine() == null) return;
        }
    }

    /**
     * Input i of a fixed script of blocks of eight: Lock, a drag (four moves on the way, one at
     * the drop), a cut, a link; a round now and then. Every step records exactly one input.
     */
    static void input(MainWindow w, int i) {
        Session s = w.session();
        int n = s.simulation().nodeCount();
        int u = (i / 8 * 7) % n;
        int v = (u + 1 + i / 8 % 3) % n;
        int j = i % 8;
        if (i % 3 == 0) w.stepRound();
        switch (j) {
            case 0 -> w.call(u, i % 16 == 0 ? Call.LOCK : Call.UNLOCK);
            case 1, 2, 3, 4, 5 -> w.gestures().nodeDragged(u, s.scenario().x(u) + 0.1 * j, s.scenario().y(u) - 0.05 * j, j == 5);
            case 6 -> w.gestures().cutRequested(u, v);
            default -> w.gestures().linkRequested(u, v);
        }
    }

    /**
     * What the session file replays to, and on to three rounds later, in this JVM: the restore
     * in another must give the same. (A session file holds the round reached, not the position in
     * it: its replay stops before beginning that round, where the window had begun it to apply
     * the input; so the file's replay is the reference, not the window's own state.)
     */
    static String replayed(String sessionJson) throws Exception {
        Session r = Session.parse(sessionJson, "autosave");
        StringBuilder sb = new StringBuilder(Summary.of(r.simulation()).toText(r.simulation()));
        sb.append(r.simulation().executionsBegun()).append(' ').append(r.history().size()).append('\n');
        r.runUntil(r.round() + 3);
        sb.append(Summary.of(r.simulation()).toText(r.simulation())).append(r.simulation().executionsBegun());
        return sha(sb.toString());
    }

    static <T> T onFx(java.util.concurrent.Callable<T> c) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(c.call());
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        return f.get();
    }

    static String sha(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
