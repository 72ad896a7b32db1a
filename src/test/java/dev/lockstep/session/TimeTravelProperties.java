package dev.lockstep.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Action;
import dev.lockstep.core.Call;
import dev.lockstep.core.Choice;
import dev.lockstep.core.Configuration;
import dev.lockstep.core.Envelope;
import dev.lockstep.core.NodeState;
import dev.lockstep.core.SeededRandom;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.adversary.Manual;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.scenario.Scenario;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.scenario.TraceWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Time travel, branches and the person as adversary, against fresh runs of the same inputs. */
class TimeTravelProperties {

    @Provide
    Arbitrary<String> samples() {
        return Arbitraries.of("ring-8.json", "unit-disk-swarm-30.json", "grid-5x5-churn.json", "ricart-agrawala-complete-5.json");
    }

    static Scenario sample(String file) throws Exception {
        return ScenarioLoader.load(Path.of("sample-runs", file));
    }

    /** A session with random inputs of every kind at random moments, run to {@code rounds}. */
    static Session played(Scenario scenario, long seed, int rounds) {
        return played(scenario, seed, rounds, History.defaultKeep());
    }

    /** The same, its history keeping at most {@code keep} events in memory (older ones replayed when read). */
    static Session played(Scenario scenario, long seed, int rounds, int keep) {
        Session s = Session.start(scenario, seed);
        s.history().keep(keep);
        SeededRandom r = new SeededRandom(seed * 31 + 7);
        Simulation sim = s.simulation();
        int n = sim.nodeCount();
        while (s.round() < rounds) {
            switch (r.nextInt(8)) {
                case 0 -> s.move(r.nextInt(n), sim.graph().x(r.nextInt(n)) + r.nextDouble(), sim.graph().y(r.nextInt(n)));
                case 1 -> s.call(r.nextInt(n), Call.LOCK);
                case 2 -> {
                    int u = r.nextInt(n);
                    long ports = sim.ports(u) & ~1L;
                    if (ports != 0) s.cut(u, sim.peer(u, Long.numberOfTrailingZeros(ports)));
                }
                case 3 -> s.stepAction(5);
                case 4 -> s.policy(r.nextInt(2) == 0 ? new Sequential() : new SemiSynchronous(0.6));
                default -> s.stepRound();
            }
        }
        return s;
    }

    /** The session's file with its "round" set to 0 (the scenario inside it may have "round"s of its own). */
    static String fromRoundZero(Session s) {
        String json = s.toJson();
        java.util.regex.Pattern top = java.util.regex.Pattern.compile("(\"seed\":-?\\d+,\"round\":)\\d+");
        assertTrue(top.matcher(json).find(), "the session's own seed and round");
        return top.matcher(json).replaceFirst("$10");
    }

    /** The same inputs from scratch (no checkpoints, no going back), forward to the position. */
    static Session fresh(Session original, Session.Position to) throws Exception {
        Session s = Session.parse(fromRoundZero(original), "fresh");
        s.jumpTo(to);
        return s;
    }

    @Property(tries = 25)
    void jumpingToAStepEqualsAFreshRunToIt(@ForAll("samples") String file, @ForAll long seed,
                                           @ForAll @IntRange(min = 20, max = 80) int rounds,
                                           @ForAll @IntRange(min = 0, max = 1000) int where) throws Exception {
        Session s = played(sample(file), seed, rounds);
        long target = s.furthestStep() * where / 1000;
        s.jumpToStep(target);
        assertEquals(target, s.simulation().executionsBegun());
        Session f = fresh(s, s.position());
        assertEquals(s.position(), f.position());
        assertEquals(f.simulation().configuration(), s.simulation().configuration());
        assertEquals(f.simulation().stats().messagesSent(), s.simulation().stats().messagesSent());
        assertEquals(f.simulation().violations(), s.simulation().violations());
    }

