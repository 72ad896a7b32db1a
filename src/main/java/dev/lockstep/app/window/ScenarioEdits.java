package dev.lockstep.app.window;

import dev.lockstep.app.window.panel.Dialogs;
import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.Requirements;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.protocol.ProtocolFactory;
import dev.lockstep.protocol.ProtocolParams;
import dev.lockstep.protocol.Protocols;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioWriter;
import dev.lockstep.session.Session;
import dev.lockstep.workspace.SessionFiles;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Changes that are not inputs of a run but edit its scenario (protocol, Δ, K, the nodes) or its seed: each
 * starts a new session from round 0, asking first if that discards the person's work.
 */
public final class ScenarioEdits {
    private final WindowState state;
    private final SessionLifecycle lifecycle;
    private final SessionDisplay display;
    private final Failures failures;
    private final StatusBar status;

    ScenarioEdits(WindowState state, SessionLifecycle lifecycle, SessionDisplay display, Failures failures, StatusBar status) {
        this.state = state;
        this.lifecycle = lifecycle;
        this.display = display;
        this.failures = failures;
        this.status = status;
    }

    /** Changes Δ: edits the scenario and starts over (asks first if the session has inputs). */
    public void changeDelta(int d) {
        if (state.syncing || d == state.session.scenario().delta()) return;
        editScenario("Δ = " + d, Map.of("delta", Integer.toString(d)), state.session.seed());
    }

    /**
     * Changes the protocol's whole-number parameter (LME's K, KRL's k): edits the scenario and
     * starts over (asks first if the session has inputs).
     */
    public void changeK(int value) {
        ProtocolFactory.Tunable t = SessionDisplay.tunable(state.session);
        if (state.syncing || t == null || value == SessionDisplay.currentK(state.session)) return;
        String key = t.name();
        JsonWriter w = new JsonWriter().beginObject();
        boolean done = false;
        if (state.session.scenario().json().get("params") instanceof JsonValue.Obj params) {
            for (var e : params.members().entrySet()) {
                if (e.getKey().equals(key)) {
                    w.field(key, value);
                    done = true;
                } else {
                    w.key(e.getKey()).value(e.getValue());
                }
            }
        }
        if (!done) w.field(key, value);
        editScenario(key + " = " + value, Map.of("params", w.endObject().toString()), state.session.seed());
    }

    /**
     * Runs another protocol on the same network: the scenario's nodes, positions, edges, dynamics,
     * scheduler and seed stay; {@code params} keeps only what the new protocol accepts, and the
     * channels become FIFO if it needs them. The loader decides whether the graph suits it (a
     * complete graph for the classical protocols); if not, its message is shown and nothing changes.
     */
    public void changeProtocol(String name) {
        Scenario sc = state.session.scenario();
        ProtocolFactory factory = Protocols.byName(name);
        if (state.syncing || factory == null || name.equals(sc.protocol().name())) return;
        Map<String, String> changes = new LinkedHashMap<>();
        changes.put("protocol", JsonWriter.quoted(name));
        changes.put("params", keptParams(sc, factory));
        String note = "";
        Requirements needs = requirementsOf(factory);
        if (needs.fifo() && sc.channels() != ChannelDiscipline.FIFO) {
            changes.put("channels", JsonWriter.quoted(ChannelDiscipline.FIFO.json()));
            note = " Channels set to FIFO: " + name + " needs them.";
        }
        String oneRegion = needs.regions() ? nodesInOneRegion(sc) : null;
        if (oneRegion != null) {
            changes.put("nodes", oneRegion);
            note += " Every node is in one neighbourhood, \"" + ONE_REGION + "\": " + name + " needs regions.";
        }
        editScenario("protocol = " + name, changes, state.session.seed(), note);
    }

    /** The scenario's parameters the new protocol accepts, as JSON, or null (none: no "params"). */
    private static String keptParams(Scenario sc, ProtocolFactory factory) {
        if (!(sc.json().get("params") instanceof JsonValue.Obj params)) return null;
        JsonWriter w = new JsonWriter().beginObject();
        int kept = 0;
        for (var e : params.members().entrySet()) {
            if (!factory.parameters().contains(e.getKey())) continue;
            w.key(e.getKey()).value(e.getValue());
            kept++;
        }
        return kept == 0 ? null : w.endObject().toString();
    }

    /** What the protocol, with its default parameters, assumes of the system. */
    private static Requirements requirementsOf(ProtocolFactory factory) {
        return factory.create(new ProtocolParams() {
            @Override public int integer(String key, int defaultValue, int min, int max) { return defaultValue; }

            @Override public String choice(String key, String... allowed) { return allowed[0]; }
        }).requirements();
    }

