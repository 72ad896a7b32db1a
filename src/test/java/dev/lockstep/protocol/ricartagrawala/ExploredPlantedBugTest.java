package dev.lockstep.protocol.ricartagrawala;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Call;
import dev.lockstep.core.ChannelDiscipline;
import dev.lockstep.core.CheckSettings;
import dev.lockstep.core.Choice;
import dev.lockstep.core.OperationStatus;
import dev.lockstep.core.PortAssignment;
import dev.lockstep.core.Protocol;
import dev.lockstep.core.Simulation;
import dev.lockstep.core.SimulationConfig;
import dev.lockstep.core.Violation;
import dev.lockstep.core.check.MutualExclusionCheck;
import dev.lockstep.explore.ExplorationPath;
import dev.lockstep.explore.ExplorationResult;
import dev.lockstep.explore.Explorer;
import dev.lockstep.explore.ExplorerSettings;
import dev.lockstep.explore.Finding;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The explorer finds a planted bug ({@link PlantedTieBreak}) with a shortest schedule. "Shortest"
 * is checked by a second search written independently here: a depth-first search over every
 * schedule of at most k steps (one Lock call per process, Unlock at C, every enabled choice; one
 * move per round, as the explorer steps), remembering for each configuration the most steps
 * already tried from it. It finds no violation within one step less than the explorer's finding
 * and finds one at its length.
 */
class ExploredPlantedBugTest {
    private static Simulation start(Protocol<?> protocol, int n) {
        List<String> names = List.of("p0", "p1", "p2").subList(0, n);
        Simulation sim = new Simulation(new SimulationConfig(protocol, names, new double[n], new double[n], null, n - 1,
                ChannelDiscipline.FIFO, PortAssignment.LOWEST, new CheckSettings(Integer.MAX_VALUE), 1));
        for (int u = 0; u < n; u++) for (int v = u + 1; v < n; v++) sim.link(u, v);
        return sim;
    }

    private static ExplorerSettings settings() {
        return ExplorerSettings.defaults().withLockCalls(1);
    }

    @Test
    void thePlantedBugIsFoundWithAShortestSchedule() {
        ExplorationResult r = new Explorer(start(new PlantedTieBreak(), 2), settings()).run();
        Finding f = r.first(MutualExclusionCheck.NAME);
        assertNotNull(f, r.summary());
        ExplorationPath p = f.path();
        System.out.println("planted tie-break bug, " + r.summary() + "\n" + p);
        assertEquals(f.length(), p.size());
        Simulation end = p.replay();
        assertTrue(end.violations().stream().anyMatch(v -> v.check().equals(MutualExclusionCheck.NAME)), end.violations().toString());
        // Both requests carry clock 1: the bug needs both Try executions before either ReceiveTry.
        assertEquals(2, p.steps().stream().filter(s -> s.text().contains(" Try")).count(), p.toString());

        Simulation s = start(new PlantedTieBreak(), 2);
        assertFalse(violatesWithin(s, 0, f.length() - 1, new HashMap<>()), "a shorter schedule exists");
        assertTrue(violatesWithin(s, 0, f.length(), new HashMap<>()), "the independent search disagrees at length " + f.length());
    }

    /** The real protocol under the same bounds: nothing to find, and the search ends. */
    @Test
    void theRealProtocolHasNoViolation() {
        ExplorationResult r = new Explorer(start(new RicartAgrawala(), 2), settings()).run();
        assertTrue(r.exhausted(), r.summary());
        assertTrue(r.clean(), r.summary());
        Simulation s = start(new RicartAgrawala(), 2);
        assertFalse(violatesWithin(s, 0, r.completeDepth(), new HashMap<>()), "the independent search finds what the explorer missed");
    }

    /**
     * Whether some schedule of at most {@code k} steps from {@code sim} ends a round with a
     * mutual-exclusion violation; bit u of {@code called} says process u made its Lock call.
     * {@code tried} maps a state (configuration and calls made) to the most steps already
     * searched from it without finding one.
     */
    private static boolean violatesWithin(Simulation sim, int called, int k, Map<Object, Integer> tried) {
        if (k == 0) return false;
        List<Object> key = List.of(sim.configuration(), called);
        Integer done = tried.get(key);
        if (done != null && done >= k) return false;
        for (int u = 0; u < sim.nodeCount(); u++) {
            if (sim.hasPendingCalls(u)) continue;
            int node = u;
            if (sim.status(u) == OperationStatus.IDLE && (called & 1 << u) == 0) {
                if (step(sim, c -> c.call(node, Call.LOCK), called | 1 << u, k, tried)) return true;
            } else if (sim.status(u) == OperationStatus.LOCKED) {
                if (step(sim, c -> c.call(node, Call.UNLOCK), called, k, tried)) return true;
            }
        }
        for (Choice choice : sim.choices()) {
            if (sim.drawBounds(choice).length != 0) throw new IllegalStateException("RA draws nothing");
            if (step(sim, c -> c.act(choice), called, k, tried)) return true;
        }
        tried.put(key, k);
        return false;
    }

    private static boolean step(Simulation sim, Consumer<Simulation> move, int called, int k, Map<Object, Integer> tried) {
        Simulation c = sim.copy();
        move.accept(c);
        List<Violation> found = c.endRound();
        if (found.stream().anyMatch(v -> v.check().equals(MutualExclusionCheck.NAME))) return true;
        return violatesWithin(c, called, k - 1, tried);
    }
}
