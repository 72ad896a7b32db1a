package dev.lockstep.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationListener;
import dev.lockstep.core.adversary.Engine;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * When the application's steps come (README "Applications"): with locks an interaction begins in
 * the round after the Lock succeeded and ends {@code hold} rounds later, in the round u calls
 * Unlock; a node whose locked neighbours are gone takes no interaction and unlocks at once.
 */
class InteractionTimingTest {
    private static final String PAIR = "{\"format\": \"lockstep-scenario/1\", \"protocol\": \"lme\", \"delta\": 2, \"seed\": 3,"
            + " \"nodes\": [{\"id\": \"a\", \"x\": 0, \"y\": 0}, {\"id\": \"b\", \"x\": 1, \"y\": 0}], %s,"
            + " \"application\": {\"kind\": \"exact-majority\", \"initial\": {\"A\": 1, \"B\": 1}, \"locks\": \"neighbourhood\","
            + " \"interact\": 1, \"hold\": 3}}";

    /** "round node what" lines: acquisitions, calls and steps. */
    static final class Log implements SimulationListener {
        final Simulation sim;
        final List<String> lines = new ArrayList<>();
        int checked;

        Log(Simulation sim) {
            this.sim = sim;
        }

        @Override
        public void called(int round, int u, Call call) {
            lines.add(round + " " + sim.nodeName(u) + " calls " + call.json());
        }

        @Override
        public void applicationStep(int round, int u, String kind, int partner, String sentence) {
            lines.add(round + " " + sim.nodeName(u) + " " + kind + (partner >= 0 ? " " + sim.nodeName(partner) : ""));
        }

        @Override
        public void roundEnded(int round) {
            for (int u : sim.acquiredThisRound()) lines.add(round + " " + sim.nodeName(u) + " acquired");
        }
    }

    @Test
    void anInteractionSpansHoldRoundsBetweenAcquiringAndUnlocking() throws Exception {
        Engine engine = ScenarioLoader.parse(String.format(PAIR, "\"edges\": [[\"a\", \"b\"]]"), "pair.json").engine();
        Log log = new Log(engine.simulation());
        engine.simulation().addListener(log);
        engine.runUntil(60);
        int acquired = -1;
        String who = null;
        for (String l : log.lines) {
            String[] w = l.split(" ");
            if (w[2].equals("acquired")) {
                acquired = Integer.parseInt(w[0]);
                who = w[1];
                break;
            }
        }
        assertTrue(acquired >= 0, log.lines.toString());
        String partner = who.equals("a") ? "b" : "a";
        assertTrue(log.lines.contains((acquired + 1) + " " + who + " begin " + partner), log.lines.toString());
        int end = log.lines.indexOf((acquired + 4) + " " + who + " end " + partner);
        assertTrue(end >= 0, log.lines.toString());
        assertEquals((acquired + 4) + " " + who + " calls unlock", log.lines.get(end + 1), "Unlock right after the write");
    }

    @Test
    void aNodeWithoutNeighboursHoldsOnlyItselfAndUnlocksWithoutInteracting() throws Exception {
        Engine engine = ScenarioLoader.parse(String.format(PAIR, "\"edges\": []"), "pair.json").engine();
        Log log = new Log(engine.simulation());
        engine.simulation().addListener(log);
        engine.runUntil(30);
        assertTrue(log.lines.stream().anyMatch(l -> l.endsWith(" alone")), log.lines.toString());
        assertTrue(log.lines.stream().noneMatch(l -> l.contains(" begin ")), log.lines.toString());
        for (int i = 0; i < log.lines.size(); i++) {
            if (log.lines.get(i).endsWith(" alone")) {
                String[] w = log.lines.get(i).split(" ");
                assertEquals(w[0] + " " + w[1] + " calls unlock", log.lines.get(i + 1));
            }
        }
    }
}
