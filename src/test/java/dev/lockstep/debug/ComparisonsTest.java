package dev.lockstep.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.lockstep.core.Simulation;
import dev.lockstep.core.Variable;
import dev.lockstep.scenario.ScenarioLoader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code NODE.VAR OP VALUE} beyond "=": != for any value, < <= > >= for whole numbers (queues, counters, Kfree). */
class ComparisonsTest {
    /** Ricart-Agrawala's complete 5: every process has numeric variables (its clock). */
    static Simulation ra() throws Exception {
        return ScenarioLoader.load(Path.of("sample-runs/ricart-agrawala-complete-5.json")).engine().simulation();
    }

    /** p1's first variable that shows a whole number, with its value, after a few rounds. */
    static Variable numeric(Simulation sim) {
        for (Variable v : sim.state(0).variables()) if (DisplayedValue.wholeNumber(v.value()) != null) return v;
        throw new AssertionError("no numeric variable in " + sim.state(0).variables());
    }

    @Test
    void comparisonsParsePrintAndHoldAsTheNumbersSay() throws Exception {
        Simulation sim = ra();
        Variable v = numeric(sim);
        long x = DisplayedValue.wholeNumber(v.value());
        String var = "p1." + v.name();
        for (String op : List.of("!=", "<", "<=", ">", ">=")) {
            Condition c = Conditions.parse(var + " " + op + " " + x, sim);
            assertEquals(new Condition.NodeCompare(0, "p1", v.name(), op, Long.toString(x)), c);
            assertEquals(var + " " + op + " " + x, c.text());
            assertEquals(c, Conditions.parse(c.text(), sim), "text() parses back");
        }
        assertFalse(holds(sim, var + " != " + x));
        assertTrue(holds(sim, var + " != " + (x + 1)));
        assertFalse(holds(sim, var + " < " + x));
        assertTrue(holds(sim, var + " < " + (x + 1)));
        assertTrue(holds(sim, var + " <= " + x));
        assertFalse(holds(sim, var + " > " + x));
        assertTrue(holds(sim, var + " > " + (x - 1)));
        assertTrue(holds(sim, var + " >= " + x));
        assertFalse(holds(sim, var + " >= " + (x + 1)));
        assertTrue(holds(sim, "*." + v.name() + " >= " + x), "any node");
    }

    @Test
    void anOrderNeedsANumberAndAnUnknownOperatorIsNamed() throws Exception {
        Simulation sim = ra();
        String var = "p1." + numeric(sim).name();
        ConditionException e = org.junit.jupiter.api.Assertions.assertThrows(ConditionException.class,
                () -> Conditions.parse(var + " > crit", sim));
        assertTrue(e.getMessage().contains("expected a whole number after \"" + var + " >\", found \"crit\""), e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(ConditionException.class, () -> Conditions.parse(var + " => 3", sim));
        assertTrue(e.getMessage().contains("expected =, !=, <, <=, > or >="), e.getMessage());
        // != works on any displayed value, and a non-number never satisfies an order
        assertTrue(holds(sim, "p1.region != crit"));
        assertFalse(holds(sim, "p1.region != rem"));
        assertFalse(holds(sim, "p1.region >= 0"));
    }

    private static boolean holds(Simulation sim, String text) throws ConditionException {
        return Conditions.parse(text, sim).holdsAfter(null, sim);
    }
}
