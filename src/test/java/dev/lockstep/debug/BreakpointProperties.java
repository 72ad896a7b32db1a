package dev.lockstep.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.Variable;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.History;
import dev.lockstep.session.Session;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * Every breakpoint kind stops at the first matching step. The oracle never asks
 * {@link Breakpoints#firstHit} or {@link Debugger#runUntil}: a reference session is stepped by
 * hand (begin a round, else one execution, else the end of the round) and records, per step, the
 * range of history events it added, its round, every node's variables and the longest pending
 * wait; event kinds are then found by scanning the reference history, state kinds by scanning
 * those per-step snapshots. The debugger then runs a fresh session of the same scenario and seed
 * and must stop at exactly that step and event.
 */
class BreakpointProperties {

    enum Kind { ROUND, NODE_VALUE, ANY_NODE_VALUE, SENT, RECEIVED, VIOLATION, WAIT, OR }

    /** One step of the reference run: history events [from, to), the round, the state after. */
    record Step(int from, int to, int round, Session.Position after, List<List<Variable>> variables, int longestWait) {}

    record Reference(Scenario scenario, long seed, int rounds, Session session, List<Step> steps) {
        History history() {
            return session.history();
        }

        Simulation sim() {
            return session.simulation();
        }
    }

    /** Where a condition must stop: the step's index and the stop's event index (Debugger.Stop's convention). */
    record Expected(int step, int eventIndex) implements Comparable<Expected> {
        @Override
        public int compareTo(Expected o) {
            return step != o.step ? Integer.compare(step, o.step) : Integer.compare(eventIndex, o.eventIndex);
        }
    }

    /** A condition in the command line's syntax and where it must stop (empty: never). */
    record Case(String text, Optional<Expected> expected) {}

    // ------------------------------------------------------------------ scenarios

    static final List<String> FLAWS = List.of("flaw-1-two-node-deadlock.json", "flaw-2-stuck-in-win.json",
            "flaw-3-stale-late-mark.json");

    /** A small random scenario: LME (corrected or as printed) on a random connected graph, or Ricart-Agrawala on a complete one. */
    static String randomScenario(Random r) {
        boolean ra = r.nextInt(4) == 0;
        int n = 2 + r.nextInt(ra ? 4 : 5);
        List<int[]> edges = new ArrayList<>();
        int[] degree = new int[n];
        double density = 0.3 + 0.6 * r.nextDouble();
        for (int u = 0; u < n; u++) {
            for (int v = u + 1; v < n; v++) {
                if (ra || v == u + 1 || r.nextDouble() < density) {
                    edges.add(new int[] {u, v});
                    degree[u]++;
                    degree[v]++;
                }
            }
        }
        int delta = 1;
        for (int d : degree) delta = Math.max(delta, d);
        String policy = switch (r.nextInt(4)) {
            case 0 -> "{\"policy\": \"synchronous\"}";
            case 1 -> "{\"policy\": \"semi-synchronous\", \"activation\": " + (0.3 + 0.6 * r.nextDouble()) + "}";
            case 2 -> "{\"policy\": \"sequential\"}";
            default -> "{\"policy\": \"asynchronous\", \"activation\": " + (0.3 + 0.6 * r.nextDouble()) + ", \"maxDuration\": "
                    + (1 + r.nextInt(3)) + "}";
        };
        StringBuilder sb = new StringBuilder("{\"format\": \"lockstep-scenario/1\", \"name\": \"random\", ");
        if (ra) {
            sb.append("\"protocol\": \"ricart-agrawala\", \"channels\": \"fifo\", ");
        } else {
            sb.append("\"protocol\": \"lme\", \"params\": {\"K\": ").append(2 + r.nextInt(6)).append(", \"variant\": \"")
                    .append(r.nextBoolean() ? "paper" : "corrected").append("\"}, ");
        }
        sb.append("\"delta\": ").append(delta + (ra ? 0 : r.nextInt(2))).append(", \"rounds\": 80, \"scheduler\": ").append(policy);
        sb.append(", \"nodes\": [");
        for (int u = 0; u < n; u++) sb.append(u == 0 ? "" : ", ").append("{\"id\": \"n").append(u).append("\"}");
        sb.append("], \"edges\": [");
        for (int i = 0; i < edges.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append("[\"n").append(edges.get(i)[0]).append("\", \"n").append(edges.get(i)[1]).append("\"]");
        }
        sb.append("]");
        if (!ra && r.nextBoolean()) {
            sb.append(", \"churn\": {\"cut\": ").append(0.15 * r.nextDouble()).append(", \"link\": ").append(0.3 * r.nextDouble())
                    .append(", \"until\": ").append(10 + r.nextInt(50)).append("}");
        }
        // a short lockout bound makes violations common enough to break on
        sb.append(", \"workload\": {\"lock\": ").append(0.1 + 0.6 * r.nextDouble()).append(", \"hold\": ").append(r.nextInt(4))
                .append("}, \"checks\": {\"lockoutBound\": ").append(4 + r.nextInt(30)).append("}}");
        return sb.toString();
    }

    static Scenario scenario(Random r, boolean flawsToo) throws ScenarioException {
        if (flawsToo && r.nextInt(3) == 0) return ScenarioLoader.load(Path.of("sample-runs", FLAWS.get(r.nextInt(FLAWS.size()))));
        String text = randomScenario(r);
        try {
            return ScenarioLoader.parse(text, "random.json");
        } catch (ScenarioException e) {
            throw new AssertionError("the generator wrote an invalid scenario: " + e.getMessage() + "\n" + text, e);
        }
    }

    // ------------------------------------------------------------------ the reference run

    /** One step, as the class comment of Debugger defines it, without calling it. */
    static void stepByHand(Session s) {
        if (!s.midRound()) s.beginRound();
        else s.stepAction(1);
    }

    static Reference reference(Scenario scenario, long seed, int rounds) {
        Session s = Session.start(scenario, seed);
        Simulation sim = s.simulation();
        List<Step> steps = new ArrayList<>();
        while (s.round() < rounds) {
            int from = s.history().size();
            int round = s.round();
            stepByHand(s);
            int to = s.history().size();
            for (History.Event e : s.history().events().subList(from, to)) {
                assertEquals(round, e.round(), "every event of a step belongs to the step's round: " + e);
            }
            List<List<Variable>> vars = new ArrayList<>();
            int longest = -1;
            for (int u = 0; u < sim.nodeCount(); u++) {
                vars.add(List.copyOf(sim.state(u).variables()));
                if (sim.status(u) == OperationStatus.LOCKING) longest = Math.max(longest, round - sim.requestRound(u));
            }
            steps.add(new Step(from, to, round, s.position(), vars, longest));
        }
        return new Reference(scenario, seed, rounds, s, steps);
    }

    /** The step holding history event {@code index}. */
    static int stepOf(Reference ref, int index) {
        for (int k = 0; k < ref.steps().size(); k++) {
            Step st = ref.steps().get(k);
            if (index >= st.from() && index < st.to()) return k;
        }
        throw new AssertionError("event " + index + " in no step");
    }

    /** Where a condition on the state after step k stops: the step's first event, or its tick. */
    static Expected atStep(Reference ref, int k) {
        Step st = ref.steps().get(k);
        return new Expected(k, st.to() > st.from() ? st.from() : st.from() - 1);
    }

    static Optional<Expected> firstStep(Reference ref, java.util.function.IntPredicate holdsAfterStep) {
        for (int k = 0; k < ref.steps().size(); k++) if (holdsAfterStep.test(k)) return Optional.of(atStep(ref, k));
        return Optional.empty();
    }

    static Optional<Expected> firstEvent(Reference ref, java.util.function.Predicate<History.Event> matches) {
        List<History.Event> events = ref.history().events();
        for (int i = 0; i < events.size(); i++) if (matches.test(events.get(i))) return Optional.of(new Expected(stepOf(ref, i), i));
        return Optional.empty();
    }

    static boolean sameDisplayed(String a, String b) {
        return a.replaceAll("\\s+", "").equalsIgnoreCase(b.replaceAll("\\s+", ""));
    }

    static String spellValue(String value, Random r) {
        if (value.equals("⊥")) return List.of("⊥", "bottom", "_|_", "bot", "BOTTOM").get(r.nextInt(5));
        if (value.equals("∅")) return List.of("∅", "{}", "empty").get(r.nextInt(3));
        return value;
    }

    // ------------------------------------------------------------------ conditions with their oracle

    static Case generate(Kind kind, Reference ref, Random r) {
        Simulation sim = ref.sim();
        int n = sim.nodeCount();
        List<History.Event> events = ref.history().events();
        switch (kind) {
            case ROUND -> {
                int target = r.nextInt(ref.rounds() + 3);
                return switch (r.nextInt(3)) {
                    case 0 -> new Case("round >= " + target, firstStep(ref, k -> ref.steps().get(k).round() >= target));
                    case 1 -> new Case("round > " + target, firstStep(ref, k -> ref.steps().get(k).round() > target));
                    default -> new Case("round = " + target, firstStep(ref, k -> ref.steps().get(k).round() == target));
                };
            }
            case NODE_VALUE, ANY_NODE_VALUE -> {
                // a value some node really has at some step, or (now and then) one it never has
                Step at = ref.steps().get(r.nextInt(ref.steps().size()));
                int u = r.nextInt(n);
                List<Variable> vars = at.variables().get(u);
                Variable v = vars.get(r.nextInt(vars.size()));
                String value = r.nextInt(6) == 0 ? "no-such-value" : v.value();
                boolean any = kind == Kind.ANY_NODE_VALUE;
                String who = any ? "*" : r.nextBoolean() ? sim.nodeName(u) : "#" + u;
                String name = r.nextInt(4) == 0 ? v.name().toUpperCase(Locale.ROOT) : v.name();
                if (!name.equals(v.name()) && !unambiguous(vars, name)) name = v.name();
                String text = who + "." + name + (r.nextBoolean() ? " = " : "==") + spellValue(value, r);
                return new Case(text, firstStep(ref, k -> {
                    List<List<Variable>> state = ref.steps().get(k).variables();
                    for (int w = any ? 0 : u; w < (any ? n : u + 1); w++) {
                        for (Variable x : state.get(w)) if (x.name().equals(v.name()) && sameDisplayed(x.value(), value)) return true;
                    }
                    return false;
                }));
            }
            case SENT, RECEIVED -> {
                boolean sent = kind == Kind.SENT;
                List<History.Executed> candidates = new ArrayList<>();
                for (History.Event e : events) {
                    if (e instanceof History.Executed x && (sent ? !x.sent().isEmpty() || !x.lostOnSend().isEmpty() : x.received() != null)) {
                        candidates.add(x);
                    }
                }
                String prefix;
                int by;
                if (candidates.isEmpty() || r.nextInt(8) == 0) {
                    prefix = "no-such-message";
                    by = r.nextBoolean() ? -1 : r.nextInt(n);
                } else {
                    History.Executed x = candidates.get(r.nextInt(candidates.size()));
                    List<History.Msg> msgs = new ArrayList<>(x.sent());
                    msgs.addAll(x.lostOnSend());
                    String label = sent ? msgs.get(r.nextInt(msgs.size())).label() : x.received().label();
                    prefix = label.substring(0, 1 + r.nextInt(label.length()));
                    by = switch (r.nextInt(3)) {
                        case 0 -> -1;
                        case 1 -> x.node();
                        default -> r.nextInt(n);
                    };
                }
                int node = by;
                String text = (sent ? "sent " : "received ") + prefix + (node < 0 ? "" : " by " + sim.nodeName(node));
                return new Case(text, firstEvent(ref, e -> {
                    if (!(e instanceof History.Executed x) || (node >= 0 && x.node() != node)) return false;
                    if (!sent) return x.received() != null && x.received().label().startsWith(prefix);
                    for (History.Msg m : x.sent()) if (m.label().startsWith(prefix)) return true;
                    for (History.Msg m : x.lostOnSend()) if (m.label().startsWith(prefix)) return true;
                    return false;
                }));
            }
            case VIOLATION -> {
                List<String> checks = Conditions.checkNames(sim);
                String check = r.nextInt(3) == 0 ? null : checks.get(r.nextInt(checks.size()));
                // prefer a check that really fired, when one did
                List<String> fired = new ArrayList<>();
                for (History.Event e : events) if (e instanceof History.Violated v) fired.add(v.violation().check());
                if (check != null && !fired.isEmpty() && r.nextBoolean()) check = fired.get(r.nextInt(fired.size()));
                String c = check;
                return new Case(c == null ? "violation" : "violation " + c,
                        firstEvent(ref, e -> e instanceof History.Violated v && (c == null || v.violation().check().equals(c))));
            }
            case WAIT -> {
                int longest = -1;
                for (Step st : ref.steps()) longest = Math.max(longest, st.longestWait());
                int bound = r.nextInt(Math.max(1, longest + 3));
                if (r.nextBoolean()) {
                    return new Case("wait >= " + (bound + 1), firstStep(ref, k -> ref.steps().get(k).longestWait() > bound));
                }
                return new Case("wait > " + bound, firstStep(ref, k -> ref.steps().get(k).longestWait() > bound));
            }
            default -> {
                List<Kind> simple = List.of(Kind.ROUND, Kind.NODE_VALUE, Kind.ANY_NODE_VALUE, Kind.SENT, Kind.RECEIVED,
                        Kind.VIOLATION, Kind.WAIT);
                int parts = 2 + r.nextInt(2);
                List<String> texts = new ArrayList<>();
                Optional<Expected> first = Optional.empty();
                for (int i = 0; i < parts; i++) {
                    Case c = generate(simple.get(r.nextInt(simple.size())), ref, r);
                    texts.add(c.text());
                    first = earliest(first, c.expected());
                }
                return new Case(String.join(r.nextBoolean() ? " or " : " || ", texts), first);
            }
        }
    }

    static boolean unambiguous(List<Variable> vars, String name) {
        int matches = 0;
        for (Variable v : vars) if (v.name().equalsIgnoreCase(name)) matches++;
        return matches == 1;
    }

    static Optional<Expected> earliest(Optional<Expected> a, Optional<Expected> b) {
        if (a.isEmpty()) return b;
        if (b.isEmpty()) return a;
        return a.get().compareTo(b.get()) <= 0 ? a : b;
    }

    // ------------------------------------------------------------------ the debugger against the oracle

    /** Runs the debugger on a fresh session and checks it stopped where expected (and nowhere if nothing is expected). */
    static Optional<Debugger.Stop> assertStopsAt(Reference ref, Breakpoints b, Optional<Expected> expected, String what) {
        Session s = Session.start(ref.scenario(), ref.seed());
        Optional<Debugger.Stop> stop = Debugger.runUntil(s, b, ref.rounds(), null);
        String context = what + "\n  scenario " + ref.scenario().json() + "\n  seed " + ref.seed();
        if (expected.isEmpty()) {
            assertTrue(stop.isEmpty(), () -> "stopped though the condition never holds: " + stop.get().event() + context);
            assertEquals(ref.rounds(), s.round(), "ran to the end" + context);
            return stop;
        }
        assertTrue(stop.isPresent(), () -> "did not stop; expected step " + expected.get() + context);
        Expected want = expected.get();
        Step step = ref.steps().get(want.step());
        assertEquals(step.after(), s.position(), "stopped right after the first matching step" + context);
        assertEquals(want.eventIndex(), stop.get().eventIndex(), "the matching event" + context);
        History.Event e = stop.get().event();
        if (step.to() == step.from()) {
            History.Tick t = assertInstanceOf(History.Tick.class, e, "a quiet step stops on a tick" + context);
            assertEquals(step.round(), t.round(), context);
            assertEquals(s.simulation().executionsBegun(), t.step(), context);
        } else {
            History.Event want2 = ref.history().events().get(want.eventIndex());
            assertEquals(want2.getClass(), e.getClass(), context);
            assertEquals(want2.step(), e.step(), context);
            assertEquals(want2.round(), e.round(), context);
            assertEquals(Debugger.describe(want2, ref.sim()), Debugger.describe(e, s.simulation()), context);
            assertEquals(e, s.history().events().get(stop.get().eventIndex()), "the stop's index points at its event" + context);
        }
        assertEquals(ref.history().events().subList(0, step.to()).size(), s.history().size(), "history up to the step" + context);
        return stop;
    }

    @Provide
    Arbitrary<Kind> kinds() {
        return Arbitraries.of(Kind.values());
    }

    @Property(tries = 160)
    void eachKindStopsAtTheFirstMatchingStep(@ForAll("kinds") Kind kind, @ForAll long generator) throws Exception {
        Random r = new Random(generator);
        Scenario scenario = scenario(r, kind == Kind.VIOLATION || kind == Kind.OR);
        Reference ref = reference(scenario, r.nextLong(), 20 + r.nextInt(50));
        Case c = generate(kind, ref, r);
        Condition condition = Conditions.parse(c.text(), ref.sim());
        Breakpoints b = new Breakpoints();
        b.add(condition);
        Statistics.label("kind").collect(kind);
        Statistics.label("stops").collect(kind + (c.expected().isPresent() ? " stops" : " never holds"));
        assertStopsAt(ref, b, c.expected(), c.text());
    }

    @Property(tries = 80)
    void severalBreakpointsStopAtTheEarliestEnabledOneAndToggledOffOnesNever(@ForAll long generator) throws Exception {
        Random r = new Random(generator);
        Reference ref = reference(scenario(r, true), r.nextLong(), 20 + r.nextInt(50));
        List<Kind> simple = List.of(Kind.ROUND, Kind.NODE_VALUE, Kind.ANY_NODE_VALUE, Kind.SENT, Kind.RECEIVED, Kind.VIOLATION, Kind.WAIT);
        Breakpoints b = new Breakpoints();
        List<Case> cases = new ArrayList<>();
        int count = 2 + r.nextInt(4);
        for (int i = 0; i < count; i++) {
            Case c = generate(simple.get(r.nextInt(simple.size())), ref, r);
            cases.add(c);
            b.add(Conditions.parse(c.text(), ref.sim()));
        }
        // toggle some off: twice (back on) or once (off)
        for (int i = 0; i < count; i++) {
            int flips = r.nextInt(3);
            for (int f = 0; f < flips; f++) b.toggle(i);
        }
        Optional<Expected> first = Optional.empty();
        Optional<Expected> firstOfAll = Optional.empty();
        for (int i = 0; i < count; i++) {
            firstOfAll = earliest(firstOfAll, cases.get(i).expected());
            if (b.enabled(i)) first = earliest(first, cases.get(i).expected());
        }
        Statistics.label("a disabled one would have stopped earlier").collect(!first.equals(firstOfAll));
        Optional<Debugger.Stop> stop = assertStopsAt(ref, b, first, cases.toString());
        if (stop.isPresent()) {
            // the hit names the first enabled breakpoint (in list order) that matches at that event
            int want = -1;
            for (int i = 0; i < count && want < 0; i++) {
                if (b.enabled(i) && cases.get(i).expected().equals(first)) want = i;
            }
            assertEquals(want, stop.get().hit().index(), cases.toString());
        }
    }

    // ------------------------------------------------------------------ examples

    /** Flaws 1 and 2 of the printed LME break on the violations the README describes. */
    @Test
    void violationsOfThePrintedAlgorithmStopTheRun() throws Exception {
        record Flaw(String file, String condition, int round) {}
        for (Flaw f : List.of(new Flaw("flaw-1-two-node-deadlock.json", "violation deadlock", 9),
                new Flaw("flaw-1-two-node-deadlock.json", "violation acyclic-dependencies", 9),
                new Flaw("flaw-2-stuck-in-win.json", "violation", 12),
                new Flaw("flaw-3-stale-late-mark.json", "violation acyclic-dependencies", 44),
                new Flaw("flaw-3-stale-late-mark.json", "violation deadlock", 56))) {
            Scenario s = ScenarioLoader.load(Path.of("sample-runs", f.file()));
            Reference ref = reference(s, s.seed(), s.rounds());
            Optional<Expected> expected = generateViolation(ref, f.condition());
            assertTrue(expected.isPresent(), f.toString());
            Breakpoints b = new Breakpoints();
            b.add(Conditions.parse(f.condition(), ref.sim()));
            Debugger.Stop stop = assertStopsAt(ref, b, expected, f.toString()).orElseThrow();
            assertEquals(f.round(), stop.event().round(), f.toString());
        }
    }

    static Optional<Expected> generateViolation(Reference ref, String text) {
        String check = text.equals("violation") ? null : text.substring("violation ".length());
        return firstEvent(ref, e -> e instanceof History.Violated v && (check == null || v.violation().check().equals(check)));
    }

    /** In flaw 2 nothing happens after round 12: time conditions must still stop, in the round they name. */
    @Test
    void timeConditionsStopInQuietRounds() throws Exception {
        Scenario s = ScenarioLoader.load(Path.of("sample-runs/flaw-2-stuck-in-win.json"));
        for (int round : new int[] {13, 20, 40}) {
            Session session = Session.start(s, s.seed());
            Breakpoints b = new Breakpoints();
            b.add(Conditions.roundReached(round));
            Debugger.Stop stop = Debugger.runUntil(session, b, s.rounds(), null).orElseThrow();
            assertEquals(round, stop.event().round());
            History.Tick tick = assertInstanceOf(History.Tick.class, stop.event());
            assertEquals("round " + round + " begins", tick.what());
            assertEquals(new Session.Position(round, 0), session.position());
        }
        // x's request is from round 0 and is never granted: it has waited more than 20 rounds in round 21
        Session session = Session.start(s, s.seed());
        Breakpoints b = new Breakpoints();
        b.add(Conditions.waitedMoreThan(20));
        assertEquals(21, Debugger.runUntil(session, b, s.rounds(), null).orElseThrow().event().round());
    }

    /** A breakpoint toggled off is skipped even where it alone would hold; toggled on again it stops there. */
    @Test
    void toggledOffBreakpointsDoNotStop() throws Exception {
        Scenario s = ScenarioLoader.load(Path.of("sample-runs/flaw-2-stuck-in-win.json"));
        Breakpoints b = new Breakpoints();
        int early = b.add(Conditions.parse("x.state = win", Session.start(s).simulation()));
        b.add(Conditions.violation("deadlock"));
        b.toggle(early);
        Debugger.Stop stop = Debugger.runUntil(Session.start(s), b, s.rounds(), null).orElseThrow();
        assertInstanceOf(History.Violated.class, stop.event());
        assertEquals(1, stop.hit().index());
        b.toggle(early);
        Debugger.Stop again = Debugger.runUntil(Session.start(s), b, s.rounds(), null).orElseThrow();
        assertEquals(early, again.hit().index());
        assertTrue(again.event().round() < stop.event().round());
    }
}
