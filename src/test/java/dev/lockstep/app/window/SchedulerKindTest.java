package dev.lockstep.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.lockstep.core.adversary.Asynchronous;
import dev.lockstep.core.adversary.Manual;
import dev.lockstep.core.adversary.SemiSynchronous;
import dev.lockstep.core.adversary.Sequential;
import dev.lockstep.session.Session;
import dev.lockstep.workspace.SessionFiles;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchedulerKindTest {
    private final Session session = Session.start(SessionFiles.defaultScenario());

    @Test
    void theChooserListsEveryKindThenManual() {
        assertEquals(List.of("synchronous", "semi-synchronous", "sequential", "asynchronous", "manual"), SchedulerKind.names(session));
    }

    @Test
    void aPolicyChosenByNameKeepsTheScenariosSettings() {
        SemiSynchronous base = (SemiSynchronous) session.scenario().policy();
        assertEquals(new Asynchronous(base.activation(), SchedulerKind.DEFAULT_DURATION, base.nodeChoice()),
                SchedulerKind.named("asynchronous", session));
        assertEquals(new Sequential(base.nodeChoice()), SchedulerKind.named("sequential", session));
        assertEquals(base, SchedulerKind.named("semi-synchronous", session));
    }

    @Test
    void manualAndUnknownNamesHaveNoRow() {
        assertNull(SchedulerKind.of(new Manual()));
        assertNull(SchedulerKind.named("manual", session));
        assertNull(SchedulerKind.named("fair", session));
    }
}
