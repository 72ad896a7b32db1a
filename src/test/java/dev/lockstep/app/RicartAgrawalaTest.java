package dev.lockstep.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Variable;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Ricart-Agrawala runs in the same window: its regions as fill colours, its variables in the inspector. */
class RicartAgrawalaTest extends AppFixture {
    @Test
    void opensStepsAndInspects() {
        assertTrue(fx(() -> window.open(Path.of("sample-runs", "ricart-agrawala-complete-5.json"))));
        assertTrue(fx(() -> stage.getTitle()).contains("Ricart-Agrawala on a complete graph of 5"));
        assertEquals("ricart-agrawala", sim().protocol().name());
        assertEquals(List.of("rem", "try", "crit"), fx(() -> window.legend().items()));
        assertEquals(List.of("mutual-exclusion", "lockout", "deadlock"), fx(() -> window.checks().checkNames()));
        assertTrue(fx(() -> robot().lookup("#k").query().isDisabled()), "no K for Ricart-Agrawala");
        settle();
        int greyView = saturatedPixels(snapshot(window.graphView().node()));

        // step until some process is in try or crit
        int p3 = node("p3");
        fx(() -> window.select(p3));
        for (int i = 0; i < 60 && SteppingTest.fills(sim()).stream().allMatch("rem"::equals); i++) robot().clickOn("#step");
        List<String> fills = fx(() -> SteppingTest.fills(window.session().simulation()));
        assertTrue(fills.stream().anyMatch(f -> !f.equals("rem")), fills.toString());
        settle();
        assertTrue(saturatedPixels(snapshot(window.graphView().node())) > greyView + 100, "try/crit drawn in colour");

        // the inspector lists Ricart-Agrawala's own variables
        List<Variable> vars = fx(() -> window.session().simulation().state(p3).variables());
        assertEquals(List.of("clock", "region", "t", "expected", "oks", "deferred"), vars.stream().map(Variable::name).toList());
        for (Variable v : vars) assertEquals(v.value(), text("#var-" + v.name()));
        assertTrue(fx(() -> window.errors()).isEmpty());
        for (String c : fx(() -> window.checks().checkNames())) assertEquals("ok", fx(() -> window.checks().status(c)));
    }
}
