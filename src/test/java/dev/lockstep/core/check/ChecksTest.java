package dev.lockstep.core.check;

import static dev.lockstep.core.OperationStatus.LOCKING;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.Check;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.Violation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The smaller live checks, each on a configuration written out by hand. */
class ChecksTest {
    @Test
    void theChecksGoByTheNamesScenariosAndTheCommandLineUse() {
        GreedyProtocol p = new GreedyProtocol();
        assertEquals(List.of("mutual-exclusion", "persistent-lock-set", "lockout", "deadlock"),
                p.checks(CheckSettings.DEFAULTS).stream().map(Check::name).toList());
        assertEquals("transit-bound", new TransitBoundCheck(2).name());
    }

    @Test
    void aViolationReadsAsCheckRoundAndSentence() {
        Violation v = new Violation("lockout", 12, List.of(3), "d waited");
        assertEquals("lockout @ round 12: d waited", v.toString());
    }

    @Test
    void lockoutReportsARequestOnlyOnceItHasWaitedLongerThanTheBound() {
        FakeView view = new FakeView(2, 1).status(1, LOCKING, 10);
        List<Violation> out = new ArrayList<>();
        view.round = 15;
        new LockoutCheck(5).endOfRound(view, out);
        assertTrue(out.isEmpty(), "5 rounds is within a bound of 5");
        view.round = 16;
        new LockoutCheck(5).endOfRound(view, out);
        assertEquals(1, out.size());
        assertEquals(List.of(1), out.get(0).nodes());
        assertEquals(16, out.get(0).round());
        assertEquals("b's request from round 10 has waited 6 rounds (bound 5)", out.get(0).message());
    }

    @Test
    void lockoutSparesACrashedNode() {
        FakeView view = new FakeView(2, 1).status(1, LOCKING, 10);
        view.round = 40;
        view.crashed[1] = true;
        List<Violation> out = new ArrayList<>();
        new LockoutCheck(5).endOfRound(view, out);
        assertTrue(out.isEmpty(), "nothing can serve a node that no longer acts");
    }

    @Test
    void transitBoundCountsBothDirectionsOfAnEdge() {
        FakeView view = new FakeView(3, 2).link(0, 1, 2, 2);
        view.round = 4;
        view.inTransit[0][1] = 1; // a → c on a's port 1 ... as counted at the receiver's port
        view.inTransit[2][2] = 2;
        List<Violation> out = new ArrayList<>();
        new TransitBoundCheck(3).afterExecution(view, 0, 0b10, out);
        assertTrue(out.isEmpty(), "3 on the edge is the bound");
        view.inTransit[2][2] = 3;
        new TransitBoundCheck(3).afterExecution(view, 2, 0b100, out);
        assertEquals(1, out.size());
        Violation v = out.get(0);
        assertEquals(List.of(0, 2), v.nodes(), "the edge's two ends, lower first");
        assertEquals(4, v.round());
        assertEquals("4 messages in transit on edge c–a (port 2 at c, port 1 at a); at most 3 allowed (Lemma 4.18)", v.message());
    }

    @Test
    void transitBoundOnTheSelfChannel_andNothingOnAPortWithNoEdge() {
        FakeView view = new FakeView(2, 2);
        view.inTransit[1][0] = 3;
        List<Violation> out = new ArrayList<>();
        new TransitBoundCheck(2).afterExecution(view, 1, 0b111, out); // ports 1 and 2 lead nowhere
        assertEquals(1, out.size());
        assertEquals(List.of(1), out.get(0).nodes());
        assertEquals("3 messages in transit on b's self-channel (port 0); at most 2 allowed (Lemma 4.18)", out.get(0).message());
        out.clear();
        new TransitBoundCheck(2).endOfRound(view, out);
        assertTrue(out.isEmpty(), "only sends add messages: nothing to check at the end of a round");
    }

    private static Simulation greedy(int n, int delta) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) names.add(String.valueOf((char) ('a' + i)));
        return new Simulation(new SimulationConfig(new GreedyProtocol(), names, new double[n], new double[n], null, delta,
                ChannelDiscipline.UNORDERED, PortAssignment.LOWEST, CheckSettings.DEFAULTS, 1));
    }

    private static void grab(Simulation sim, int u) {
        sim.call(u, Call.LOCK);
        sim.execute(sim.choices(u).get(0));
    }

    @Test
    void mutualExclusionNamesTheTwoHoldersAndANodeTheyShare() {
        Simulation sim = greedy(4, 2);
        sim.link(0, 1);
        sim.link(1, 2);
        sim.link(2, 3);
        grab(sim, 2);
        grab(sim, 3);
        List<Violation> me = sim.endRound().stream().filter(v -> v.check().equals("mutual-exclusion")).toList();
        assertEquals(1, me.size());
        assertEquals(List.of(2, 3), me.get(0).nodes());
        assertEquals("the lock sets of c and d intersect (both contain d)", me.get(0).message());
    }

    @Test
    void aLockSetOfManyNodesIsSortedAndNamed() {
        Simulation sim = greedy(12, 11);
        for (int leaf = 11; leaf >= 1; leaf--) sim.link(0, leaf);
        grab(sim, 0);
        int[] set = LockSets.of(new GreedyProtocol(), sim, 0);
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, set);
        assertEquals("{a, b, c, d, e, f, g, h, i, j, k, l}", LockSets.names(sim, set));
        assertEquals("∅", LockSets.names(sim, LockSets.of(new GreedyProtocol(), sim, 1)));
    }
}
