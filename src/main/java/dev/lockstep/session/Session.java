package dev.lockstep.session;

import dev.lockstep.core.Action;
import dev.lockstep.core.Call;
import dev.lockstep.core.Choice;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.Manual;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.io.AtomicFile;
import dev.lockstep.json.JsonParseException;
import dev.lockstep.json.JsonParser;
import dev.lockstep.json.JsonValue;
import dev.lockstep.json.JsonWriter;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * An interactive session: a scenario run step by step while a person changes the topology, calls
 * Lock and Unlock, switches the scheduling policy or the workload, or plays the adversary by hand
 * (manual mode). Every such input is recorded with its position and applied there, so a session
 * is a function of scenario, seed and inputs: a session file (those three and the round reached)
 * restores it exactly — and so does autosave after a crash.
 *
 * <p>Time travel: the session keeps a checkpoint (a copy of the simulation) at the start of every
 * {@value #CHECKPOINT_EVERY}th round and the step at which each round started. Going to any past
 * position restores the nearest earlier checkpoint and re-executes deterministically (with the
 * listeners muted). An input given in the past starts a new branch; the old future is kept as a
 * branch that can be returned to.
 *
 * <p>Not thread-safe: the GUI calls it from its application thread.
 */
public final class Session {
    public static final String FORMAT = "lockstep-session/1";
    static final int CHECKPOINT_EVERY = 16;

    private final Scenario scenario;
    private final long seed;
    private final Simulation sim;
    private final InteractiveAdversary adversary;
    private final Engine engine;

    /** The current branch: its inputs, how many are applied, its checkpoints and round starts. */
    private BranchState current;
    private final List<BranchState> others = new ArrayList<>();
    private int nextBranchId = 2;
    private final List<Runnable> travelListeners = new ArrayList<>();
    /** Whether the operation under way is new territory (its events go into the history). */
    private boolean recording = true;
    /** Each node's state before its next execution (for narration). */
    private final NodeState[] before;


    /** A position of the run: in {@code round}, after {@code done} of its executions (-1: not begun). */
    public record Position(int round, int done) implements Comparable<Position> {
        public static final Position START = new Position(0, -1);

        @Override
        public int compareTo(Position o) {
            return round != o.round ? Integer.compare(round, o.round) : Integer.compare(done, o.done);
        }
    }

    /** A branch as the window lists it. */
    public record Branch(int id, String name, Position furthest, boolean current) {}

    private static final class Checkpoint {
        final Simulation sim;
        final SchedulerPolicy policy;
        final boolean workload;
        final int applied;

        Checkpoint(Simulation sim, SchedulerPolicy policy, boolean workload, int applied) {
            this.sim = sim;
            this.policy = policy;
            this.workload = workload;
            this.applied = applied;
        }
    }

    private static final class BranchState {
        int id;
        String name;
        List<Input> inputs = new ArrayList<>();
        int applied;
        TreeMap<Integer, Checkpoint> checkpoints = new TreeMap<>();
        /** roundStart.get(r): executions begun before round r started. */
        List<Long> roundStart = new ArrayList<>();
        Position furthest = Position.START;
        TreeSet<Integer> topologyRounds = new TreeSet<>();
        History history = new History();
        /**
         * eventsAfter[k]: the history's size right after the k-th execution, as the branch first
         * went past it (-1: not known). Events stamped k can follow that moment (asynchronous
         * executions taking effect at the round's end, inputs given there), so stamps cannot cut
         * the history there.
         */
        int[] eventsAfter = new int[0];

        void markEvents(long step) {
            if (step <= 0 || step >= Integer.MAX_VALUE) return;
            int k = (int) step;
            if (k >= eventsAfter.length) {
                int old = eventsAfter.length;
                eventsAfter = java.util.Arrays.copyOf(eventsAfter, Math.max(k + 1, old * 2));
                java.util.Arrays.fill(eventsAfter, old, eventsAfter.length, -1);
            }
            eventsAfter[k] = history.size();
        }

        /** The branch's past up to {@code at} (history: the events up to {@code step}), as a new branch. */
        BranchState copyUpTo(Position at, int keepInputs, long step) {
            BranchState b = new BranchState();
            int known = at.done() > 0 && step < eventsAfter.length ? eventsAfter[(int) step] : -1;
            b.history = known >= 0 ? history.firstEvents(known) : history.copyUpTo(step, at.round(), at.done() >= 0);
            b.eventsAfter = java.util.Arrays.copyOf(eventsAfter, (int) Math.min(eventsAfter.length, step + 1));
            b.inputs = new ArrayList<>(inputs.subList(0, keepInputs));
            b.applied = keepInputs;
            b.checkpoints = new TreeMap<>(checkpoints.headMap(at.round(), true));
            b.roundStart = new ArrayList<>(roundStart.subList(0, Math.min(roundStart.size(), at.round() + 1)));
            b.furthest = at;
            b.topologyRounds = new TreeSet<>(topologyRounds.headSet(at.round(), true));
            return b;
        }
    }

    private Session(Scenario scenario, long seed) {
        this.scenario = scenario;
        this.seed = seed;
        this.sim = new Simulation(scenario.config(seed));
        this.adversary = new InteractiveAdversary(scenario.adversary());
        this.engine = new Engine(sim, adversary);
        current = new BranchState();
        current.id = 1;
        current.name = "main";
        current.roundStart.add(0L);
        current.checkpoints.put(0, checkpoint());
        before = new NodeState[sim.nodeCount()];
        resyncBefore();
        sim.addListener(new Recorder());
    }

    /** Records the branch's history (only for new territory: re-executions are not recorded twice). */
    private final class Recorder implements SimulationListener {
        private void add(History.Event e) {
            if (recording) current.history.add(e);
        }

        private long step() {
            return sim.executionsBegun();
        }

        @Override public void linked(int round, int u, int pu, int v, int pv) {
            current.topologyRounds.add(round);
            add(new History.Linked(step(), round, u, pu, v, pv));
        }

        @Override public void cut(int round, int u, int pu, int v, int pv, List<dev.lockstep.core.Envelope> lost) {
            current.topologyRounds.add(round);
            List<History.Msg> msgs = new ArrayList<>();
            for (dev.lockstep.core.Envelope e : lost) msgs.add(History.msg(e));
            add(new History.Cut(step(), round, u, pu, v, pv, List.copyOf(msgs)));
        }

        @Override public void moved(int round, int u, double x, double y) {
            current.topologyRounds.add(round);
            add(new History.Moved(step(), round, u, x, y));
        }

        @Override public void called(int round, int u, Call call) {
            add(new History.Called(step(), round, u, call.json()));
        }

        @Override public void refused(int round, String change, int u, int v, String reason) {
            add(new History.Refused(step(), round, change, u, v, reason));
        }

        @Override public void executed(dev.lockstep.core.ExecutionRecord r) {
            int u = r.node();
            // stamped when it takes effect (an asynchronous one began earlier: see its startRound)
            if (recording) current.history.add(History.executed(sim, r, step(), before[u]));
            before[u] = r.state().copy();
        }

        @Override public void violated(dev.lockstep.core.Violation v) {
            add(new History.Violated(step(), v.round(), v));
        }
    }

    /** After travel: an execution under way is narrated, when it takes effect, from before it began. */
    private void resyncBefore() {
        for (int u = 0; u < before.length; u++) before[u] = sim.stateBefore(u).copy();
    }

    /** What happened on this branch so far (up to its furthest position), event by event. */
    public History history() {
        return current.history;
    }

    /** A new session at round 0. */
    public static Session start(Scenario scenario, long seed) {
        return new Session(scenario, seed);
    }

    public static Session start(Scenario scenario) {
        return start(scenario, scenario.seed());
    }

    public Scenario scenario() { return scenario; }

    public long seed() { return seed; }

    public Simulation simulation() { return sim; }

    public int round() { return sim.round(); }

    /** Every input applied so far on this branch, in order. */
    public List<Input> inputs() { return List.copyOf(current.inputs.subList(0, current.applied)); }

    /** Inputs of this branch not applied yet: waiting for the next round, or the branch's future after going back. */
    public List<Input> waiting() { return List.copyOf(current.inputs.subList(current.applied, current.inputs.size())); }

    public SchedulerPolicy policy() { return adversary.policy(); }

    public boolean workload() { return adversary.workload(); }

    /** Whether the person is the adversary (the manual policy): every execution is chosen by hand. */
    public boolean manual() { return adversary.policy() instanceof Manual; }

    /** The scenario's unit-disk radius, or 0 for explicit edges (dragging then moves only the node). */
    public double unitDisk() { return adversary.base().unitDisk(); }

    /** Whether the current round has begun (its start-of-round changes and plan are done). */
    public boolean midRound() { return engine.midRound(); }

    /** Called after every jump, branch switch or fork (the window redraws everything then). */
    public void onTravel(Runnable r) {
        travelListeners.add(r);
    }

    // ---------------------------------------------------------------- positions

    /** Where the run is now. */
    public Position position() {
        return new Position(sim.round(), engine.midRound() ? sim.executionsThisRound() : -1);
    }

    /** The furthest position this branch has reached (going back keeps its future). */
    public Position furthest() {
        return current.furthest;
    }

    /** Whether the run is at an earlier position than the branch has reached (time travel). */
    public boolean inPast() {
        return position().compareTo(current.furthest) < 0;
    }

    /** Executions begun before round r started (known for every round this branch reached). */
    public long roundStart(int r) {
        return current.roundStart.get(r);
    }

    /** Executions begun in total at the furthest position of this branch. */
    public long furthestStep() {
        Position f = current.furthest;
        return current.roundStart.get(f.round()) + Math.max(0, f.done());
    }

    /** The position right after the {@code step}-th execution (0: the very start). */
    public Position positionOfStep(long step) {
        if (step <= 0) return Position.START;
        List<Long> starts = current.roundStart;
        int lo = 0;
        int hi = Math.min(starts.size(), current.furthest.round() + 1) - 1;
        // the round containing execution `step`: the largest r with roundStart(r) < step
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (starts.get(mid) < step) lo = mid;
            else hi = mid - 1;
        }
        return new Position(lo, (int) (step - starts.get(lo)));
    }

    /** Rounds whose start changed the topology on this branch (for "back to the previous topology change"). */
    public List<Integer> topologyRounds() {
        return List.copyOf(current.topologyRounds);
    }

    // ---------------------------------------------------------------- stepping

    private Checkpoint checkpoint() {
        return new Checkpoint(sim.copy(), adversary.policy(), adversary.workload(), current.applied);
    }

    private boolean atFrontier() {
        return position().compareTo(current.furthest) >= 0;
    }

    private void advanceFrontier() {
        Position p = position();
        if (p.compareTo(current.furthest) > 0) {
            current.furthest = p;
            if (p.done() > 0) current.markEvents(sim.executionsBegun());
        }
    }

    private Input nextInput() {
        return current.applied < current.inputs.size() ? current.inputs.get(current.applied) : null;
    }

    private void begin() {
        if (engine.midRound()) return;
        recording = atFrontier();
        engine.beginRound();
        int round = sim.round();
        for (Input in = nextInput(); in != null && in.round() == round && in.step() < 0; in = nextInput()) {
            apply(in);
            current.applied++;
            engine.replan();
        }
        advanceFrontier();
    }

    /** The next execution of the begun round: the person's next manual choice if due, else the plan's. */
    private boolean executeNext() {
        recording = atFrontier();
        long step = sim.executionsBegun();
        int round = sim.round();
        for (Input in = nextInput(); in != null && in.round() == round && in.step() == step; in = nextInput()) {
            current.applied++;
            apply(in);
            if (in instanceof Input.Execute) {
                advanceFrontier();
                return true;
            }
            if (in instanceof Input.Policy) engine.dropRest(); // as when it was given, mid-round
        }
        boolean did = engine.executeNext();
        if (did) advanceFrontier();
        return did;
    }

    private void endRound() {
        recording = atFrontier();
        engine.finishRound();
        int r = sim.round();
        if (current.roundStart.size() == r) current.roundStart.add(sim.executionsBegun());
        if (r % CHECKPOINT_EVERY == 0 && !current.checkpoints.containsKey(r)) current.checkpoints.put(r, checkpoint());
        advanceFrontier();
    }

    /** Runs the rest of the current round (all of it if it has not begun). */
    public void stepRound() {
        begin();
        while (executeNext()) {
            // the plan's (or the recorded manual) executions, one after another
        }
        endRound();
    }

    /** Begins the current round if it has not begun: its start-of-round changes and calls happen now. */
    public void beginRound() {
        begin();
    }

    /**
     * Executes the next planned action, ending rounds and beginning new ones as needed; returns
     * false if {@code maxRounds} rounds passed with nothing to execute.
     */
    public boolean stepAction(int maxRounds) {
        for (int i = 0; i < maxRounds; i++) {
            begin();
            if (executeNext()) return true;
            endRound();
        }
        return false;
    }

    /** Runs whole rounds until the simulation reaches {@code round}. */
    public void runUntil(int round) {
        while (sim.round() < round) stepRound();
    }

    // ---------------------------------------------------------------- time travel

    /** Goes to a position of this branch (forward: runs there; past the furthest: extends the branch). */
    public void jumpTo(Position target) {
        // forward too: a checkpoint between here and the target saves re-executing the rounds before it
        Integer checkpoint = current.checkpoints.floorKey(target.round());
        if (target.compareTo(position()) < 0 || (checkpoint != null && checkpoint > sim.round())) restoreBefore(target);
        runTo(target);
        resyncBefore();
        for (Runnable r : travelListeners) r.run();
    }

    /** Re-executes forward to {@code target} (listeners muted while on known history). */
    private void runTo(Position target) {
        boolean quiet = target.compareTo(current.furthest) <= 0;
        sim.mute(quiet);
        try {
            while (sim.round() < target.round()) stepRound();
            if (target.done() >= 0) {
                begin();
                while (sim.executionsThisRound() < target.done() && executeNext()) {
                    // up to the target execution
                }
            }
        } finally {
            sim.mute(false);
        }
    }

    /** Goes to the position right after the {@code step}-th execution of this branch. */
    public void jumpToStep(long step) {
        jumpTo(positionOfStep(step));
    }

    private void restoreBefore(Position target) {
        Map.Entry<Integer, Checkpoint> e = current.checkpoints.floorEntry(target.round());
        Checkpoint cp = e.getValue();
        sim.restore(cp.sim);
        engine.reset();
        adversary.policy(cp.policy);
        adversary.workload(cp.workload);
        current.applied = cp.applied;
    }

    /** One execution back (to the previous round's last execution if this round has none yet). */
    public void stepBackAction() {
        Position p = position();
        if (p.done() > 0) {
            jumpTo(new Position(p.round(), p.done() - 1));
            return;
        }
        for (int r = p.round() - 1; r >= 0; r--) {
            int count = (int) (current.roundStart.get(r + 1) - current.roundStart.get(r));
            if (count > 0) {
                jumpTo(new Position(r, count));
                return;
            }
        }
        jumpTo(Position.START);
    }

    /** Back to the start of this round, or of the previous one if already at a start. */
    public void stepBackRound() {
        Position p = position();
        jumpTo(new Position(p.done() >= 0 ? p.round() : Math.max(0, p.round() - 1), -1));
    }

    /** Back to the last round (before now) whose start changed the topology, right after that change. */
    public boolean backToTopologyChange() {
        Position p = position();
        Integer r = p.done() > 0 ? current.topologyRounds.floor(p.round()) : current.topologyRounds.lower(p.round());
        if (r == null) return false;
        jumpTo(new Position(r, 0));
        return true;
    }

    // ---------------------------------------------------------------- branches

    /** Every branch: the current one and those left behind by forks. */
    public List<Branch> branches() {
        List<Branch> out = new ArrayList<>();
        List<BranchState> all = new ArrayList<>(others);
        all.add(current);
        all.sort((a, b) -> Integer.compare(a.id, b.id));
        for (BranchState b : all) out.add(new Branch(b.id, b.name, b.furthest, b == current));
        return out;
    }

    /** Returns to another branch, at its furthest position. */
    public void switchTo(int branchId) {
        if (branchId == current.id) return;
        BranchState target = null;
        for (BranchState b : others) if (b.id == branchId) target = b;
        if (target == null) throw new IllegalArgumentException("no branch " + branchId);
        others.remove(target);
        others.add(current);
        current = target;
        restoreBefore(current.furthest);
        runTo(current.furthest);
        resyncBefore();
        for (Runnable r : travelListeners) r.run();
    }

    /** Before an input in the past: the branch's future is kept as another branch; this one ends here. */
    private void forkIfInPast() {
        if (!inPast()) return;
        Position here = position();
        BranchState fork = current.copyUpTo(here, current.applied, sim.executionsBegun());
        fork.id = nextBranchId++;
        fork.name = "branch " + fork.id + " (from round " + here.round() + ")";
        others.add(current);
        current = fork;
        for (Runnable r : travelListeners) r.run();
    }

    // ---------------------------------------------------------------- inputs

    public void move(int node, double x, double y) {
        submit(new Input.Move(0, -1, node, x, y));
    }

    public void link(int u, int v) {
        submit(new Input.Link(0, -1, u, v, -1, -1));
    }

    /** A link on ports chosen by hand (manual mode: "which ports it takes"). */
    public void link(int u, int v, int pu, int pv) {
        submit(new Input.Link(0, -1, u, v, pu, pv));
    }

    public void cut(int u, int v) {
        submit(new Input.Cut(0, -1, u, v));
    }

    public void call(int node, Call call) {
        submit(new Input.CallInput(0, -1, node, call));
    }

    public void policy(SchedulerPolicy policy) {
        submit(new Input.Policy(0, -1, policy));
    }

    public void workload(boolean on) {
        submit(new Input.Workload(0, -1, on));
    }

    /** Manual mode: executes the chosen enabled choice now (draws fixed if the choice has them). */
    public void execute(Choice c) {
        String label = sim.actions().get(c.action()).label();
        submit(new Input.Execute(0, 0, c.node(), label, c.message() == null ? -1 : c.message().id(), c.draws()));
    }

    /**
     * Applies an input now if its kind allows it here (beginning the round if needed), else keeps it
     * for the start of the next round. Returns true if applied now. An input given in the past
     * starts a new branch.
     */
    public boolean submit(Input input) {
        forkIfInPast();
        if (input instanceof Input.Execute && !manual()) {
            throw new IllegalStateException("choosing executions by hand needs manual mode");
        }
        boolean started = engine.midRound() && sim.executionsThisRound() > 0;
        if (started && !input.midRound()) {
            current.inputs.add(input.at(sim.round() + 1, -1)); // after anything already waiting
            return false;
        }
        begin();
        recording = true; // after forkIfInPast the run is at its branch's frontier
        Input placed = started || input instanceof Input.Execute ? input.at(sim.round(), sim.executionsBegun())
                : input.at(sim.round(), -1);
        current.inputs.add(current.applied, placed);
        current.applied++;
        apply(placed);
        if (placed.step() < 0) {
            engine.replan();
        } else if (placed instanceof Input.Policy) {
            engine.dropRest(); // the rest of this round as the new policy (or the person) decides
        }
        advanceFrontier();
        return true;
    }

    /** The input being applied (null between inputs): a failure while loading a session names it. */
    private Input applying;

    private void apply(Input in) {
        applying = in;
        applyNow(in);
        applying = null;
    }

    private void applyNow(Input in) {
        if (in instanceof Input.Move m) {
            adversary.base().move(sim, m.node(), m.x(), m.y());
        } else if (in instanceof Input.Link l) {
            if (l.pu() >= 0 && l.pv() >= 0) sim.link(l.u(), l.pu(), l.v(), l.pv());
            else sim.link(l.u(), l.v());
        } else if (in instanceof Input.Cut c) {
            sim.cut(c.u(), c.v());
        } else if (in instanceof Input.CallInput c) {
            sim.call(c.node(), c.call());
        } else if (in instanceof Input.Policy p) {
            adversary.policy(p.policy());
        } else if (in instanceof Input.Workload w) {
            adversary.workload(w.on());
        } else if (in instanceof Input.Execute e) {
            Choice c = choice(e);
            String why = sim.drawsProblem(c); // checked here: the simulation's own check comes mid-execution
            if (why != null) throw new IllegalArgumentException(why);
            sim.execute(c);
        }
    }

    private Choice choice(Input.Execute e) {
        List<Action<NodeState>> actions = sim.actions();
        int a = -1;
        for (int i = 0; i < actions.size(); i++) if (actions.get(i).label().equals(e.action())) a = i;
        if (a < 0) throw new IllegalArgumentException("no action " + e.action());
        dev.lockstep.core.Envelope m = null;
        if (e.message() >= 0) {
            int i = sim.channels().indexOf(e.node(), e.message());
            if (i < 0) throw new IllegalArgumentException("message #" + e.message() + " is not in transit to " + sim.nodeName(e.node()));
            m = sim.channels().get(e.node(), i);
        }
        return new Choice(e.node(), a, m, e.draws() == null ? null : e.draws().clone());
    }

    // ---------------------------------------------------------------- files

    /** The session as {@code lockstep-session/1} JSON (the current branch, all its inputs). */
    public String toJson() {
        JsonWriter w = new JsonWriter();
        w.beginObject().field("format", FORMAT).key("scenario").value(scenario.json()).field("seed", seed)
                .field("round", sim.round()).key("inputs").beginArray();
        for (Input in : current.inputs) writeInput(w, in);
        return w.endArray().endObject().toString();
    }

    /**
     * The current branch's recorded inputs, applied and waiting, in file order (a read-only view;
     * it changes with the session). For incremental saving: see {@link #inputsJson(int)}.
     */
    public List<Input> recorded() {
        return java.util.Collections.unmodifiableList(current.inputs);
    }

    /** The recorded inputs from index {@code from} on, as the JSON array a session file holds. */
    public String inputsJson(int from) {
        JsonWriter w = new JsonWriter().beginArray();
        for (Input in : current.inputs.subList(from, current.inputs.size())) writeInput(w, in);
        return w.endArray().toString();
    }

    private void writeInput(JsonWriter w, Input in) {
        w.beginObject().field("round", in.round());
        if (in.step() >= 0) w.field("step", in.step());
        if (in instanceof Input.Move m) {
            w.field("move", name(m.node())).key("to").beginArray().value(m.x()).value(m.y()).endArray();
        } else if (in instanceof Input.Link l) {
            w.key("link").beginArray().value(name(l.u())).value(name(l.v())).endArray();
            if (l.pu() >= 0) w.key("ports").beginArray().value(l.pu()).value(l.pv()).endArray();
        } else if (in instanceof Input.Cut c) {
            w.key("cut").beginArray().value(name(c.u())).value(name(c.v())).endArray();
        } else if (in instanceof Input.CallInput c) {
            w.field("node", name(c.node())).field("call", c.call().json());
        } else if (in instanceof Input.Policy p) {
            w.key("scheduler");
            ScenarioLoader.writePolicy(w, p.policy());
        } else if (in instanceof Input.Workload wl) {
            w.field("workload", wl.on());
        } else if (in instanceof Input.Execute e) {
            w.field("execute", name(e.node())).field("action", e.action());
            if (e.message() >= 0) w.field("message", e.message());
            if (e.draws() != null) {
                w.key("draws").beginArray();
                for (int d : e.draws()) w.value(d);
                w.endArray();
            }
        }
        w.endObject();
    }

    private String name(int u) {
        return sim.nodeName(u);
    }

    /** Writes the session file atomically (a crash never leaves half a file); creates missing directories. */
    public void save(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        String json = toJson();
        AtomicFile.write(file, out -> {
            out.write(json);
            out.write('\n');
        });
    }

    public static Session load(Path file) throws ScenarioException {
        return parse(ScenarioLoader.read(file), file.toString());
    }

    public static Session load(Path file, Loading loading) throws ScenarioException {
        return parse(ScenarioLoader.read(file), file.toString(), loading);
    }

    /**
     * Told after every round of the re-run that brings a loaded session to its round, which can be
     * long (a file may say round 10^8): a caller shows progress, and stops the load by throwing
     * {@link java.util.concurrent.CancellationException} from here, which {@link #parse} lets through.
     */
    @FunctionalInterface
    public interface Loading {
        Loading NONE = (done, total) -> {};

        void roundDone(int done, int total);
    }

    /** Rebuilds a session from its JSON: the scenario re-run with the same seed and inputs. */
    public static Session parse(String text, String file) throws ScenarioException {
        return parse(text, file, Loading.NONE);
    }

    /** {@link #parse(String, String)}, telling {@code loading} each round of the re-run. */
    public static Session parse(String text, String file, Loading loading) throws ScenarioException {
        JsonValue root;
        try {
            root = JsonParser.parse(text, ScenarioLoader.nodeLimit("$.scenario"));
        } catch (JsonParseException e) {
            throw new ScenarioException(e.describe(file));
        }
        if (!(root instanceof JsonValue.Obj o) || !(o.get("format") instanceof JsonValue.Str f) || !f.value().equals(FORMAT)) {
            throw new ScenarioException(file + ": not a session file: expected \"format\": \"" + FORMAT + "\"");
        }
        if (!(o.get("scenario") instanceof JsonValue.Obj scenarioJson) || !o.has("seed") || !o.has("round")
                || !(o.get("inputs") instanceof JsonValue.Arr list)) {
            throw new ScenarioException(file + ": a session needs \"scenario\", \"seed\", \"round\" and \"inputs\"");
        }
        Scenario scenario = ScenarioLoader.fromJson(scenarioJson, file + " (embedded scenario)");
        InputReader reader = new InputReader(file, null);
        long seed = reader.integer(o.get("seed"), "the seed", Long.MIN_VALUE, Long.MAX_VALUE);
        int round = (int) reader.integer(o.get("round"), "the round reached", 0, InputReader.MAX_ROUND);
        Session s = start(scenario, seed);
        reader = new InputReader(file, s.sim);
        for (JsonValue item : list.items()) s.current.inputs.add(reader.read(item));
        try {
            while (s.sim.round() < round) {
                s.stepRound();
                loading.roundDone(s.sim.round(), round);
            }
        } catch (java.util.concurrent.CancellationException e) {
            throw e;
        } catch (RuntimeException e) {
            int i = s.applying == null ? -1 : indexOf(s.current.inputs, s.applying);
            if (i >= 0) throw reader.problem(list.get(i), "this input cannot be applied: " + e.getMessage());
            if (e instanceof dev.lockstep.core.adversary.ScheduleException se) {
                throw new ScenarioException(se.source() + ": " + se.getMessage());
            }
            throw new ScenarioException(file + ": the session cannot be replayed: " + e.getMessage());
        }
        return s;
    }

    private static int indexOf(List<Input> inputs, Input in) {
        for (int i = 0; i < inputs.size(); i++) if (inputs.get(i) == in) return i;
        return -1;
    }

}
