package dev.lockstep.session;

import dev.lockstep.core.Call;
import dev.lockstep.core.Choice;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Engine;
import dev.lockstep.core.adversary.Manual;
import dev.lockstep.core.adversary.ScheduleException;
import dev.lockstep.core.adversary.SchedulerPolicy;
import dev.lockstep.json.JsonValue;
import dev.lockstep.scenario.FileKind;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.TextFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;

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
    public static final String FORMAT = FileKind.SESSION.format();
    static final int CHECKPOINT_EVERY = Timeline.CHECKPOINT_EVERY;

    private final Scenario scenario;
    private final long seed;
    private final Simulation sim;
    private final InteractiveAdversary adversary;
    private final Engine engine;
    private final Timeline timeline;
    private final HistoryRecorder recorder;
    private final Stepper stepper;
    private final List<Runnable> travelListeners = new ArrayList<>();

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

    private Session(Scenario scenario, long seed) {
        this.scenario = scenario;
        this.seed = seed;
        this.sim = new Simulation(scenario.config(seed));
        this.adversary = new InteractiveAdversary(scenario.adversary());
        this.engine = new Engine(sim, adversary);
        this.timeline = new Timeline(new Checkpoint(sim.copy(), adversary.policy(), adversary.workload(), 0));
        timeline.replayWith(branch -> new Replay(scenario.adversary(), branch));
        this.recorder = new HistoryRecorder(sim, timeline);
        this.stepper = new Stepper(sim, adversary, engine, timeline, recorder);
        sim.addListener(recorder);
    }

    private BranchState current() {
        return timeline.current();
    }

    /** What happened on this branch so far (up to its furthest position), event by event. */
    public History history() {
        return current().history;
    }

    /**
     * Keeps at most about {@code events} of this branch's recorded events in memory (and of the
     * branches forked from it): older ones are replayed from their checkpoint when read. By
     * default a quarter of Java's heap at a kilobyte an event; the bench measures with less.
     */
    public void historyInMemory(int events) {
        if (events < 1) throw new IllegalArgumentException("events in memory: at least 1, not " + events);
        current().history.keep(events);
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
    public List<Input> inputs() { return List.copyOf(current().inputs.subList(0, current().applied)); }

    /** Inputs of this branch not applied yet: waiting for the next round, or the branch's future after going back. */
    public List<Input> waiting() { return List.copyOf(current().inputs.subList(current().applied, current().inputs.size())); }

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
        return new Position(sim.round(), stepper.done());
    }

    /** The furthest position this branch has reached (going back keeps its future). */
    public Position furthest() {
        return new Position(current().furthestRound, current().furthestDone);
    }

    /** Whether the run is at an earlier position than the branch has reached (time travel). */
    public boolean inPast() {
        return stepper.inPast();
    }

    /** Executions begun before round r started (known for every round this branch reached). */
    public long roundStart(int r) {
        return current().roundStart.get(r);
    }

    /** Executions begun in total at the furthest position of this branch. */
    public long furthestStep() {
        return current().furthestStep();
    }

    /** The position right after the {@code step}-th execution (0: the very start). */
    public Position positionOfStep(long step) {
        if (step <= 0) return Position.START;
        int r = current().roundOfStep(step);
        return new Position(r, (int) (step - current().roundStart.get(r)));
    }

    /** Rounds whose start changed the topology on this branch (for "back to the previous topology change"). */
    public List<Integer> topologyRounds() {
        return List.copyOf(current().topologyRounds);
    }

    // ---------------------------------------------------------------- stepping

    /** Runs the rest of the current round (all of it if it has not begun). */
    public void stepRound() {
        stepper.stepRound();
    }

    /** Begins the current round if it has not begun: its start-of-round changes and calls happen now. */
    public void beginRound() {
        stepper.begin();
    }

    /**
     * Executes the next planned action, ending rounds and beginning new ones as needed; returns
     * false if {@code maxRounds} rounds passed with nothing to execute.
     */
    public boolean stepAction(int maxRounds) {
        return stepper.stepAction(maxRounds);
    }

    /** Runs whole rounds until the simulation reaches {@code round}. */
    public void runUntil(int round) {
        while (sim.round() < round) stepRound();
    }

    // ---------------------------------------------------------------- time travel

    /** Goes to a position of this branch (forward: runs there; past the furthest: extends the branch). */
    public void jumpTo(Position target) {
        // forward too: a checkpoint between here and the target saves re-executing the rounds before it
        Integer checkpoint = current().checkpoints.floorKey(target.round());
        if (target.compareTo(position()) < 0 || (checkpoint != null && checkpoint > sim.round())) restoreBefore(target);
        stepper.runTo(target.round(), target.done());
        recorder.resync();
        for (Runnable r : travelListeners) r.run();
    }

    /** Goes to the position right after the {@code step}-th execution of this branch. */
    public void jumpToStep(long step) {
        jumpTo(positionOfStep(step));
    }

    private void restoreBefore(Position target) {
        stepper.restore(current().checkpoints.floorEntry(target.round()).getValue());
    }

    /** One execution back (to the previous round's last execution if this round has none yet). */
    public void stepBackAction() {
        Position p = position();
        if (p.done() > 0) {
            jumpTo(new Position(p.round(), p.done() - 1));
            return;
        }
        for (int r = p.round() - 1; r >= 0; r--) {
            int count = (int) (current().roundStart.get(r + 1) - current().roundStart.get(r));
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
        Integer r = p.done() > 0 ? current().topologyRounds.floor(p.round()) : current().topologyRounds.lower(p.round());
        if (r == null) return false;
        jumpTo(new Position(r, 0));
        return true;
    }

    // ---------------------------------------------------------------- branches

    /** Every branch: the current one and those left behind by forks. */
    public List<Branch> branches() {
        List<Branch> out = new ArrayList<>();
        for (BranchState b : timeline.all()) {
            out.add(new Branch(b.id, b.name, new Position(b.furthestRound, b.furthestDone), b == current()));
        }
        return out;
    }

    /** Returns to another branch, at its furthest position. */
    public void switchTo(int branchId) {
        if (branchId == current().id) return;
        timeline.switchTo(branchId);
        Position furthest = furthest();
        restoreBefore(furthest);
        stepper.runTo(furthest.round(), furthest.done());
        recorder.resync();
        for (Runnable r : travelListeners) r.run();
    }

    /**
     * Starts a new branch here, named {@code name}, even at the branch's frontier: what follows is
     * recorded on it, and the branch left (with its future, if any) can be returned to. For a
     * scenario played out from this moment, such as an exploration's counterexample.
     */
    public void fork(String name) {
        Position here = position();
        timeline.fork(here.round(), here.done(), sim.executionsBegun());
        current().name = name;
        for (Runnable r : travelListeners) r.run();
    }

    /** Before an input in the past: the branch's future is kept as another branch; this one ends here. */
    private void forkIfInPast() {
        if (!inPast()) return;
        Position here = position();
        timeline.fork(here.round(), here.done(), sim.executionsBegun());
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

    /** The adversary crashes a node (at the start of the next round if the round is under way). */
    public void crash(int node) {
        submit(new Input.Crash(0, -1, node));
    }

    /** The adversary destroys a message in transit to {@code to} (at the start of the next round if need be). */
    public void lose(int to, long message) {
        submit(new Input.Lose(0, -1, to, message));
    }

    public void call(int node, Call call) {
        submit(new Input.CallInput(0, -1, node, call));
    }

    public void policy(SchedulerPolicy policy) {
        submit(new Input.Policy(0, -1, policy));
    }

    public void workload(boolean on) {
        submit(new Input.WorkloadSwitch(0, -1, on));
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
        return stepper.place(input); // after forkIfInPast the run is at its branch's frontier
    }

    // ---------------------------------------------------------------- files

    /** The session as {@code lockstep-session/1} JSON (the current branch, all its inputs). */
    public String toJson() {
        return SessionFormat.toJson(scenario, seed, sim.round(), current().inputs, sim);
    }

    /**
     * The current branch's recorded inputs, applied and waiting, in file order (a read-only view;
     * it changes with the session). For incremental saving: see {@link #inputsJson(int)}.
     */
    public List<Input> recorded() {
        return Collections.unmodifiableList(current().inputs);
    }

    /** The recorded inputs from index {@code from} on, as the JSON array a session file holds. */
    public String inputsJson(int from) {
        return SessionFormat.inputsJson(current().inputs.subList(from, current().inputs.size()), sim);
    }

    /** Writes the session file atomically (a crash never leaves half a file); creates missing directories. */
    public void save(Path file) throws IOException {
        SessionFormat.save(file, toJson());
    }

    public static Session load(Path file) throws ScenarioException {
        return parse(TextFile.read(file), file.toString());
    }

    public static Session load(Path file, Loading loading) throws ScenarioException {
        return parse(TextFile.read(file), file.toString(), loading);
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
        SessionFormat.Contents contents = SessionFormat.read(text, file);
        int round = contents.round();
        JsonValue.Arr list = contents.inputs();
        Session s = start(contents.scenario(), contents.seed());
        InputReader reader = new InputReader(file, s.sim);
        for (JsonValue item : list.items()) s.current().inputs.add(reader.read(item));
        try {
            while (s.sim.round() < round) {
                s.stepRound();
                loading.roundDone(s.sim.round(), round);
            }
        } catch (CancellationException e) {
            throw e;
        } catch (RuntimeException e) {
            int i = s.stepper.applyingIndex();
            if (i >= 0) throw reader.problem(list.get(i), "this input cannot be applied: " + e.getMessage());
            if (e instanceof ScheduleException se) {
                throw new ScenarioException(se.source() + ": " + se.getMessage());
            }
            throw new ScenarioException(file + ": the session cannot be replayed: " + e.getMessage());
        }
        return s;
    }
}
