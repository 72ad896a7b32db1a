package dev.lockstep.core.adversary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Choice;
import dev.lockstep.core.ExecutionRecord;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.PortSet;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.protocol.lme.Lme;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AdversaryTest {
    /** LME on n nodes (a path when {@code path}), nothing linked yet. */
    static Simulation lme(int n, int delta, long seed) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) names.add("n" + i);
        return new Simulation(new SimulationConfig(new Lme(), names, new double[n], new double[n], null, delta,
                ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, CheckSettings.DEFAULTS, seed));
    }

    static int[] path(int n) {
        int[] e = new int[2 * (n - 1)];
        for (int i = 0; i < n - 1; i++) {
            e[2 * i] = i;
            e[2 * i + 1] = i + 1;
        }
        return e;
    }

    /** Executions per round (semi-synchronous executions, or asynchronous starts). */
    static List<Integer> perRound(Simulation sim, Engine engine, int rounds) {
        int[] count = new int[rounds + 1];
        sim.addListener(new SimulationListener() {
            @Override public void executed(ExecutionRecord r) {
                if (r.startRound() == r.round()) count[r.round()]++;
            }

            @Override public void started(int round, int u, Choice c, String label, int[] draws, int until) {
                count[round]++;
            }
        });
        engine.runUntil(rounds);
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < rounds; i++) out.add(count[i]);
        return out;
    }

    private static ScenarioAdversary allLockOnce(int n, SchedulerPolicy policy) {
        List<ScriptedWorkload.Entry> calls = new ArrayList<>();
        for (int u = 0; u < n; u++) calls.add(new ScriptedWorkload.Entry(0, u, Call.LOCK, 1));
        return new ScenarioAdversary(path(n), 0, List.of(), null, new ScriptedWorkload(calls), policy);
    }

    @Test
    void synchronousActivatesEveryEnabledNodeSequentialExactlyOne() {
        Simulation sync = lme(5, 2, 1);
        List<Integer> s = perRound(sync, new Engine(sync, allLockOnce(5, new Synchronous())), 3);
        assertEquals(List.of(5, 5, 5), s, "every node has a call, then messages to receive");

        Simulation seq = lme(5, 2, 1);
        List<Integer> q = perRound(seq, new Engine(seq, allLockOnce(5, new Sequential())), 40);
        assertTrue(q.stream().allMatch(c -> c == 1), q.toString());
    }

    @Test
    void semiSynchronousActivatesEachEnabledNodeWithTheGivenProbability() {
        Simulation all = lme(5, 2, 1);
        assertEquals(List.of(5, 5, 5), perRound(all, new Engine(all, allLockOnce(5, new SemiSynchronous(1.0))), 3));

        // 40 nodes each calling Lock in round 0, one round: about 30% of them act.
        int n = 40;
        int total = 0;
        for (long seed = 1; seed <= 25; seed++) {
            Simulation sim = lme(n, 2, seed);
            total += perRound(sim, new Engine(sim, allLockOnce(n, new SemiSynchronous(0.3))), 1).get(0);
        }
        double rate = total / (25.0 * n);
        assertTrue(rate > 0.24 && rate < 0.36, "activation rate " + rate);
    }

    @Test
    void asynchronousExecutionsLastOneToMaxDurationRounds() {
        Simulation sim = lme(6, 2, 3);
        List<int[]> spans = new ArrayList<>();
        List<int[]> commits = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override public void started(int round, int u, Choice c, String label, int[] draws, int until) {
                spans.add(new int[] {round, until});
            }

            @Override public void executed(ExecutionRecord r) {
                commits.add(new int[] {r.startRound(), r.round()});
            }
        });
        Engine e = new Engine(sim, new ScenarioAdversary(path(6), 0, List.of(), null, new RandomWorkload(0.3, 1, 100),
                new Asynchronous(0.7, 4)));
        e.runUntil(120);
        assertTrue(spans.size() > 50);
        int[] seen = new int[5];
        for (int[] s : spans) {
            int d = s[1] - s[0] + 1;
            assertTrue(d >= 1 && d <= 4, "duration " + d);
            seen[d]++;
        }
        for (int d = 1; d <= 4; d++) assertTrue(seen[d] > 0, "duration " + d + " never drawn");
        for (int[] c : commits) assertTrue(c[1] >= c[0]);
        assertEquals(List.of(), sim.violations());
    }

    @Test
    void anAsynchronousSendAcrossACutIsLost_andTheCutIsSeenOnlyAtTheNextExecution() {
        Simulation sim = lme(2, 1, 1);
        sim.link(0, 1);
        sim.call(0, Call.LOCK);
        Choice init = sim.choices(0).get(0);
        sim.start(init, 3);                 // InitLock at round 0, takes effect at the end of round 2
        sim.endRound();
        sim.cut(0, 1);                      // round 1: during the execution
        sim.endRound();
        List<ExecutionRecord> done = sim.commitDue();
        assertEquals(1, done.size());
        ExecutionRecord r = done.get(0);
        assertEquals(List.of(0, 1), r.sent().stream().map(s -> s.port()).toList());
        assertTrue(!r.sent().get(0).lost(), "the self-message is delivered");
        assertTrue(r.sent().get(1).lost(), "prepare() to the cut neighbour is lost");
        assertEquals(0, r.disconnected(), "the execution started before the cut");
        assertEquals(PortSet.of(1), sim.graph().pendingDisconnections(0), "seen at the next execution");
        assertEquals(PortSet.of(0, 1), ((dev.lockstep.protocol.lme.LmeState) sim.state(0)).L(),
                "L was taken from N[u] at the start");
    }

    @Test
    void stepByActionAndStepByRoundGiveTheSameRun() {
        List<String> a = new ArrayList<>();
        List<String> b = new ArrayList<>();
        for (List<String> log : List.of(a, b)) {
            Simulation sim = lme(4, 2, 9);
            sim.addListener(new SimulationListener() {
                @Override public void executed(ExecutionRecord r) {
                    log.add(r.round() + " " + r.node() + " " + r.label() + " " + r.state().variables());
                }
            });
            Engine e = new Engine(sim, new ScenarioAdversary(path(4), 0, List.of(), null, new RandomWorkload(0.4, 1, 1000),
                    new SemiSynchronous(0.6)));
            if (log == a) {
                e.runUntil(60);
            } else {
                while (sim.round() < 60) e.stepAction(1000);
                assertTrue(e.midRound() || sim.round() == 60);
            }
        }
        assertTrue(a.size() > 60);
        assertEquals(a, b.subList(0, a.size()));
    }

    @Test
    void randomWorkloadHoldsForHoldRoundsAndStopsIssuingAtUntil() {
        Simulation sim = lme(1, 1, 4);
        List<String> calls = new ArrayList<>();
        sim.addListener(new SimulationListener() {
            @Override public void called(int round, int u, Call c) {
                calls.add(round + ":" + c.json());
            }
        });
        Engine e = new Engine(sim, new ScenarioAdversary(new int[0], 0, List.of(), null, new RandomWorkload(1.0, 3, 20),
                new Synchronous()));
        int lockedAt = -1;
        while (sim.round() < 60) {
            e.stepRound();
            if (lockedAt < 0 && sim.status(0) == OperationStatus.LOCKED) lockedAt = sim.statusSince(0);
        }
        assertTrue(lockedAt >= 0);
        assertTrue(calls.contains((lockedAt + 3) + ":unlock"), "unlock exactly hold = 3 rounds after locking: " + calls);
        assertTrue(calls.stream().filter(c -> c.endsWith(":lock")).allMatch(c -> Integer.parseInt(c.split(":")[0]) < 20),
                "no new Lock at or after until: " + calls);
        assertEquals(sim.stats().lockRequests(), sim.stats().locksAcquired());
    }

    @Test
    void churnCutsAndRelinksBaseEdgesOnlyBetweenRoundOneAndUntil() {
        Simulation sim = lme(4, 3, 1);
        Engine e = new Engine(sim, new ScenarioAdversary(path(4), 0, List.of(), new Churn(1.0, 0.0, 2), null,
                new Synchronous()));
        e.runUntil(1);
        assertEquals(3, sim.graph().edgeCount(), "no churn in round 0");
        e.runUntil(2);
        assertEquals(0, sim.graph().edgeCount(), "round 1 cuts every edge");
        e.runUntil(10);
        assertEquals(0, sim.graph().edgeCount(), "nothing after until");

        Simulation relink = lme(4, 3, 1);
        Engine e2 = new Engine(relink, new ScenarioAdversary(path(4), 0,
                List.of(new TopologyEvent.Cut(1, 0, 1, "t"), new TopologyEvent.Cut(1, 2, 3, "t")),
                new Churn(0.0, 1.0, 3), null, new Synchronous()));
        e2.runUntil(2);
        assertEquals(3, relink.graph().edgeCount(), "link probability 1 restores cut base edges in the same round");
        assertTrue(!relink.graph().adjacent(0, 2) && !relink.graph().adjacent(0, 3), "only base edges");
    }
}
