package dev.lockstep.scenario;

import dev.lockstep.core.Call;
import dev.lockstep.core.Choice;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.Sent;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.Variable;
import dev.lockstep.core.Violation;
import dev.lockstep.json.JsonWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

/**
 * Writes a trace ({@code lockstep-trace/1}, JSON Lines): a header with the scenario and seed, one
 * record per topology change, call, application step, action execution and violation, and a closing summary.
 * Together with its header a trace replays exactly ({@link TraceReplay}).
 */
public final class TraceWriter implements SimulationListener {
    public static final String FORMAT = FileKind.TRACE.format();

    private final Writer out;
    private final Simulation sim;

    /** Writes the header at once. */
    public TraceWriter(Writer out, Scenario scenario, Simulation sim, int rounds) {
        this.out = out;
        this.sim = sim;
        JsonWriter w = new JsonWriter();
        w.beginObject().field("format", FORMAT).key("scenario").value(scenario.json())
                .field("seed", sim.config().seed()).field("rounds", rounds).endObject();
        line(w);
    }

    private String name(int u) {
        return sim.nodeName(u);
    }

    private JsonWriter record(int round, String type) {
        return new JsonWriter().beginObject().field("round", round).field("type", type);
    }

    private void line(JsonWriter w) {
        try {
            out.write(w.toString());
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void linked(int round, int u, int pu, int v, int pv) {
        line(record(round, "link").field("u", name(u)).field("v", name(v))
                .key("ports").beginArray().value(pu).value(pv).endArray().endObject());
    }

    @Override
    public void refused(int round, String change, int u, int v, String reason) {
        line(record(round, "refused").field("change", change).field("u", name(u)).field("v", name(v))
                .field("reason", reason).endObject());
    }

    @Override
    public void refusedLink(int round, int u, int pu, int v, int pv, String reason) {
        line(record(round, "refused").field("change", "link").field("u", name(u)).field("v", name(v))
                .key("ports").beginArray().value(pu).value(pv).endArray()
                .field("reason", reason).endObject());
    }

    @Override
    public void refusedLoss(int round, int from, int to, String label, String reason) {
        line(record(round, "refused").field("change", "lose").field("u", name(from)).field("v", name(to))
                .field("message", label).field("reason", reason).endObject());
    }

    @Override
    public void lost(int round, Envelope e) {
        line(record(round, "lose").field("id", e.id()).field("from", name(e.from())).field("to", name(e.to()))
                .field("port", e.toPort()).field("msg", e.message().label()).endObject());
    }

    @Override
    public void crashed(int round, int u) {
        line(record(round, "crash").field("node", name(u)).endObject());
    }

    @Override
    public void cut(int round, int u, int pu, int v, int pv, List<Envelope> lost) {
        JsonWriter w = record(round, "cut").field("u", name(u)).field("v", name(v))
                .key("ports").beginArray().value(pu).value(pv).endArray()
                .key("lost").beginArray();
        for (Envelope e : lost) envelope(w, e);
        line(w.endArray().endObject());
    }

    @Override
    public void moved(int round, int u, double x, double y) {
        line(record(round, "move").field("node", name(u)).key("to").beginArray().value(x).value(y).endArray().endObject());
    }

    @Override
    public void called(int round, int u, Call call) {
        line(record(round, "call").field("node", name(u)).field("call", call.json()).endObject());
    }

    @Override
    public void applicationStep(int round, int u, String kind, int partner, String sentence) {
        JsonWriter w = record(round, "app").field("node", name(u)).field("step", kind);
        if (partner >= 0) w.field("with", name(partner));
        line(w.field("says", sentence).endObject());
    }

    @Override
    public void started(int round, int u, Choice choice, String label, int[] draws, int until) {
        JsonWriter w = record(round, "start").field("node", name(u)).field("action", label);
        received(w, choice.message());
        draws(w, draws);
        line(w.field("until", until).endObject());
    }

    @Override
    public void executed(ExecutionRecord r) {
        JsonWriter w = record(r.round(), "action").field("node", name(r.node())).field("action", r.label());
        if (r.asynchronous()) w.field("started", r.startRound());
        received(w, r.received());
        draws(w, r.draws());
        if (r.disconnected() != 0) w.field("D", PortSet.format(r.disconnected()));
        w.key("sent").beginArray();
        for (Sent s : r.sent()) {
            w.beginObject();
            if (s.envelope() != null) w.field("id", s.envelope().id());
            w.field("port", s.port()).field("msg", s.message().label());
            if (s.lost()) w.field("lost", true);
            w.endObject();
        }
        w.endArray().key("state").beginObject();
        for (Variable v : r.state().variables()) w.field(v.name(), v.value());
        line(w.endObject().endObject());
    }

    @Override
    public void violated(Violation v) {
        JsonWriter w = new JsonWriter();
        ViolationRecord.write(w, v, sim);
        line(w);
    }

    private void received(JsonWriter w, Envelope e) {
        if (e == null) return;
        w.key("recv").beginObject().field("id", e.id()).field("from", name(e.from())).field("port", e.toPort())
                .field("msg", e.message().label()).endObject();
    }

    private static void draws(JsonWriter w, int[] draws) {
        if (draws == null || draws.length == 0) return;
        w.key("draws").beginArray();
        for (int d : draws) w.value(d);
        w.endArray();
    }

    private void envelope(JsonWriter w, Envelope e) {
        w.beginObject().field("id", e.id()).field("to", name(e.to())).field("port", e.toPort())
                .field("msg", e.message().label()).endObject();
    }

    /** The closing record: the run's summary. */
    public void finish() {
        JsonWriter w = new JsonWriter().beginObject().field("round", sim.round()).field("type", "end").key("summary");
        Summary.of(sim).writeJson(w, sim);
        line(w.endObject());
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
