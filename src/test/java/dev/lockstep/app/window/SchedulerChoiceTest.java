package dev.lockstep.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.Manual;
import dev.lockstep.core.adversary.NodeChoice;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.core.adversary.Synchronous;
import dev.lockstep.core.adversary.Tuning;
import dev.lockstep.scenario.ScenarioException;
import dev.lockstep.scenario.ScenarioLoader;
import dev.lockstep.session.Session;
import dev.lockstep.workspace.SessionFiles;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchedulerChoiceTest {
    private final Session session = Session.start(SessionFiles.defaultScenario());

    @Test
    void theChooserListsEveryKindThenManual() {
        assertEquals(List.of("synchronous", "semi-synchronous", "sequential", "asynchronous", "manual"), SchedulerChoice.names(session));
    }

    @Test
    void aPolicyChosenByNameKeepsTheScenariosSettings() {
        SemiSynchronous base = (SemiSynchronous) session.scenario().policy();
        assertEquals(new Asynchronous(base.activation(), Tuning.DEFAULT.maxDuration(), base.nodeChoice()),
                SchedulerChoice.named("asynchronous", session));
        assertEquals(new Sequential(base.nodeChoice()), SchedulerChoice.named("sequential", session));
        assertEquals(base, SchedulerChoice.named("semi-synchronous", session));
    }

    @Test
    void manualAndUnknownNamesMakeNoPolicyAndManualKeepsTheScenariosChoice() {
        assertEquals(new Synchronous(NodeChoice.ANY), SchedulerChoice.named("synchronous", manualUniform()));
        assertNull(SchedulerChoice.named("manual", session));
        assertNull(SchedulerChoice.named("fair", session));
    }

    /** A scenario whose in-node choice is "any", switched to manual: the chooser keeps "any". */
    private static Session manualUniform() {
        try {
            Session s = Session.start(ScenarioLoader.parse("""
                    {"format": "lockstep-scenario/1", "protocol": "lme", "delta": 1,
                     "scheduler": {"policy": "asynchronous", "activation": 0.9, "maxDuration": 5, "choice": "any"},
                     "nodes": [{"id": "a"}, {"id": "b"}], "edges": [["a", "b"]]}
                    """, "any.json"));
            s.policy(new Manual());
            assertEquals(new Manual(), s.policy());
            assertEquals(new Asynchronous(0.9, 5, NodeChoice.ANY), SchedulerChoice.named("asynchronous", s));
            return s;
        } catch (ScenarioException e) {
            throw new AssertionError(e);
        }
    }
}