    @Property(tries = 25)
    void steppingBackThenForwardIsTheIdentity(@ForAll("samples") String file, @ForAll long seed,
                                              @ForAll @IntRange(min = 10, max = 60) int rounds) throws Exception {
        Session s = played(sample(file), seed, rounds);
        s.stepAction(5);
        Session.Position here = s.position();
        Configuration before = s.simulation().configuration();
        long actions = s.simulation().stats().actions();
        s.stepBackAction();
        assertTrue(s.position().compareTo(here) < 0);
        s.stepBackRound();
        s.jumpTo(here);
        assertEquals(here, s.position());
        assertEquals(before, s.simulation().configuration());
        assertEquals(actions, s.simulation().stats().actions());
        assertTrue(!s.inPast(), "back at the furthest position");
    }

    @Property(tries = 20)
    void aBranchDoesNotAlterTheOriginal(@ForAll("samples") String file, @ForAll long seed) throws Exception {
        Session s = played(sample(file), seed, 60);
        s.stepRound();
        Configuration end = s.simulation().configuration();
        Session.Position endPos = s.position();
        s.jumpTo(new Session.Position(30, -1));
        assertTrue(s.inPast());
        s.call(0, Call.LOCK);                 // a different choice: a new branch
        long ports = s.simulation().ports(0) & ~1L;
        if (ports != 0) s.cut(0, s.simulation().peer(0, Long.numberOfTrailingZeros(ports)));
        s.runUntil(55);
        assertEquals(2, s.branches().size());
        Session.Branch original = s.branches().get(0);
        assertEquals(endPos, original.furthest());
        s.switchTo(original.id());
        assertEquals(endPos, s.position());
        assertEquals(end, s.simulation().configuration(), "the original's end is as it was");
        // and back to the new branch, at its own end
        Session.Branch other = s.branches().stream().filter(b -> !b.current()).findFirst().orElseThrow();
        s.switchTo(other.id());
        assertEquals(new Session.Position(55, -1), s.position());
        assertNotEquals(-1, other.id());
    }

    @Property(tries = 20)
    void theHistoryIsRecordedOnceAndSurvivesTravelAndForks(@ForAll("samples") String file, @ForAll long seed) throws Exception {
        Session s = played(sample(file), seed, 40);
        s.stepRound();
        List<History.Event> before = List.copyOf(s.history().events());
        long last = -1;
        for (History.Event e : before) {
            assertTrue(e.step() >= last, "steps never decrease: " + e);
            last = e.step();
        }
        long executions = before.stream().filter(e -> e instanceof History.Executed).count();
        assertEquals(s.simulation().stats().actions(), executions, "one event per execution");
        assertTrue(before.stream().filter(e -> e instanceof History.Executed).allMatch(
                e -> ((History.Executed) e).narration().startsWith(s.simulation().nodeName(((History.Executed) e).node()))));
        // travel back and step forward along the same branch: nothing recorded twice
        s.jumpTo(new Session.Position(10, -1));
        for (int i = 0; i < 15; i++) s.stepRound();
        s.jumpTo(s.furthest());
        assertEquals(before, s.history().events());
        // a fork keeps the prefix, the original keeps everything
        s.jumpTo(new Session.Position(20, -1));
        s.call(1, Call.LOCK);
        long forkStep = s.simulation().executionsBegun();
        assertTrue(s.history().events().stream().allMatch(e -> e.step() <= forkStep));
        assertEquals(before.stream().filter(e -> e.step() < forkStep).toList(),
                s.history().events().stream().filter(e -> e.step() < forkStep).toList());
        s.switchTo(s.branches().get(0).id());
        assertEquals(before, s.history().events());
    }

    @Test
    void backToThePreviousTopologyChange() throws Exception {
        Session s = Session.start(sample("ring-8.json"), 1);
        s.runUntil(10);
        s.cut(0, 1);                           // round 10
        s.runUntil(20);
        s.link(0, 1);                          // round 20
        s.runUntil(30);
        assertTrue(s.topologyRounds().containsAll(List.of(0, 10, 20)));
        assertTrue(s.backToTopologyChange());
        assertEquals(new Session.Position(20, 0), s.position());
        assertTrue(s.simulation().graph().adjacent(0, 1), "right after the re-link");
        assertTrue(s.backToTopologyChange());
        assertEquals(new Session.Position(10, 0), s.position());
        assertTrue(!s.simulation().graph().adjacent(0, 1), "right after the cut");
    }

