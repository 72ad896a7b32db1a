package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Variable;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lamport's LogicalTimeME runs in the same window: its four regions as fill colours, its variables in the inspector. */
class LamportTest extends AppFixture {
    @Test
    void opensStepsAndInspects() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "lamport-complete-5.json"))));
        assertTrue(fx(() -> stage.getTitle()).contains("Lamport's LogicalTimeME on a complete graph of 5"));
        assertEquals("lamport", sim().protocol().name());
        assertEquals(List.of("rem", "try", "crit", "exit"), fx(() -> window.legend().items()));
        assertEquals(List.of("mutual-exclusion", "lockout", "deadlock"), fx(() -> window.checks().checkNames()));
        assertTrue(fx(() -> robot().lookup("#k").query().isDisabled()), "no K for LogicalTimeME");
        settle();
        int greyView = saturatedPixels(snapshot(window.graphView().node()));

        int p3 = node("p3");
        fx(() -> window.select(p3));
        for (int i = 0; i < 60 && SteppingTest.fills(sim()).stream().allMatch("rem"::equals); i++) robot().clickOn("#step");
        List<String> fills = fx(() -> SteppingTest.fills(window.session().simulation()));
        assertTrue(fills.stream().anyMatch(f -> !f.equals("rem")), fills.toString());
        settle();
        assertTrue(saturatedPixels(snapshot(window.graphView().node())) > greyView + 100, "try/crit drawn in colour");

        // step on until some process is in its exit region, waiting for its own exit
        for (int i = 0; i < 200 && !SteppingTest.fills(sim()).contains("exit"); i++) robot().clickOn("#step");
        assertTrue(fx(() -> SteppingTest.fills(window.session().simulation())).contains("exit"), "exit is a region");

        List<Variable> vars = fx(() -> window.session().simulation().state(p3).variables());
        assertEquals(List.of("clock", "region", "t", "expected", "latest", "requests"),
                vars.stream().map(Variable::name).toList());
        for (Variable v : vars) assertEquals(v.value(), text("#var-" + v.name()));
        assertTrue(fx(() -> window.errors()).isEmpty());
        for (String c : fx(() -> window.checks().checkNames())) assertEquals("ok", fx(() -> window.checks().status(c)));
    }
}
