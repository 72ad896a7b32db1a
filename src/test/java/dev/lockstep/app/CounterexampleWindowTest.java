package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.cli.ExitCode;
import dev.lockstep.cli.Main;
import dev.lockstep.core.Violation;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code check --out FILE} then {@code gui FILE}: the counterexample opens paused right after its
 * violating round, the violation shown in the checks panel, and the debugger's timeline covers
 * the whole schedule (every step of it can be travelled back to).
 */
class CounterexampleWindowTest extends AppFixture {
    /** Flaw 1's shortest schedule on the printed pair (CheckCommandTest.FLAW_1_STEPS). */
    static final int STEPS = 22;

    Path file;

    @Override
    LockstepApp.Options options(LockstepApp.Options defaults) {
        file = home.resolve("flaw1.lockstep-session.json");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = new Main(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(out, true, StandardCharsets.UTF_8), false)
                .execute(new String[] {"check", "sample-runs/check/lme-paper-pair.json", "--threads", "1", "--out", file.toString()});
        assertEquals(ExitCode.VIOLATION, code, out.toString(StandardCharsets.UTF_8));
        // the same path as `gui FILE`: the window's own parsing of its arguments
        return LockstepApp.Options.parse(List.of(file.toString()), new ArrayList<>()).withHome(home);
    }

    @Test
    void opensPausedAtTheViolatingRoundWithTheViolationShownAndTheWholeScheduleOnTheTimeline() {
        waitUntil("the counterexample is on screen", () -> fx(() -> window.session().scenario().name()).startsWith("Counterexample: "));
        assertEquals(STEPS, round(), "paused right after the violating round " + (STEPS - 1));
        assertFalse(fx(() -> window.playing()));
        assertEquals("Round " + STEPS, text("#round"));
        assertEquals("scripted", fx(() -> window.session().policy().name()));

        List<Violation> shown = fx(() -> window.checks().violations());
        assertFalse(shown.isEmpty());
        assertTrue(shown.stream().allMatch(v -> v.round() == STEPS - 1), shown::toString);
        assertTrue(shown.stream().anyMatch(v -> v.check().equals("acyclic-dependencies")), shown::toString);
        assertTrue(fx(() -> window.checks().status("acyclic-dependencies")).startsWith("violated"));
        assertEquals("ok", fx(() -> window.checks().status("mutual-exclusion")));

        // the timeline spans the schedule: the branch reaches its end, and its start is one jump away
        assertEquals(STEPS, (int) fx(() -> window.session().furthest().round()));
        long steps = fx(() -> window.session().furthestStep());
        assertTrue(steps > 0);
        fx(() -> window.jumpToStep(0));
        assertEquals(0, round());
        assertTrue(fx(() -> window.session().simulation().violations()).isEmpty());
        // back at the end of the schedule (after its last round closed, where the checks fire): the violation again
        fx(() -> window.session().jumpTo(window.session().furthest()));
        assertEquals(STEPS, round());
        assertEquals(shown, fx(() -> window.checks().violations()));
        assertTrue(fx(() -> window.errors()).isEmpty(), () -> String.valueOf(fx(() -> window.errors())));
    }
}
