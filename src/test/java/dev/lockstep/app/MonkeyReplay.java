package dev.lockstep.app;

import dev.lockstep.core.Envelope;
import dev.lockstep.core.Simulation;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.TraceReplay;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import dev.lockstep.workspace.SessionFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Whether the window's session still replays exactly: its trace (File › Export trace) replays
 * line for line with {@code lockstep replay}'s checker; the saved session reloads to the same
 * JSON and the same trace, byte for byte; and the reloaded session, taken to the moment the
 * window shows, is in the same state, with the same history up to it.
 */
final class MonkeyReplay {
    private MonkeyReplay() {}

    /** Null when everything matches, else what differs. Runs on the JavaFX thread (it reads the window's session). */
    static String problem(MainWindow window, Path dir) {
        try {
            Session live = window.session();
            Path liveTrace = dir.resolve("monkey-live.trace.jsonl");
            window.exportTraceTo(liveTrace);
            TraceReplay.Result r = TraceReplay.verify(liveTrace);
            if (!r.identical()) {
                return "replay: the exported trace does not replay at line " + r.differingLine() + ":\n  file:     " + r.expected()
                        + "\n  replayed: " + r.actual();
            }
            String json = live.toJson();
            Session again = Session.parse(json, "monkey.lockstep-session.json");
            if (!again.toJson().equals(json)) return "replay: the reloaded session saves differently:\n  " + json + "\n  " + again.toJson();
            Path againTrace = dir.resolve("monkey-reloaded.trace.jsonl");
            SessionFiles.exportTrace(again, againTrace);
            if (!Arrays.equals(Files.readAllBytes(liveTrace), Files.readAllBytes(againTrace))) {
                return "replay: the reloaded session's trace differs from the window's: " + firstDifference(liveTrace, againTrace);
            }
            again.jumpTo(live.position());
            String a = fingerprint(live);
            String b = fingerprint(again);
            if (!a.equals(b)) return "replay: at " + live.position() + " the reloaded session differs: " + firstDifference(a, b);
            return historyProblem(live, again);
        } catch (IOException | ScenarioException | RuntimeException e) {
            return "replay: " + e;
        }
    }

    /** Everything a moment shows: the graph, every node's state and channel, the checks, and the history so far. */
    static String fingerprint(Session s) {
        Simulation sim = s.simulation();
        StringBuilder b = new StringBuilder();
        b.append("position ").append(s.position()).append(" step ").append(sim.executionsBegun()).append(" violations ")
                .append(sim.violationCount()).append('\n');
        for (int u = 0; u < sim.nodeCount(); u++) {
            b.append(sim.nodeName(u)).append(" at ").append(sim.graph().x(u)).append(',').append(sim.graph().y(u))
                    .append(" ports ").append(Long.toBinaryString(sim.ports(u))).append(" peers");
            for (int p = 1; p <= sim.delta(); p++) b.append(' ').append(sim.peer(u, p)).append(':').append(sim.peerPort(u, p));
            b.append(' ').append(sim.status(u)).append(' ').append(sim.state(u).variables()).append(" calls ")
                    .append(sim.pendingCalls(u)).append(" transit");
            for (int i = 0; i < sim.channels().size(u); i++) {
                Envelope e = sim.channels().get(u, i);
                b.append(' ').append(e.id()).append('/').append(e.from()).append('/').append(e.toPort()).append('/')
                        .append(e.sentRound()).append('/').append(e.message().label());
            }
            b.append('\n');
        }
        return b.toString();
    }

    /**
     * The reloaded session's history must be the window's up to now: the same events in the same
     * order, the window's further ones (its branch's known future) all later than now.
     */
    private static String historyProblem(Session live, Session again) {
        List<History.Event> mine = live.history().events();
        List<History.Event> theirs = again.history().events();
        if (theirs.size() > mine.size()) return "replay: the reloaded session has " + theirs.size() + " events, the window " + mine.size();
        for (int i = 0; i < theirs.size(); i++) {
            if (!event(mine.get(i)).equals(event(theirs.get(i)))) {
                return "replay: event " + i + " differs:\n  window:   " + event(mine.get(i)) + "\n  reloaded: " + event(theirs.get(i));
            }
        }
        long now = live.simulation().executionsBegun();
        for (History.Event e : mine.subList(theirs.size(), mine.size())) {
            if (e.step() < now) return "replay: the window's history has an event the reloaded session lacks: " + event(e);
        }
        return null;
    }

    private static String event(History.Event e) {
        if (e instanceof History.Executed x) {
            return "executed " + x.step() + " r" + x.round() + " " + x.node() + " " + x.action() + " "
                    + (x.received() == null ? "-" : x.received().id()) + " " + Arrays.toString(x.draws()) + " " + x.narration() + " "
                    + x.sent() + " " + x.state();
        }
        return e.toString();
    }

    private static String firstDifference(Path a, Path b) throws IOException {
        return firstDifference(Files.readString(a), Files.readString(b));
    }

    static String firstDifference(String a, String b) {
        List<String> x = a.lines().toList();
        List<String> y = b.lines().toList();
        for (int i = 0; i < Math.max(x.size(), y.size()); i++) {
            String p = i < x.size() ? x.get(i) : "(end)";
            String q = i < y.size() ? y.get(i) : "(end)";
            if (!p.equals(q)) return "line " + (i + 1) + ":\n  window:   " + p + "\n  reloaded: " + q;
        }
        return "(same lines)";
    }
}