    /** Every (action, message) pair is either listed as a choice or refused by the simulation. */
    @Property(tries = 15)
    void manualChoicesAreExactlyTheEnabledOnes(@ForAll("samples") String file, @ForAll long seed) throws Exception {
        Session s = played(sample(file), seed, 20);
        s.policy(new Manual());
        s.stepRound();
        s.beginRound();
        Simulation sim = s.simulation();
        for (int u = 0; u < sim.nodeCount(); u++) {
            Set<String> listed = new HashSet<>();
            for (Choice c : sim.choices(u)) listed.add(c.action() + "/" + (c.message() == null ? -1 : c.message().id()));
            List<Action<NodeState>> actions = sim.actions();
            for (int a = 0; a < actions.size(); a++) {
                List<Envelope> candidates = new ArrayList<>();
                candidates.add(null);
                for (int i = 0; i < sim.channels().size(u); i++) candidates.add(sim.channels().get(u, i));
                for (Envelope m : candidates) {
                    boolean enabled = sim.whyNotEnabled(new Choice(u, a, m, null)) == null;
                    assertEquals(enabled, listed.contains(a + "/" + (m == null ? -1 : m.id())),
                            "node " + u + " action " + actions.get(a).label() + " message " + m);
                }
            }
        }
    }

    @Property(tries = 15)
    void aManualSessionReplaysByteForByte(@ForAll("samples") String file, @ForAll long seed) throws Exception {
        Session s = Session.start(sample(file), seed);
        s.runUntil(5);
        s.policy(new Manual());
        SeededRandom r = new SeededRandom(seed);
        for (int k = 0; k < 200 && s.round() < 60; k++) {
            s.beginRound();
            List<Choice> options = s.simulation().choices();
            if (options.isEmpty() || r.nextInt(6) == 0) {
                s.stepRound(); // the person ends the round
                continue;
            }
            Choice c = options.get(r.nextInt(options.size()));
            int[] bounds = s.simulation().drawBounds(c);
            if (bounds.length > 0 && r.nextInt(2) == 0) {
                int[] draws = new int[bounds.length];
                for (int i = 0; i < draws.length; i++) draws[i] = r.nextInt(bounds[i]);
                c = c.withDraws(draws); // "this competitor draws 3"
            }
            s.execute(c);
        }
        s.stepRound();
        assertTrue(s.inputs().stream().filter(i -> i instanceof Input.Execute).count() > 10);
        String a = trace(s);
        Session loaded = Session.parse(fromRoundZero(s), "manual");
        String b = trace(loaded, s.round());
        assertEquals(a, b);
        // the trace alone (no session) re-drives the hand-made choices, fixed draws included
        dev.lockstep.scenario.TraceReplay.Result replayed = dev.lockstep.scenario.TraceReplay.replay(a, "manual.jsonl");
        assertTrue(replayed.identical(), "replay diverges at line " + replayed.differingLine() + ":\n" + replayed.expected() + "\n"
                + replayed.actual());
    }

    @Test
    void choosingByHandNeedsManualMode() throws Exception {
        Session s = Session.start(sample("ring-8.json"), 1);
        s.beginRound();
        List<Choice> options = s.simulation().choices();
        if (options.isEmpty()) return;
        assertThrows(IllegalStateException.class, () -> s.execute(options.get(0)));
    }

    /** The trace of the session's inputs re-run from round 0 to its round. */
    static String trace(Session s) throws Exception {
        Session again = Session.parse(fromRoundZero(s), "again");
        return trace(again, s.round());
    }

    static String trace(Session fromStart, int rounds) {
        StringWriter out = new StringWriter();
        TraceWriter w = new TraceWriter(out, fromStart.scenario(), fromStart.simulation(), rounds);
        fromStart.simulation().addListener(w);
        fromStart.runUntil(rounds);
        w.finish();
        return out.toString();
    }
}