    /** The region a protocol that needs regions gets when the drawn network has none: one neighbourhood for all. */
    static final String ONE_REGION = "A";

    /**
     * The scenario's nodes with every node in region {@link #ONE_REGION}, or null when some node
     * already has a region or the scenario names areas (then its regions stand).
     */
    private static String nodesInOneRegion(Scenario sc) {
        if (sc.json().has("areas") || !(sc.json().get("nodes") instanceof JsonValue.Arr nodes)) return null;
        JsonWriter w = new JsonWriter().beginArray();
        for (JsonValue n : nodes.items()) {
            if (!(n instanceof JsonValue.Obj o) || o.has("region")) return null;
            w.beginObject();
            for (var e : o.members().entrySet()) w.key(e.getKey()).value(e.getValue());
            w.field("region", ONE_REGION).endObject();
        }
        return w.endArray().toString();
    }

    /** Starts over with another seed (asks first if the session has inputs). */
    public void changeSeed(long value) {
        if (value == state.session.seed()) return;
        confirmDiscard("Use seed " + value, () -> {
            lifecycle.show(Session.start(state.session.scenario(), value), state.sessionFile);
            status.say("Seed " + value + ": a new run from round 0.");
        });
    }

    private void editScenario(String what, Map<String, String> changes, long seedToUse) {
        editScenario(what, changes, seedToUse, "");
    }

    private void editScenario(String what, Map<String, String> changes, long seedToUse, String note) {
        Scenario edited;
        try {
            edited = ScenarioWriter.edited(state.session.scenario(), changes);
        } catch (ScenarioException e) {
            Dialogs.problems(state.stage, "Cannot set " + what, e.problems(), "The current session is unchanged.");
            display.syncControls();
            return;
        } catch (RuntimeException e) {
            failures.failed("Editing the scenario", e);
            display.syncControls();
            return;
        }
        confirmDiscard("Set " + what, () -> {
            lifecycle.show(Session.start(edited, seedToUse), null);
            status.say("Scenario edited: " + what + ". A new run from round 0." + note);
        });
    }

    private void confirmDiscard(String what, Runnable go) {
        int n = state.session.inputs().size() + state.session.waiting().size();
        if (n == 0) {
            failures.guarded(what, go);
            return;
        }
        state.pause();
        Dialogs.confirm(state.stage, what + " and start over?",
                "This starts a new run from round 0 and discards this session's " + n + " input" + (n == 1 ? "" : "s")
                        + " (save the session first to keep them).", what,
                () -> failures.guarded(what, go), display::syncControls);
    }

    /**
     * Adds a node at model position (x, y) to the current graph. The node set is fixed during a run,
     * so this starts a new run from round 0 with the graph as it is now (asks first if the session
     * has progress).
     */
    public void addNode(double x, double y) {
        Scenario edited;
        try {
            edited = SessionFiles.withNodeAdded(state.session, x, y);
        } catch (ScenarioException e) {
            Dialogs.problems(state.stage, "Cannot add a node", e.problems(), "The current session is unchanged.");
            return;
        }
        String added = edited.nodes().get(edited.nodes().size() - 1);
        confirmRestart("Add node " + added, () -> {
            lifecycle.show(Session.start(edited, state.session.seed()), null);
            status.say("Added node " + added + ": a new run from round 0 with the current graph.");
        });
    }

    /** Deletes node u and its edges from the current graph: a new run from round 0 (asks first if needed). */
    public void deleteNode(int u) {
        String gone = state.name(u);
        Scenario edited;
        try {
            edited = SessionFiles.withNodeRemoved(state.session, u);
        } catch (ScenarioException e) {
            Dialogs.problems(state.stage, "Cannot delete " + gone, e.problems(), "The current session is unchanged.");
            return;
        }
        confirmRestart("Delete node " + gone, () -> {
            lifecycle.show(Session.start(edited, state.session.seed()), null);
            status.say("Deleted node " + gone + ": a new run from round 0 with the current graph.");
        });
    }

    private void confirmRestart(String what, Runnable go) {
        Session session = state.session;
        if (session.round() == 0 && session.inputs().isEmpty() && session.waiting().isEmpty()) {
            failures.guarded(what, go);
            return;
        }
        state.pause();
        Dialogs.confirm(state.stage, what + " and start over?",
                "The node set is fixed during a run, so this starts a new run from round 0 with the graph as it is"
                        + " now (save the session first to keep this one).", what,
                () -> failures.guarded(what, go), display::syncControls);
    }
}
